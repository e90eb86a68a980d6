#include "Features.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstring>

namespace worldlayer::vision {

namespace {

constexpr uint32_t blobMagic = 0x31564c57;  // "WLV1", little-endian

/// The image scaled down so its longer side is at most `side`, and the factor back to the original.
std::pair<cv::Mat, float> workingCopy(const cv::Mat &gray, int side) {
    int longer = std::max(gray.cols, gray.rows);
    if (longer <= side) return {gray, 1.0f};
    double f = double(side) / longer;
    cv::Mat small;
    cv::resize(gray, small, cv::Size(), f, f, cv::INTER_AREA);
    return {small, float(1.0 / f)};
}

Features collect(const std::vector<cv::KeyPoint> &keypoints, const cv::Mat &descriptors, float back, int width, int height) {
    Features f;
    f.width = width;
    f.height = height;
    f.points.reserve(keypoints.size());
    for (const auto &k : keypoints) f.points.emplace_back(k.pt.x * back, k.pt.y * back);
    f.descriptors.assign(descriptors.datastart, descriptors.dataend);
    return f;
}

/// Keeps `count` keypoints, taking the strongest of each cell of a grid in turn, so that one busy
/// corner of a picture cannot take every feature.
std::vector<cv::KeyPoint> spread(std::vector<cv::KeyPoint> keypoints, int count, int width, int height) {
    constexpr int grid = 8;
    std::vector<std::vector<cv::KeyPoint>> cells(grid * grid);
    for (const auto &k : keypoints) {
        int cx = std::clamp(int(k.pt.x * grid / std::max(width, 1)), 0, grid - 1);
        int cy = std::clamp(int(k.pt.y * grid / std::max(height, 1)), 0, grid - 1);
        cells[cy * grid + cx].push_back(k);
    }
    for (auto &cell : cells) std::sort(cell.begin(), cell.end(), [](auto &a, auto &b) { return a.response > b.response; });
    std::vector<cv::KeyPoint> kept;
    for (size_t round = 0; int(kept.size()) < count; ++round) {
        bool any = false;
        for (auto &cell : cells) {
            if (round < cell.size() && int(kept.size()) < count) {
                kept.push_back(cell[round]);
                any = true;
            }
        }
        if (!any) break;
    }
    return kept;
}

}  // namespace

cv::Mat decodeGray(const uint8_t *bytes, size_t length, DecodeBound bound) {
    if (bytes == nullptr || length == 0) return {};
    // Sized by the decoder's own header reader, not by a second one that a fill byte can fool.
    int width = 0, height = 0;
    if (!decodedSize(bytes, length, width, height)) return {};
    if (width > bound.side || height > bound.side || int64_t(width) * height > bound.pixels) return {};
    try {
        cv::Mat raw(1, int(length), CV_8UC1, const_cast<uint8_t *>(bytes));
        return cv::imdecode(raw, cv::IMREAD_GRAYSCALE);
    } catch (const cv::Exception &) {
        return {};
    }
}

Features describeReference(const cv::Mat &gray, int count, int workingSide) {
    auto [image, back] = workingCopy(gray, workingSide);
    // A low FAST threshold finds features on soft photographs too; spreading then keeps the best per cell.
    auto orb = cv::ORB::create(count * 3, 1.2f, 8, 15, 0, 2, cv::ORB::HARRIS_SCORE, 31, 10);
    std::vector<cv::KeyPoint> keypoints;
    orb->detect(image, keypoints);
    keypoints = spread(std::move(keypoints), count, image.cols, image.rows);
    cv::Mat descriptors;
    orb->compute(image, keypoints, descriptors);
    return collect(keypoints, descriptors, back, gray.cols, gray.rows);
}

Features describeFrame(const cv::Mat &gray, int count, int workingSide) {
    auto [image, back] = workingCopy(gray, workingSide);
    // Spread like a reference's: busy clutter (grass, text) must not take every feature from the picture.
    auto orb = cv::ORB::create(count * 2, 1.2f, 8, 15, 0, 2, cv::ORB::HARRIS_SCORE, 31, 12);
    std::vector<cv::KeyPoint> keypoints;
    orb->detect(image, keypoints);
    keypoints = spread(std::move(keypoints), count, image.cols, image.rows);
    cv::Mat descriptors;
    orb->compute(image, keypoints, descriptors);
    return collect(keypoints, descriptors, back, gray.cols, gray.rows);
}

double coverage(const Features &f) {
    constexpr int grid = 8;
    bool filled[grid * grid] = {};
    for (const auto &p : f.points) {
        int cx = std::clamp(int(p.x * grid / std::max(f.width, 1)), 0, grid - 1);
        int cy = std::clamp(int(p.y * grid / std::max(f.height, 1)), 0, grid - 1);
        filled[cy * grid + cx] = true;
    }
    return double(std::count(filled, filled + grid * grid, true)) / (grid * grid);
}

#if defined(__x86_64__)
__attribute__((target("popcnt")))
#endif
double distinctness(const Features &f, int bits) {
    if (f.count() < 2) return 0;
    std::vector<uint64_t> words(f.count() * 4);
    std::memcpy(words.data(), f.descriptors.data(), f.descriptors.size());
    size_t distinct = 0;
    for (size_t i = 0; i < f.count(); ++i) {
        const uint64_t *a = &words[i * 4];
        int nearest = 256;
        for (size_t j = 0; j < f.count() && nearest >= bits; ++j) {
            const uint64_t *b = &words[j * 4];
            int d = __builtin_popcountll(a[0] ^ b[0]) + __builtin_popcountll(a[1] ^ b[1]) + __builtin_popcountll(a[2] ^ b[2]) +
                    __builtin_popcountll(a[3] ^ b[3]);
            if (j != i) nearest = std::min(nearest, d);
        }
        distinct += nearest >= bits;
    }
    return double(distinct) / f.count();
}

std::vector<uint8_t> serialize(const Features &f) {
    uint32_t header[4] = {blobMagic, uint32_t(f.width), uint32_t(f.height), uint32_t(f.count())};
    std::vector<uint8_t> out(sizeof header + f.count() * (sizeof(cv::Point2f) + descriptorBytes));
    uint8_t *p = out.data();
    std::memcpy(p, header, sizeof header);
    p += sizeof header;
    std::memcpy(p, f.points.data(), f.count() * sizeof(cv::Point2f));
    p += f.count() * sizeof(cv::Point2f);
    std::memcpy(p, f.descriptors.data(), f.descriptors.size());
    return out;
}

std::optional<Features> deserialize(const uint8_t *bytes, size_t length) {
    uint32_t header[4];
    if (bytes == nullptr || length < sizeof header) return std::nullopt;
    std::memcpy(header, bytes, sizeof header);
    size_t n = header[3];
    if (header[0] != blobMagic || length != sizeof header + n * (sizeof(cv::Point2f) + descriptorBytes)) return std::nullopt;
    Features f;
    f.width = int(header[1]);
    f.height = int(header[2]);
    f.points.resize(n);
    std::memcpy(f.points.data(), bytes + sizeof header, n * sizeof(cv::Point2f));
    const uint8_t *d = bytes + sizeof header + n * sizeof(cv::Point2f);
    f.descriptors.assign(d, d + n * descriptorBytes);
    return f;
}

}  // namespace worldlayer::vision
