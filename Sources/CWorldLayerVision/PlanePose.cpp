#include "PlanePose.hpp"

#include <opencv2/calib3d.hpp>

#include <algorithm>
#include <cmath>

namespace worldlayer::vision {

Camera Camera::fromFieldOfView(int width, int height, double horizontalDegrees) {
    double f = width / 2.0 / std::tan(horizontalDegrees * CV_PI / 360);
    return {f, f, width / 2.0, height / 2.0};
}

PlanePose planePose(const std::vector<cv::Point3f> &plane, const std::vector<cv::Point2f> &image, const Camera &camera) {
    PlanePose pose;
    if (plane.size() < 4 || plane.size() != image.size()) return pose;
    cv::Matx33d k(camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0, 1);
    cv::Vec3d rvec, tvec;
    if (!cv::solvePnP(plane, image, k, cv::noArray(), rvec, tvec, false, cv::SOLVEPNP_IPPE)) return pose;
    cv::solvePnPRefineLM(plane, image, k, cv::noArray(), rvec, tvec);
    // RANSAC let through matches up to 5 px off; the pose is refined again on those it fits well
    // (within 2.5 times the median error), as ORB's coarser pyramid levels place points loosely.
    auto errors = [&] {
        std::vector<cv::Point2f> projected;
        cv::projectPoints(plane, rvec, tvec, k, cv::noArray(), projected);
        std::vector<double> e(image.size());
        for (size_t i = 0; i < image.size(); ++i) e[i] = cv::norm(projected[i] - image[i]);
        return e;
    };
    std::vector<double> e = errors(), sorted = e;
    std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
    double keep = std::max(1.0, 2.5 * sorted[sorted.size() / 2]);
    std::vector<cv::Point3f> closePlane;
    std::vector<cv::Point2f> closeImage;
    for (size_t i = 0; i < e.size(); ++i) {
        if (e[i] > keep) continue;
        closePlane.push_back(plane[i]);
        closeImage.push_back(image[i]);
    }
    if (closePlane.size() >= 6) cv::solvePnPRefineLM(closePlane, closeImage, k, cv::noArray(), rvec, tvec);
    e = errors();
    double sum = 0;
    size_t kept = 0;
    for (double d : e)
        if (d <= keep) sum += d * d, ++kept;
    cv::Rodrigues(rvec, pose.rotation);
    pose.translation = tvec;
    pose.reprojection = kept > 0 ? std::sqrt(sum / kept) : INFINITY;
    // In front of the camera, or it is the mirror solution of a degenerate view.
    pose.found = tvec[2] > 0 && std::isfinite(pose.reprojection);
    return pose;
}

}  // namespace worldlayer::vision
