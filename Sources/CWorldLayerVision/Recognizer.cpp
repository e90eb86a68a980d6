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
constexpr double tightReprojection = 2.5;
constexpr int confidentInliers = 40;
constexpr double minimumSpread = 0.03; // of the target's area, covered by the hull of the inliers
constexpr float separatePixels = 0.5;  // inliers at one place on either side count once

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

/// The homography fitted again, within 2.5 px, to the matches `mask` agrees with, and its own mask
/// over all of them; empty when fewer than the minimum agree.
std::pair<cv::Mat, std::vector<uint8_t>> tighter(const std::vector<cv::Point2f> &from, const std::vector<cv::Point2f> &to,
                                                 const std::vector<uint8_t> &mask) {
    std::vector<cv::Point2f> agreeingFrom, agreeingTo;
    std::vector<size_t> at;
    for (size_t i = 0; i < from.size(); ++i)
        if (mask[i]) agreeingFrom.push_back(from[i]), agreeingTo.push_back(to[i]), at.push_back(i);
    std::vector<uint8_t> kept;
    cv::Mat h = cv::findHomography(agreeingFrom, agreeingTo, cv::USAC_MAGSAC, tightReprojection, kept, 2000, 0.995);
    if (h.empty() || std::count(kept.begin(), kept.end(), 1) < minimumInliers) return {};
    std::vector<uint8_t> all(from.size(), 0);
    for (size_t k = 0; k < at.size(); ++k) all[at[k]] = kept[k];
    return {h, all};
}

/// Which matches a homography maps to within `bound` pixels.
std::vector<uint8_t> within(const cv::Mat &h, const std::vector<cv::Point2f> &from, const std::vector<cv::Point2f> &to, double bound) {
    std::vector<cv::Point2f> mapped;
    cv::perspectiveTransform(from, mapped, h);
    std::vector<uint8_t> close(from.size());
    for (size_t i = 0; i < from.size(); ++i) close[i] = cv::norm(mapped[i] - to[i]) <= bound;
    return close;
}

/// How many matches a homography maps to within the tight bound.
int agreement(const cv::Mat &h, const std::vector<cv::Point2f> &from, const std::vector<cv::Point2f> &to) {
    auto close = within(h, from, to, tightReprojection);
    return int(std::count(close.begin(), close.end(), 1));
}

/// How many of the points stand apart: each one counted, the points within `apart` of it passed over.
int separate(const std::vector<cv::Point2f> &points, float apart) {
    std::vector<cv::Point2f> kept;
    for (const auto &p : points) {
        bool near = std::any_of(kept.begin(), kept.end(), [&](const cv::Point2f &k) {
            return std::abs(k.x - p.x) < apart && std::abs(k.y - p.y) < apart;
        });
        if (!near) kept.push_back(p);
    }
    return int(kept.size());
}

/// Whether a homography and the matches it agrees with show the target as a camera sees it:
/// inliers at enough separate places on both sides and spread over the target (bunched in one small
/// patch they can agree by chance), and a plausible outline, whose corners it fills in.
bool verified(const TargetIndex::Target &target, const std::vector<cv::Point2f> &from, const std::vector<cv::Point2f> &to, const cv::Mat &h,
              const std::vector<uint8_t> &mask, const Features &frame, std::array<cv::Point2f, 4> &corners) {
    std::vector<cv::Point2f> agreeing, seenAt, hull;
    for (size_t i = 0; i < from.size(); ++i)
        if (mask[i]) agreeing.push_back(from[i]), seenAt.push_back(to[i]);
    // One corner found at several pyramid levels, or matched by several features of a frame, is one
    // piece of evidence: the shapes drawn on pictures (a circle's rim) agree with a page this way.
    if (std::min(separate(agreeing, separatePixels), separate(seenAt, separatePixels)) < minimumInliers) return false;
    cv::convexHull(agreeing, hull);
    if (cv::contourArea(hull) < minimumSpread * target.width * target.height) return false;
    auto through = [&](const std::vector<cv::Point2f> &box) {
        std::vector<cv::Point2f> mapped;
        cv::perspectiveTransform(box, mapped, h);
        return std::array<cv::Point2f, 4>{mapped[0], mapped[1], mapped[2], mapped[3]};
    };
    auto outline = [](float left, float top, float right, float bottom) {
        return std::vector<cv::Point2f>{{left, top}, {right, top}, {right, bottom}, {left, bottom}};
    };
    corners = through(outline(0, 0, float(target.width), float(target.height)));
    // Judged on the part of the target the matches cover: a scene's frame holds more than its plane
    // (a floor, a second wall), whose outline the homography throws anywhere when extended.
    cv::Rect2f seen = cv::boundingRect(agreeing);
    return plausible(through(outline(seen.x, seen.y, seen.x + seen.width, seen.y + seen.height)), frame.width, frame.height);
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
    std::vector<bool> distinct(frame.count());  // the nearest passes the ratio test
    int secondBest = 0;
    for (size_t i = 0; i < frame.count(); ++i) {
        index.search(&frame.descriptors[i * descriptorBytes], matchDistance, near[i], secondBest, candidatesPerFeature, allowed);
        distinct[i] = !near[i].empty() && near[i][0].distance < ratio * secondBest;
        if (distinct[i] && near[i][0].distance <= voteDistance) ++votes[near[i][0].target];
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
        // Every candidate match with the target, and apart those that passed the ratio test: in a
        // dark or busy frame the others can be nine in ten, too many for RANSAC to see past.
        std::vector<cv::Point2f> from, to, seedFrom, seedTo;
        for (size_t i = 0; i < frame.count(); ++i) {
            for (const auto &n : near[i]) {
                if (n.target != slot) continue;
                from.push_back(index.point(n.entry));
                to.push_back(frame.points[i]);
                if (distinct[i] && n.entry == near[i][0].entry) seedFrom.push_back(from.back()), seedTo.push_back(to.back());
            }
        }
        if (int(from.size()) < minimumInliers) continue;
        const auto &target = index.targets()[slot];
        // Two robust fits (RANSAC and MAGSAC++ each miss views the other gets right), each fitted
        // again within a tighter bound; of those that show the target as a camera can see it, the
        // one most matches agree with tightly (the loose bound lets in a second plane, a lens's bend).
        cv::Mat h;
        std::array<cv::Point2f, 4> corners;
        int best = -1;
        // The distinct matches first; every candidate only when they leave doubt.
        std::vector<std::pair<const std::vector<cv::Point2f> *, const std::vector<cv::Point2f> *>> seeds;
        if (seedFrom.size() >= 8) seeds.push_back({&seedFrom, &seedTo});
        seeds.push_back({&from, &to});
        for (auto [fitFrom, fitTo] : seeds) {
            if (best >= confidentInliers) break;
            // Over every candidate match (mostly strangers) OpenCV's classic RANSAC ran all its
            // iterations, ~15 ms a fit on the development frames and most of a frame that shows no
            // page, where USAC's took ~1 ms. So USAC first there, and the classic fit only for a
            // page found but not beyond doubt (it fitted some better).
            bool everyMatch = fitFrom == &from;
            std::vector<int> methods = everyMatch ? std::vector<int>{cv::USAC_DEFAULT, cv::USAC_MAGSAC, cv::RANSAC}
                                                  : std::vector<int>{cv::RANSAC, cv::USAC_MAGSAC};
            for (int method : methods) {
                if (everyMatch && method == cv::RANSAC && (best < 0 || best >= confidentInliers)) continue;
                cv::Mat fitted = cv::findHomography(*fitFrom, *fitTo, method, reprojection, cv::noArray(), 2000, 0.995);
                if (fitted.empty()) continue;
                std::vector<uint8_t> loose = within(fitted, from, to, reprojection);
                if (std::count(loose.begin(), loose.end(), 1) <= std::max(minimumInliers - 1, result.inliers)) continue;
                auto tight = tighter(from, to, loose);
                for (auto &[candidate, agreeing] : {tight, std::make_pair(fitted, loose)}) {
                    std::array<cv::Point2f, 4> seen;
                    if (candidate.empty() || !verified(target, from, to, candidate, agreeing, frame, seen)) continue;
                    int close = agreement(candidate, from, to);
                    if (close > best) best = close, h = candidate, corners = seen;
                }
            }
        }
        if (best < 0) continue;
        // Inliers are counted within the loose bound whichever fit won, so that counts compare.
        std::vector<uint8_t> mask = within(h, from, to, reprojection);
        int inliers = int(std::count(mask.begin(), mask.end(), 1));
        if (inliers < minimumInliers || inliers <= result.inliers) continue;
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
        result.referenceMatches = std::move(from);  // not needed here again: a scene's sticker is placed from them
        result.frameMatches = std::move(to);
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
