// Where a camera is relative to a flat scene it recognized: PnP for a planar target (IPPE).
#pragma once

#include <opencv2/core.hpp>

#include <vector>

namespace worldlayer::vision {

/// A pinhole camera without distortion (a phone's frames come undistorted).
struct Camera {
    double fx, fy, cx, cy;

    /// A camera whose image is `width` pixels wide across `horizontalDegrees`, square pixels.
    static Camera fromFieldOfView(int width, int height, double horizontalDegrees);
};

struct PlanePose {
    bool found = false;
    cv::Matx33d rotation;      // plane coordinates → camera coordinates (x right, y down, z forward)
    cv::Vec3d translation;     // the plane's origin in camera coordinates
    double reprojection = 0;   // RMS pixels between the points it fits and where it puts them
};

/// The pose that puts `plane` (points on the plane z = 0, metres) where the camera saw them
/// (`image`, pixels): IPPE's two candidates, the better one refined by Levenberg–Marquardt.
PlanePose planePose(const std::vector<cv::Point3f> &plane, const std::vector<cv::Point2f> &image, const Camera &camera);

}  // namespace worldlayer::vision
