// Shared pieces of the vision target: local features and their serialized form.
#pragma once

#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>

#include "ImageHeader.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace worldlayer::vision {

/// ORB descriptors are 256 bits.
constexpr int descriptorBytes = 32;

/// Local features of one image: positions in the image's own pixels, descriptors row by row.
struct Features {
    int width = 0;
    int height = 0;
    std::vector<cv::Point2f> points;
    std::vector<uint8_t> descriptors;  // points.size() × descriptorBytes

    size_t count() const { return points.size(); }
};

/// Decodes JPEG or PNG bytes into a grayscale image; empty when they are not one, or when the
/// decoder would make more pixels than `bound` allows.
cv::Mat decodeGray(const uint8_t *bytes, size_t length, DecodeBound bound);

/// Features of a reference image: up to `count`, spread over the image so that a partly covered
/// or partly visible target still shows many of them. Detected on a copy whose longer side is at
/// most `workingSide`, reported in the original image's pixels.
Features describeReference(const cv::Mat &gray, int count, int workingSide);

/// Features of a camera frame (strongest first), in the frame's pixels.
Features describeFrame(const cv::Mat &gray, int count, int workingSide);

/// Share of an 8×8 grid over the image that holds at least one feature.
double coverage(const Features &features);

/// Share of features whose nearest other feature in the same image differs in at least
/// `bits` bits: low for lattices, tiles and text, whose repeats the ratio test must discard.
double distinctness(const Features &features, int bits);

std::vector<uint8_t> serialize(const Features &features);
std::optional<Features> deserialize(const uint8_t *bytes, size_t length);

}  // namespace worldlayer::vision
