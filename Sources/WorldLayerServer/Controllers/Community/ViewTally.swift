import Foundation
import WorldLayerCore
import WorldLayerStore

/// Sticker views counted in memory and written in one batch now and then (by the maintenance
/// service, before suggestions are ranked, and at shutdown), so reading a sticker is not a write.
/// A crash loses at most one interval of counts, which only rank suggestions.
actor ViewTally {
    private var counts: [Sticker.ID: Int] = [:]

    func add(_ id: Sticker.ID) { counts[id, default: 0] += 1 }

    func flush(into community: CommunityStore) async throws {
        guard !counts.isEmpty else { return }
        let batch = counts
        counts = [:]
        do {
            try await community.recordViews(batch)
        } catch {
            // Kept for the next flush rather than lost.
            for (id, n) in batch { counts[id, default: 0] += n }
            throw error
        }
    }
}
