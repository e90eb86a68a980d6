#include "Recognizer.hpp"

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <unordered_map>

namespace worldlayer::vision {

namespace {

constexpr int matchDistance = 64;     // of 256 bits: farther is not the same point
constexpr int voteDistance = 50;
constexpr double ratio = 0.8;         // Lowe's test: the best must clearly beat the runner-up
constexpr size_t candidatesPerFeature = 4;
constexpr size_t verifiedTargets = 3;
constexpr int minimumInliers = 15;
constexpr double reprojection = 5.0;  // pixels in the frame
constexpr int confidentInliers = 40;
constexpr double minimumSpread = 0.03; // of the target's area, covered by the hull of the inliers

/// A homography that a flat picture seen by a camera can have: corners in order (convex, not
/// mirrored), no corner sharper than a steep view makes it, and a size in the frame that is
/// neither a speck nor far larger than the frame.
bool plausible(const std::array<cv::Point2f, 4> &c, int frameWidth, int frameHeight) {
    double turn = 0;
    for (int i = 0; i < 4; ++i) {
        cv::Point2f a = c[(i + 1) % 4] - c[i], b = c[(i + 2) % 4] - c[(i + 1) % 4];
        double cross = a.x * b.y - a.y * b.x;
        if (cross <= 0) return false;
        turn += cross;
        // The corner between the two sides: a rectangle seen up to ~60° off-axis keeps it within 35°–145°.
        double cosine = -(a.x * b.x + a.y * b.y) / (cv::norm(a) * cv::norm(b) + 1e-9);
        if (cosine > std::cos(35 * CV_PI / 180) || cosine < std::cos(145 * CV_PI / 180)) return false;
    }
    std::vector<cv::Point2f> quad(c.begin(), c.end());
    double area = cv::contourArea(quad);
    double frameArea = double(frameWidth) * frameHeight;
    if (area < frameArea * 0.005 || area > frameArea * 16) return false;
    // Opposite sides within a factor of 5 of each other: steeper than that is not a page one reads.
    auto length = [&](int i) { return cv::norm(c[(i + 1) % 4] - c[i]); };
    for (int i = 0; i < 2; ++i) {
        double a = length(i), b = length(i + 2);
        if (std::min(a, b) * 5 < std::max(a, b)) return false;
    }
    return turn > 0;
}

}  // namespace

Recognition recognize(const TargetIndex &index, const Features &frame, const std::vector<bool> *allowed) {
    Recognition result;
    result.frameFeatures = int(frame.count());
    if (index.targets().empty() || frame.count() < 8) return result;

    // Each frame feature: its nearest reference features (one per target), and a vote for the
    // target of the nearest when it passes the ratio test.
    std::vector<std::vector<Neighbour>> near(frame.count());
    std::unordered_map<uint32_t, int> votes;
    int secondBest = 0;
    for (size_t i = 0; i < frame.count(); ++i) {
        index.search(&frame.descriptors[i * descriptorBytes], matchDistance, near[i], secondBest, candidatesPerFeature, allowed);
        if (!near[i].empty() && near[i][0].distance <= voteDistance && near[i][0].distance < ratio * secondBest) ++votes[near[i][0].target];
    }
    std::vector<std::pair<int, uint32_t>> ranked;
    for (auto [target, count] : votes)
        if (count >= 4) ranked.push_back({count, target});
    std::sort(ranked.begin(), ranked.end(), [](auto &a, auto &b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    if (ranked.size() > verifiedTargets) ranked.resize(verifiedTargets);

    for (auto [count, slot] : ranked) {
        (void)count;
        // A candidate with this many inliers is not beaten by one with fewer votes: stop verifying.
        if (result.inliers >= confidentInliers) break;
        std::vector<cv::Point2f> from, to;
        for (size_t i = 0; i < frame.count(); ++i) {
            for (const auto &n : near[i]) {
                if (n.target != slot) continue;
                from.push_back(index.point(n.entry));
                to.push_back(frame.points[i]);
            }
        }
        if (int(from.size()) < minimumInliers) continue;
        std::vector<uint8_t> mask;
        cv::Mat h = cv::findHomography(from, to, cv::RANSAC, reprojection, mask, 2000, 0.995);
        if (h.empty()) continue;
        int inliers = int(std::count(mask.begin(), mask.end(), 1));
        if (inliers < minimumInliers || inliers <= result.inliers) continue;
        const auto &target = index.targets()[slot];
        // Inliers bunched in one small patch can agree by chance; a real view spreads them out.
        std::vector<cv::Point2f> agreeing, hull;
        for (size_t i = 0; i < from.size(); ++i)
            if (mask[i]) agreeing.push_back(from[i]);
        cv::convexHull(agreeing, hull);
        if (cv::contourArea(hull) < minimumSpread * target.width * target.height) continue;
        std::vector<cv::Point2f> box = {{0, 0}, {float(target.width), 0}, {float(target.width), float(target.height)}, {0, float(target.height)}};
        std::vector<cv::Point2f> mapped;
        cv::perspectiveTransform(box, mapped, h);
        std::array<cv::Point2f, 4> corners = {mapped[0], mapped[1], mapped[2], mapped[3]};
        if (!plausible(corners, frame.width, frame.height)) continue;
        result.target = target.key;
        result.slot = int(slot);
        result.referenceInliers.clear();
        result.frameInliers.clear();
        for (size_t i = 0; i < from.size(); ++i) {
            if (!mask[i]) continue;
            result.referenceInliers.push_back(from[i]);
            result.frameInliers.push_back(to[i]);
        }
        result.inliers = inliers;
        result.matches = int(from.size());
        for (int i = 0; i < 9; ++i) result.homography[i] = h.at<double>(i / 3, i % 3);
        for (int i = 0; i < 4; ++i) {
            result.corners[2 * i] = corners[i].x;
            result.corners[2 * i + 1] = corners[i].y;
        }
    }
    // Fifteen inliers is the least we accept; sixty and more leaves no doubt.
    if (result.target >= 0) result.confidence = std::min(1.0, double(result.inliers - minimumInliers + 5) / (60 - minimumInliers + 5));
    return result;
}

}  // namespace worldlayer::vision
