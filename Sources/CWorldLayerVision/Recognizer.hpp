// Which target a frame shows, and where: vote with hashed feature matches, verify the best
// candidates geometrically with a RANSAC homography.
#pragma once

#include "TargetIndex.hpp"

#include <array>

namespace worldlayer::vision {

struct Recognition {
    int64_t target = -1;
    std::array<double, 9> homography{};
    std::array<double, 8> corners{};
    int inliers = 0;
    int matches = 0;
    double confidence = 0;
    int frameFeatures = 0;
};

Recognition recognize(const TargetIndex &index, const Features &frame);

}  // namespace worldlayer::vision
