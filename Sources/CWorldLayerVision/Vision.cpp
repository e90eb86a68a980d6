// The C interface over the C++ pieces; no exception crosses it.
#include "CWorldLayerVision.h"
#include "Recognizer.hpp"

#include <opencv2/core/utility.hpp>

#include <cstdlib>
#include <cstring>

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

int wl_vision_describe(const uint8_t *bytes, size_t length, wl_reference *out) {
    std::memset(out, 0, sizeof *out);
    try {
        cv::Mat gray = decodeGray(bytes, length);
        if (gray.empty()) return -1;
        Features f = describeReference(gray, referenceFeatures, referenceSide);
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

void wl_index_build(wl_index *index) { index->index.build(); }

int32_t wl_index_count(const wl_index *index) { return int32_t(index->index.targets().size()); }

size_t wl_index_memory(const wl_index *index) { return index->index.memory(); }

int wl_index_recognize(const wl_index *index, const uint8_t *bytes, size_t length, wl_recognition *out) {
    std::memset(out, 0, sizeof *out);
    out->target = -1;
    try {
        cv::Mat gray = decodeGray(bytes, length);
        if (gray.empty()) return -1;
        out->frameWidth = gray.cols;
        out->frameHeight = gray.rows;
        Recognition r = recognize(index->index, describeFrame(gray, frameFeatures, frameSide));
        out->target = r.target;
        std::memcpy(out->corners, r.corners.data(), sizeof out->corners);
        std::memcpy(out->homography, r.homography.data(), sizeof out->homography);
        out->inliers = r.inliers;
        out->matches = r.matches;
        out->confidence = r.confidence;
        out->frameFeatures = r.frameFeatures;
        return 0;
    } catch (...) {
        return -1;
    }
}
}
