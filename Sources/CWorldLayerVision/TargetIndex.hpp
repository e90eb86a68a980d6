// The descriptors of every target in one place, with multi-table locality-sensitive hashing over them.
#pragma once

#include "Features.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace worldlayer::vision {

/// A reference feature close to a frame feature.
struct Neighbour {
    uint32_t target;  // slot of the target in the index
    uint32_t entry;   // the feature, across all targets
    int distance;
};

/// Bit-sampling LSH (Indyk–Motwani) for Hamming space: each table keys a descriptor by a fixed
/// random choice of its bits; a query reads its own bucket and the buckets one bit away
/// (multi-probe), in every table. The work per query grows with the bucket size, which the key
/// length keeps near constant as targets are added: sub-linear in the number of targets.
class TargetIndex {
public:
    struct Target {
        int64_t key;
        int width;
        int height;
        uint32_t first;  // its first entry
        uint32_t count;
        /// Row-major: the target's pixels → metres on its plane (a scene anchor), identity for a book's page.
        std::array<double, 9> plane;
        /// A scene's sticker: where it is in the target's pixels.
        cv::Point2f spot;
    };

    void add(int64_t key, const Features &features, const std::array<double, 9> &plane = {1, 0, 0, 0, 1, 0, 0, 0, 1},
             cv::Point2f spot = {0, 0});
    void build();

    /// Up to `perQuery` nearest features of distinct targets within `maxDistance`, nearest first,
    /// and the second-nearest distance overall (for the ratio test). With `allowed` (one flag per
    /// slot), features of other targets are not seen at all: neither candidates nor the second
    /// nearest, so that a copy the caller may not see cannot take a visible target's matches.
    void search(const uint8_t *descriptor, int maxDistance, std::vector<Neighbour> &out, int &secondBest, size_t perQuery,
                const std::vector<bool> *allowed = nullptr) const;

    const std::vector<Target> &targets() const { return targets_; }
    cv::Point2f point(uint32_t entry) const { return points_[entry]; }
    size_t entries() const { return points_.size(); }
    size_t memory() const;

private:
    /// A feature as a table keeps it: the descriptor with the entry and target it belongs to, so
    /// that comparing and keeping it costs one fetch from memory, not three.
    struct Record {
        uint64_t descriptor[4];
        uint32_t entry;
        uint32_t target;
    };
    struct Table {
        std::vector<uint8_t> bits;        // which descriptor bits make the key
        std::vector<uint32_t> offsets;    // bucket b holds records[offsets[b] ..< offsets[b + 1]]
        std::vector<Record> records;
    };

    uint32_t keyOf(const Table &table, const uint8_t *descriptor) const;
    /// Keeps `n` if it is among the nearest `perQuery` targets (one entry per target).
    static void consider(std::vector<Neighbour> &out, Neighbour n, size_t perQuery);

    std::vector<Target> targets_;
    std::vector<uint32_t> owner_;         // entry → target slot, until build() writes it into the records
    std::vector<cv::Point2f> points_;     // entry → position in its reference image
    std::vector<uint8_t> descriptors_;    // entry → descriptor, until build() spreads them into the tables
    std::vector<Table> tables_;
    int keyBits_ = 0;
};

}  // namespace worldlayer::vision
