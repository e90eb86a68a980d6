#include "TargetIndex.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>

namespace worldlayer::vision {

namespace {
// Six tables with one-bit probes find ~93 % of true matches on the development frames; more cost
// memory (each keeps its own copy of the descriptors) and time for little gain.
constexpr int tableCount = 6;
constexpr uint32_t crowdedBucket = 32;
}

void TargetIndex::add(int64_t key, const Features &f, const std::array<double, 9> &plane, cv::Point2f spot) {
    targets_.push_back({key, f.width, f.height, uint32_t(points_.size()), uint32_t(f.count()), plane, spot});
    uint32_t slot = uint32_t(targets_.size() - 1);
    points_.insert(points_.end(), f.points.begin(), f.points.end());
    descriptors_.insert(descriptors_.end(), f.descriptors.begin(), f.descriptors.end());
    owner_.insert(owner_.end(), f.count(), slot);
}

void TargetIndex::build() {
    size_t n = points_.size();
    // About one entry per bucket: a query reads (key bits + 1) buckets per table, so a longer key
    // would miss more true neighbours and a shorter one would compare against more strangers.
    keyBits_ = std::clamp(int(std::floor(std::log2(double(std::max<size_t>(n, 1))))), 8, 20);
    std::mt19937 random(20261122);  // fixed, so that an index built twice answers the same
    tables_.assign(tableCount, {});
    std::vector<uint8_t> all(256);
    std::iota(all.begin(), all.end(), 0);
    for (auto &table : tables_) {
        std::shuffle(all.begin(), all.end(), random);
        table.bits.assign(all.begin(), all.begin() + keyBits_);
        std::vector<uint32_t> keys(n);
        table.offsets.assign((size_t(1) << keyBits_) + 1, 0);
        for (size_t e = 0; e < n; ++e) {
            keys[e] = keyOf(table, &descriptors_[e * descriptorBytes]);
            ++table.offsets[keys[e] + 1];
        }
        std::partial_sum(table.offsets.begin(), table.offsets.end(), table.offsets.begin());
        // Each table keeps its own copy of the descriptors in bucket order: a bucket is then one
        // run of memory, read in a few cache lines instead of one miss per entry.
        table.records.resize(n);
        std::vector<uint32_t> fill(table.offsets.begin(), table.offsets.end() - 1);
        for (size_t e = 0; e < n; ++e) {
            Record &record = table.records[fill[keys[e]]++];
            std::memcpy(record.descriptor, &descriptors_[e * descriptorBytes], descriptorBytes);
            record.entry = uint32_t(e);
            record.target = owner_[e];
        }
    }
    descriptors_.clear();
    descriptors_.shrink_to_fit();
    owner_.clear();  // each record names its target
    owner_.shrink_to_fit();
}

uint32_t TargetIndex::keyOf(const Table &table, const uint8_t *d) const {
    uint32_t key = 0;
    for (size_t i = 0; i < table.bits.size(); ++i) {
        uint8_t bit = table.bits[i];
        key |= uint32_t((d[bit >> 3] >> (bit & 7)) & 1) << i;
    }
    return key;
}

#if defined(__x86_64__)
__attribute__((target("popcnt")))
#endif
void TargetIndex::search(const uint8_t *q, int maxDistance, std::vector<Neighbour> &out, int &secondBest, size_t perQuery,
                         const std::vector<bool> *allowed) const {
    out.clear();
    int best = 1 << 20;
    uint32_t bestEntry = UINT32_MAX;
    secondBest = 1 << 20;
    uint64_t query[4];
    std::memcpy(query, q, descriptorBytes);
    // Every bucket this query reads, found first and fetched together: the loads overlap instead
    // of waiting for one another, which is most of the time a query takes.
    thread_local std::vector<std::pair<uint32_t, uint32_t>> runs;  // (table, bucket) → later (begin, end)
    runs.clear();
    for (uint32_t t = 0; t < tables_.size(); ++t) {
        uint32_t home = keyOf(tables_[t], q);
        for (int probe = -1; probe < keyBits_; ++probe) {
            uint32_t key = probe < 0 ? home : home ^ (1u << probe);
            __builtin_prefetch(&tables_[t].offsets[key]);
            runs.push_back({t, key});
        }
    }
    for (auto &run : runs) {
        const Table &table = tables_[run.first];
        uint32_t begin = table.offsets[run.second], end = table.offsets[run.second + 1];
        // A crowded bucket holds features that look like many others (flat edges, text): they
        // cannot tell targets apart, so only the first few are compared.
        end = std::min(end, begin + crowdedBucket);
        if (begin < end) __builtin_prefetch(&table.records[begin]);
        run = {begin, end | (run.first << 27)};
    }
    for (const auto &[begin, packed] : runs) {
        const Table &table = tables_[packed >> 27];
        uint32_t end = packed & ((1u << 27) - 1);
        for (uint32_t i = begin; i < end; ++i) {
            const Record &record = table.records[i];
            if (allowed && !(*allowed)[record.target]) continue;
            const uint64_t *d64 = record.descriptor;
            int d = __builtin_popcountll(query[0] ^ d64[0]) + __builtin_popcountll(query[1] ^ d64[1]) +
                    __builtin_popcountll(query[2] ^ d64[2]) + __builtin_popcountll(query[3] ^ d64[3]);
            if (d > maxDistance && d >= secondBest) continue;
            uint32_t e = record.entry;
            if (e == bestEntry) continue;  // found again through another table
            if (d < best) {
                secondBest = best;
                best = d;
                bestEntry = e;
            } else if (d < secondBest) {
                secondBest = d;
            }
            if (d <= maxDistance) consider(out, {record.target, e, d}, perQuery);
        }
    }
    std::sort(out.begin(), out.end(), [](auto &a, auto &b) { return a.distance < b.distance; });
}

void TargetIndex::consider(std::vector<Neighbour> &out, Neighbour n, size_t perQuery) {
    auto same = std::find_if(out.begin(), out.end(), [&](const Neighbour &o) { return o.target == n.target; });
    if (same != out.end()) {
        if (n.distance < same->distance) *same = n;
    } else if (out.size() < perQuery) {
        out.push_back(n);
    } else {
        auto worst = std::max_element(out.begin(), out.end(), [](auto &a, auto &b) { return a.distance < b.distance; });
        if (n.distance < worst->distance) *worst = n;
    }
}

size_t TargetIndex::memory() const {
    size_t bytes = targets_.size() * sizeof(Target) + owner_.size() * sizeof(uint32_t) + points_.size() * sizeof(cv::Point2f) +
                   descriptors_.size();
    for (const auto &t : tables_) bytes += t.bits.size() + t.offsets.size() * sizeof(uint32_t) + t.records.size() * sizeof(Record);
    return bytes;
}

}  // namespace worldlayer::vision
