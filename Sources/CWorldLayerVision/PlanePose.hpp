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
    /// The same camera with another focal length.
    Camera withFocal(double f) const { return {f, f, cx, cy}; }
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

/// The focal length (pixels) a plane's homography (plane metres → frame pixels) implies for a camera
/// whose principal point is (cx, cy): the plane's axes must come out perpendicular and equally long.
/// 0 when the view is too square-on to tell (then every focal length fits alike).
double focalFromHomography(const cv::Matx33d &planeToFrame, double cx, double cy);

/// A pose for a camera whose field of view is only guessed (a browser's), with the focal length
/// that fits the points best within `range` times the guess either way: the homography's own
/// estimate, refined by a golden-section search on the reprojection. The guess is kept unless
/// another fits clearly better (square-on views cannot tell them apart). `camera.fx` is the focal
/// length it settled on.
struct FocalPose {
    PlanePose pose;
    Camera camera;
    bool estimated = false;  // the focal length is not the guess
};
FocalPose planePoseEstimatingFocal(const std::vector<cv::Point3f> &plane, const std::vector<cv::Point2f> &image, const Camera &guess,
                                   double range);

}  // namespace worldlayer::vision
