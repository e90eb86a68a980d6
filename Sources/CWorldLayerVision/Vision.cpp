// The C interface over the C++ pieces; no exception crosses it.
#include "CWorldLayerVision.h"
#include "PlanePose.hpp"
#include "Recognizer.hpp"

#include <opencv2/calib3d.hpp>
#include <opencv2/core/utility.hpp>

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <unordered_set>

using namespace worldlayer::vision;

namespace {
constexpr int referenceFeatures = 500;
constexpr int referenceSide = 480;
constexpr int frameFeatures = 1000;
constexpr int frameSide = 640;
constexpr double focalRange = 1.6;  // a guessed field of view of 60° may be 40°–85°
constexpr size_t localMatches = 20;  // the fewest matches around a sticker its own homography is fitted to
constexpr double localReprojection = 2.5;  // pixels: as tight as the recognizer's refit
// Of the frame's longer side (24 px of 640): a lens's distortion and the anchoring frame's own
// askew view bend the whole match by about that much at its edges (bench/realphoto_data.py, dev).
constexpr double looseAgreement = 0.0375;
}  // namespace

struct wl_index {
    TargetIndex index;
};

extern "C" {

int wl_vision_image_size(const uint8_t *bytes, size_t length, int32_t *width, int32_t *height) {
    int w = 0, h = 0;
    if (!decodedSize(bytes, length, w, h)) return -1;
    *width = w;
    *height = h;
    return 0;
}

int wl_vision_describe(const uint8_t *bytes, size_t length, wl_reference *out) {
    return wl_vision_describe_sized(bytes, length, referenceFeatures, referenceSide, out);
}

int wl_vision_describe_sized(const uint8_t *bytes, size_t length, int32_t count, int32_t side, wl_reference *out) {
    std::memset(out, 0, sizeof *out);
    try {
        cv::Mat gray = decodeGray(bytes, length, pictureBound);
        if (gray.empty()) return -1;
        Features f = describeReference(gray, count, side);
        auto blob = serialize(f);
        out->width = gray.cols;
        out->height = gray.rows;
        out->keypoints = int32_t(f.count());
        out->coverage = coverage(f);
        out->distinct = distinctness(f, 40);
        out->score = std::min(1.0, f.count() / 400.0) * std::min(1.0, out->coverage / 0.6) * std::min(1.0, out->distinct / 0.6);
        out->blob = static_cast<uint8_t *>(std::malloc(blob.size()));
        if (out->blob == nullptr) return -1;
        std::memcpy(out->blob, blob.data(), blob.size());
        out->blobLength = blob.size();
        return 0;
    } catch (...) {
        return -1;
    }
}

void wl_vision_free(void *pointer) { std::free(pointer); }

double wl_vision_focal_from_homography(const double planeToImage[9], double cx, double cy) {
    cv::Matx33d h;
    for (int i = 0; i < 9; ++i) h(i / 3, i % 3) = planeToImage[i];
    return focalFromHomography(h, cx, cy);
}

void wl_vision_set_threads(int32_t threads) { cv::setNumThreads(threads); }

wl_index *wl_index_create(void) { return new wl_index(); }

void wl_index_free(wl_index *index) { delete index; }

int wl_index_add(wl_index *index, int64_t target, const uint8_t *blob, size_t length) {
    auto features = deserialize(blob, length);
    if (!features) return -1;
    index->index.add(target, *features);
    return 0;
}

int wl_index_add_plane(wl_index *index, int64_t target, const uint8_t *blob, size_t length, const double plane[9], const double spot[2]) {
    auto features = deserialize(blob, length);
    if (!features) return -1;
    std::array<double, 9> h;
    std::copy(plane, plane + 9, h.begin());
    index->index.add(target, *features, h, cv::Point2f(float(spot[0]), float(spot[1])));
    return 0;
}

void wl_index_build(wl_index *index) { index->index.build(); }

int32_t wl_index_count(const wl_index *index) { return int32_t(index->index.targets().size()); }

size_t wl_index_memory(const wl_index *index) { return index->index.memory(); }

namespace {
void copy(const Recognition &r, int width, int height, wl_recognition *out) {
    out->frameWidth = width;
    out->frameHeight = height;
    out->target = r.target;
    std::memcpy(out->corners, r.corners.data(), sizeof out->corners);
    std::memcpy(out->homography, r.homography.data(), sizeof out->homography);
    out->inliers = r.inliers;
    out->matches = r.matches;
    out->confidence = r.confidence;
    out->frameFeatures = r.frameFeatures;
}
}  // namespace

namespace {
/// A point through a row-major 3×3 homography.
cv::Point2f mapped(const double *m, cv::Point2f p) {
    double w = m[6] * p.x + m[7] * p.y + m[8];
    return {float((m[0] * p.x + m[1] * p.y + m[2]) / w), float((m[3] * p.x + m[4] * p.y + m[5]) / w)};
}

/// Where a scene's sticker is in the frame: through the homography of the matches nearest it when
/// enough of them agree (a scene is seldom one plane only: a wall, the street before it, a window
/// set back), otherwise through the whole match's.
cv::Point2f spotInFrame(const Recognition &r, cv::Point2f spot, int frameSide) {
    // Every candidate the whole match roughly agrees with (a loose bound: a second plane or a lens
    // bends it a little), nearest the sticker first.
    std::vector<std::pair<double, size_t>> near;
    for (size_t i = 0; i < r.referenceMatches.size(); ++i) {
        if (cv::norm(mapped(r.homography.data(), r.referenceMatches[i]) - r.frameMatches[i]) > looseAgreement * frameSide) continue;
        near.push_back({cv::norm(r.referenceMatches[i] - spot), i});
    }
    size_t nearest = std::max<size_t>(localMatches, near.size() / 4);
    if (near.size() < nearest + 4) return mapped(r.homography.data(), spot);
    std::nth_element(near.begin(), near.begin() + nearest, near.end());
    std::vector<cv::Point2f> from, to;
    for (size_t k = 0; k < nearest; ++k) from.push_back(r.referenceMatches[near[k].second]), to.push_back(r.frameMatches[near[k].second]);
    std::vector<uint8_t> mask;
    cv::Mat local = cv::findHomography(from, to, cv::RANSAC, localReprojection, mask);
    if (local.empty() || std::count(mask.begin(), mask.end(), 1) < int(localMatches * 3 / 4)) return mapped(r.homography.data(), spot);
    return mapped(local.ptr<double>(), spot);
}
}  // namespace

int wl_index_recognize(const wl_index *index, const uint8_t *bytes, size_t length, wl_recognition *out) {
    std::memset(out, 0, sizeof *out);
    out->target = -1;
    try {
        cv::Mat gray = decodeGray(bytes, length, frameBound);
        if (gray.empty()) return -1;
        copy(recognize(index->index, describeFrame(gray, frameFeatures, frameSide)), gray.cols, gray.rows, out);
        return 0;
    } catch (...) {
        return -1;
    }
}

int wl_index_locate(const wl_index *index, const uint8_t *bytes, size_t length, double horizontalDegrees, int32_t known,
                    const int64_t *allowed, int64_t allowedCount, wl_location *out) {
    std::memset(out, 0, sizeof *out);
    out->recognition.target = -1;
    try {
        cv::Mat gray = decodeGray(bytes, length, frameBound);
        if (gray.empty()) return -1;
        const auto &targets = index->index.targets();
        bool filtered = allowedCount >= 0;
        std::vector<bool> permitted;
        if (filtered) {
            std::unordered_set<int64_t> keys;
            for (int64_t i = 0; i < allowedCount; ++i) keys.insert(allowed[i]);
            permitted.resize(targets.size());
            for (size_t slot = 0; slot < targets.size(); ++slot) permitted[slot] = keys.count(targets[slot].key) > 0;
        }
        Recognition r = recognize(index->index, describeFrame(gray, frameFeatures, frameSide), filtered ? &permitted : nullptr);
        copy(r, gray.cols, gray.rows, &out->recognition);
        if (r.slot < 0) return 0;
        // The inliers' places on the plane, from the target's pixels.
        const auto &g = targets[size_t(r.slot)].plane;
        std::vector<cv::Point3f> plane;
        for (const auto &p : r.referenceInliers) {
            cv::Point2f onPlane = mapped(g.data(), p);
            plane.emplace_back(onPlane.x, onPlane.y, 0.0f);
        }
        Camera guess = Camera::fromFieldOfView(gray.cols, gray.rows, horizontalDegrees);
        FocalPose solved = known == 1 ? FocalPose{planePose(plane, r.frameInliers, guess), guess, false}
                                      : planePoseEstimatingFocal(plane, r.frameInliers, guess, focalRange);
        const PlanePose &pose = solved.pose;
        cv::Point2f spot = spotInFrame(r, targets[size_t(r.slot)].spot, std::max(gray.cols, gray.rows));
        out->spot[0] = spot.x, out->spot[1] = spot.y;
        if (!pose.found) return 0;
        out->located = 1;
        out->horizontalDegrees = 2 * std::atan(gray.cols / 2.0 / solved.camera.fx) * 180 / CV_PI;
        out->estimated = solved.estimated ? 1 : 0;
        for (int i = 0; i < 9; ++i) out->rotation[i] = pose.rotation(i / 3, i % 3);
        for (int i = 0; i < 3; ++i) out->translation[i] = pose.translation[i];
        out->reprojection = pose.reprojection;
        return 0;
    } catch (...) {
        return -1;
    }
}
}
