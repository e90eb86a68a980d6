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

double focalFromHomography(const cv::Matx33d &planeToFrame, double cx, double cy) {
    // K⁻¹H = [r1 r2 t] up to scale with K = diag(f, f, 1) once the principal point is moved to the
    // origin; r1·r2 = 0 and |r1| = |r2| are each linear in u = 1/f²: a·u + b = 0 and c·u + d = 0.
    cv::Matx33d shift(1, 0, -cx, 0, 1, -cy, 0, 0, 1);
    cv::Matx33d h = shift * planeToFrame;
    cv::Vec3d h1(h(0, 0), h(1, 0), h(2, 0)), h2(h(0, 1), h(1, 1), h(2, 1));
    // Columns of comparable length keep the two equations comparable.
    double n = std::sqrt(cv::norm(h1) * cv::norm(h2));
    if (!(n > 0)) return 0;
    h1 /= n, h2 /= n;
    double a = h1[0] * h2[0] + h1[1] * h2[1], b = h1[2] * h2[2];
    double c = h1[0] * h1[0] + h1[1] * h1[1] - h2[0] * h2[0] - h2[1] * h2[1], d = h1[2] * h1[2] - h2[2] * h2[2];
    double denominator = a * a + c * c;
    if (!(denominator > 0)) return 0;
    double u = -(a * b + c * d) / denominator;
    // A square-on view has b = d = 0: u near zero says nothing, a negative one is noise.
    return u > 0 ? 1 / std::sqrt(u) : 0;
}

FocalPose planePoseEstimatingFocal(const std::vector<cv::Point3f> &plane, const std::vector<cv::Point2f> &image, const Camera &guess,
                                   double range) {
    FocalPose best{planePose(plane, image, guess), guess, false};
    if (!best.pose.found || plane.size() < 8) return best;
    auto rms = [&](double f) {
        PlanePose p = planePose(plane, image, guess.withFocal(f));
        return p.found ? p.reprojection : INFINITY;
    };
    // Search log f, where the error is closer to symmetric, around the homography's own estimate
    // when it gives one inside the range.
    double low = std::log(guess.fx / range), high = std::log(guess.fx * range);
    std::vector<cv::Point2f> flat;
    for (const auto &p : plane) flat.emplace_back(p.x, p.y);
    cv::Mat h = cv::findHomography(flat, image, 0);
    if (!h.empty()) {
        double f = focalFromHomography(cv::Matx33d(h), guess.cx, guess.cy);
        if (f > 0 && std::log(f) > low && std::log(f) < high) {
            double around = std::log(1.25);
            low = std::max(low, std::log(f) - around), high = std::min(high, std::log(f) + around);
        }
    }
    const double golden = (std::sqrt(5.0) - 1) / 2;
    double x1 = high - golden * (high - low), x2 = low + golden * (high - low);
    double e1 = rms(std::exp(x1)), e2 = rms(std::exp(x2));
    for (int i = 0; i < 24 && high - low > 1e-3; ++i) {
        if (e1 < e2) {
            high = x2, x2 = x1, e2 = e1;
            x1 = high - golden * (high - low), e1 = rms(std::exp(x1));
        } else {
            low = x1, x1 = x2, e1 = e2;
            x2 = low + golden * (high - low), e2 = rms(std::exp(x2));
        }
    }
    double f = std::exp((low + high) / 2);
    PlanePose fitted = planePose(plane, image, guess.withFocal(f));
    // Clearly better, or the guess stands: a tenth less error is more than noise moves it.
    if (fitted.found && fitted.reprojection < 0.9 * best.pose.reprojection) best = {fitted, guess.withFocal(f), true};
    return best;
}

}  // namespace worldlayer::vision
