import Foundation
import WorldLayerGeo

/// A position a visitor's device reports while walking a tour.
public struct PositionReport: Codable, Sendable {
    public var latitude: Double?
    public var longitude: Double?
    /// Metres of GPS uncertainty.
    public var accuracy: Double?
    /// `UUID/major/minor` of the nearest beacon, as the device's proximity engine chose it.
    public var beacon: String?
    /// When the device took the fix, if not just now: reports queued while offline are sent later.
    public var recordedAt: Date?

    public init(
        latitude: Double? = nil, longitude: Double? = nil, accuracy: Double? = nil, beacon: String? = nil, recordedAt: Date? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.beacon = beacon
        self.recordedAt = recordedAt
    }

    public var position: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}

/// What the server remembers of a visitor between reports: where they last were, and which stop
/// they have been standing at since when.
public struct TourPresence: Codable, Sendable, Equatable {
    public var lastPosition: Coordinate?
    public var lastAt: Date?
    public var stopId: TourStop.ID?
    public var since: Date?

    public init() {}
}

/// When a report stamps a stop: the visitor must stay at it (within its trigger radius, or with its
/// beacon nearest) for `dwell` seconds, reaching it by walking-plausible movement. One report — even
/// one placed exactly at the stop — never stamps; a report that jumps faster than `maximumSpeed`
/// from the last believed one starts nothing and is not believed later either.
///
/// Time is the server's clock, unless a report says when its fix was taken (`recordedAt`: a phone
/// that walked offline sends its queued reports later). Such a time is believed when it is not in
/// the future, not older than `offlineAge`, not before the visitor existed (their account's
/// creation), and not before the last believed report's; every other check then runs on it, and the
/// stamp bears it.
///
/// The server cannot prove a GPS fix, nor when it was taken; this rule only refuses what no walker
/// could report.
public struct StampRule: Sendable {
    public var dwell: TimeInterval
    /// Metres per second; faster movement between reports is not believed.
    public var maximumSpeed: Double
    /// Fixes less certain than this (metres) are not enough to be "at" a stop.
    public var maximumAccuracy: Double
    /// Metres a fix may wander from the last without moving at all (GPS among buildings).
    public var jitter: Double
    /// How long ago a queued report's fix may have been taken.
    public var offlineAge: TimeInterval
    /// How far ahead of the server's clock a device's clock may run.
    public static let clockSkew: TimeInterval = 5

    public init(
        dwell: TimeInterval = 5, maximumSpeed: Double = 12, maximumAccuracy: Double = 50, jitter: Double = 20,
        offlineAge: TimeInterval = 24 * 3600
    ) {
        self.dwell = dwell
        self.maximumSpeed = maximumSpeed
        self.maximumAccuracy = maximumAccuracy
        self.jitter = jitter
        self.offlineAge = offlineAge
    }

    public struct Outcome: Sendable, Equatable {
        public var presence: TourPresence
        /// The stop the visitor is at now, if any.
        public var atStop: TourStop.ID?
        /// A stop this report stamps (not yet stamped before).
        public var stamp: TourStop.ID?
        /// Why the report was not believed, when it was not.
        public var implausible: String?
        /// When the fix was taken, as believed: the time a stamp bears.
        public var at: Date
    }

    /// Applies a report received at `received` (the server's clock) from a visitor who exists since `visitorSince`.
    public func apply(
        _ report: PositionReport, to before: TourPresence, stops: [TourStop], stamped: Set<TourStop.ID>, now received: Date,
        visitorSince: Date? = nil
    ) -> Outcome {
        let now: Date
        switch fixTime(report.recordedAt, after: before.lastAt, received: received, visitorSince: visitorSince) {
        case .success(let time): now = time
        case .failure(let refusal):
            return Outcome(presence: before, atStop: nil, stamp: nil, implausible: refusal.reason, at: received)
        }
        var presence = before
        if let p = report.position, let last = before.lastPosition, let lastAt = before.lastAt {
            let metres = Geodesic.wgs84.inverse(last, p).distance
            let seconds = max(now.timeIntervalSince(lastAt), 1)
            // An implausible fix is not where the visitor is: it neither moves them nor puts them at a stop,
            // so a faked jump must wait as long as the trip would take before its reports count.
            if (metres - jitter) / seconds > maximumSpeed {
                presence.stopId = nil
                presence.since = nil
                return Outcome(
                    presence: presence, atStop: nil, stamp: nil, implausible: "moved \(Int(metres)) m in \(Int(seconds)) s", at: now)
            }
        }
        if let p = report.position {
            presence.lastPosition = p
            presence.lastAt = now
        }
        guard let at = stop(for: report, among: stops) else {
            presence.stopId = nil
            presence.since = nil
            return Outcome(presence: presence, atStop: nil, stamp: nil, implausible: nil, at: now)
        }
        if presence.stopId != at {
            presence.stopId = at
            presence.since = now
        }
        let stayed = presence.since.map { now.timeIntervalSince($0) >= dwell } ?? false
        let stamp = stayed && !stamped.contains(at) ? at : nil
        return Outcome(presence: presence, atStop: at, stamp: stamp, implausible: nil, at: now)
    }

    struct UnbelievableTime: Error {
        let reason: String
    }

    /// When a report's fix was taken: the device's word when a walker could have said it, else why not.
    func fixTime(_ recorded: Date?, after last: Date?, received: Date, visitorSince: Date? = nil) -> Result<Date, UnbelievableTime> {
        guard let recorded else { return .success(received) }
        if let visitorSince, recorded < visitorSince {
            return .failure(UnbelievableTime(reason: "recorded before the visitor's account existed"))
        }
        if recorded.timeIntervalSince(received) > Self.clockSkew {
            return .failure(UnbelievableTime(reason: "recorded in the future"))
        }
        if received.timeIntervalSince(recorded) > offlineAge {
            return .failure(UnbelievableTime(reason: "recorded more than \(Int(offlineAge / 3600)) h ago"))
        }
        let time = min(recorded, received)
        if let last, time < last { return .failure(UnbelievableTime(reason: "recorded before the last report")) }
        return .success(time)
    }

    /// The stop a report puts the visitor at: its beacon's stop, else the nearest stop whose radius holds the fix.
    func stop(for report: PositionReport, among stops: [TourStop]) -> TourStop.ID? {
        if let key = report.beacon?.uppercased(), let s = stops.first(where: { $0.beacon?.key == key }) { return s.id }
        guard let p = report.position, (report.accuracy ?? 0) <= maximumAccuracy else { return nil }
        let candidates = stops.compactMap { s -> (TourStop.ID, Double)? in
            guard let c = s.position else { return nil }
            let d = Geodesic.wgs84.inverse(p, c).distance
            return d <= s.radius ? (s.id, d) : nil
        }
        return candidates.min { $0.1 < $1.1 }?.0
    }
}
