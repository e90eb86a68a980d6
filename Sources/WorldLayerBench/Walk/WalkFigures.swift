import Foundation

/// What a rehearsed walk measured, printed for people and as JSON for scripts and tests.
struct WalkFigures: Codable, Sendable {
    var metres = 0.0
    var seconds = 0.0
    var pace = 0.0
    var cellsCrossed = 0
    var drops: [Double] = []

    /// The other person's changes.
    var placedByOthers = 0
    var edited = 0
    var deleted = 0

    /// Stickers that came within view distance, and those of them missing from the view then.
    var cameIntoView = 0
    var popOuts = 0
    var cameIntoViewAcrossDrops = 0
    var popOutsAcrossDrops = 0

    /// Seconds from a change being acknowledged to the walker's view showing it.
    var latency: [Double] = []
    var latencyAcrossDrops: [Double] = []
    var leftBehind = 0
    var unseen = 0

    /// The walker's own writes made while offline, and what became of them.
    var offlineWrites = 0
    var appliedOnce = 0
    var appliedTwice = 0
    var lost = 0
    var conflicts = 0
    var conflictsOverwritten = 0
    var refused = 0

    /// The report a person reads.
    var text: String {
        let downs = drops.map { "\(Self.format($0)) s" }.joined(separator: " and ")
        return """
            walked \(Int(metres.rounded())) m through \(cellsCrossed) cells in \(Self.format(seconds)) s at \(Self.format(pace)) m/s; \
            the network dropped \(drops.count) times (\(downs))
            another person placed \(placedByOthers), edited \(edited) and deleted \(deleted) stickers near the path
            pop-outs: \(popOuts) of \(cameIntoView) stickers that came within view distance were missing then \
            (\(popOutsAcrossDrops) of \(cameIntoViewAcrossDrops) published while the network was down)
            change → seen: median \(Self.milliseconds(latency, 0.5)), p95 \(Self.milliseconds(latency, 0.95)) over \(latency.count) changes; \
            across a drop median \(Self.milliseconds(latencyAcrossDrops, 0.5)) over \(latencyAcrossDrops.count); \
            \(unseen) never seen, \(leftBehind) left behind before they arrived
            offline writes: \(offlineWrites) made, \(appliedOnce) applied exactly once, \(appliedTwice) twice, \(lost) lost; \
            \(conflicts) conflicts returned with the server's version, \(conflictsOverwritten) overwritten; \(refused) refused
            """
    }

    static func percentile(_ values: [Double], _ q: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((q * Double(sorted.count - 1)).rounded()))]
    }

    private static func milliseconds(_ values: [Double], _ q: Double) -> String {
        percentile(values, q).map { "\(Int(($0 * 1_000).rounded())) ms" } ?? "–"
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
