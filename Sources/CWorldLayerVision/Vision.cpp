// The C interface over the C++ pieces; no exception crosses it.
#include "CWorldLayerVision.h"
#include "PlanePose.hpp"
#include "Recognizer.hpp"

#include <opencv2/core/utility.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <unordered_set>

using namespace worldlayer::vision;

namespace {
constexpr int referenceFeatures = 500;
constexpr int referenceSide = 480;
constexpr int frameFeatures = 1000;
constexpr int frameSide = 640;
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

void wl_vision_set_threads(int32_t threads) { cv::setNumThreads(threads); }

wl_index *wl_index_create(void) { return new wl_index(); }

void wl_index_free(wl_index *index) { delete index; }

int wl_index_add(wl_index *index, int64_t target, const uint8_t *blob, size_t length) {
    auto features = deserialize(blob, length);
    if (!features) return -1;
    index->index.add(target, *features);
    return 0;
}

int wl_index_add_plane(wl_index *index, int64_t target, const uint8_t *blob, size_t length, const double plane[9]) {
    auto features = deserialize(blob, length);
    if (!features) return -1;
    std::array<double, 9> h;
    std::copy(plane, plane + 9, h.begin());
    index->index.add(target, *features, h);
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

int wl_index_locate(const wl_index *index, const uint8_t *bytes, size_t length, double horizontalDegrees, const int64_t *allowed,
                    int64_t allowedCount, wl_location *out) {
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
            double w = g[6] * p.x + g[7] * p.y + g[8];
            plane.emplace_back(float((g[0] * p.x + g[1] * p.y + g[2]) / w), float((g[3] * p.x + g[4] * p.y + g[5]) / w), 0.0f);
        }
        PlanePose pose = planePose(plane, r.frameInliers, Camera::fromFieldOfView(gray.cols, gray.rows, horizontalDegrees));
        if (!pose.found) return 0;
        out->located = 1;
        for (int i = 0; i < 9; ++i) out->rotation[i] = pose.rotation(i / 3, i % 3);
        for (int i = 0; i < 3; ++i) out->translation[i] = pose.translation[i];
        out->reprojection = pose.reprojection;
        return 0;
    } catch (...) {
        return -1;
    }
}
}
