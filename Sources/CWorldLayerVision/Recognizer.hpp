// Which target a frame shows, and where: vote with hashed feature matches, verify the best
// candidates geometrically with a RANSAC homography.
#pragma once

#include "TargetIndex.hpp"

#include <array>
#include <vector>

namespace worldlayer::vision {

struct Recognition {
    int64_t target = -1;
    std::array<double, 9> homography{};
    std::array<double, 8> corners{};
    int inliers = 0;
    int matches = 0;
    double confidence = 0;
    int frameFeatures = 0;
    int slot = -1;                             // the target's slot in the index
    std::vector<cv::Point2f> referenceInliers;  // the matches that agree with the homography:
    std::vector<cv::Point2f> frameInliers;      // the target's pixels, and the frame's
    std::vector<cv::Point2f> referenceMatches;  // every candidate match with the target, inliers or not
    std::vector<cv::Point2f> frameMatches;
};

/// `allowed`, when given, holds one flag per slot: the targets that may be recognized at all
/// (a scene whose content the viewer may not see must not be found, nor crowd out one they may).
Recognition recognize(const TargetIndex &index, const Features &frame, const std::vector<bool> *allowed = nullptr);

}  // namespace worldlayer::vision
