import Foundation

/// How a person wants to be told: per kind, into the inbox and as a push; quiet hours when no push
/// is sent (the inbox still holds what came); and how near home a new sticker must be.
public struct NotificationSettings: Codable, Sendable, Equatable {
    public struct Channels: Codable, Sendable, Equatable {
        public var inbox: Bool
        public var push: Bool

        public init(inbox: Bool, push: Bool) {
            self.inbox = inbox
            self.push = push
        }
    }

    /// Every kind's channels; a kind missing here goes to the inbox and is pushed.
    public var kinds: [NotificationKind: Channels]
    public var quietHours: QuietHours?
    /// A new sticker counts as near when it is within this many metres of home.
    public var nearbyMeters: Double

    public init(kinds: [NotificationKind: Channels] = [:], quietHours: QuietHours? = nil, nearbyMeters: Double = Self.defaultNearbyMeters) {
        self.kinds = kinds
        self.quietHours = quietHours
        self.nearbyMeters = nearbyMeters
    }

    public static let defaultNearbyMeters = 2_000.0
    public static let nearbyRange = 100.0...50_000.0

    public func channels(_ kind: NotificationKind) -> Channels { kinds[kind] ?? Channels(inbox: true, push: true) }

    /// Whether a push may go out at `date`.
    public func mayPush(_ kind: NotificationKind, at date: Date) -> Bool {
        channels(kind).push && !(quietHours?.contains(date) ?? false)
    }

    // The wire form keys kinds by their names ({"follower": {"inbox": true, "push": false}}).
    enum CodingKeys: String, CodingKey { case kinds, quietHours, nearbyMeters }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let named = try container.decodeIfPresent([String: Channels].self, forKey: .kinds) ?? [:]
        var kinds: [NotificationKind: Channels] = [:]
        for (name, channels) in named {
            guard let kind = NotificationKind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .kinds, in: container, debugDescription: "no notification kind '\(name)'")
            }
            kinds[kind] = channels
        }
        self.kinds = kinds
        quietHours = try container.decodeIfPresent(QuietHours.self, forKey: .quietHours)
        nearbyMeters = try container.decodeIfPresent(Double.self, forKey: .nearbyMeters) ?? Self.defaultNearbyMeters
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var named: [String: Channels] = [:]
        for kind in NotificationKind.allCases { named[kind.rawValue] = channels(kind) }
        try container.encode(named, forKey: .kinds)
        try container.encodeIfPresent(quietHours, forKey: .quietHours)
        try container.encode(nearbyMeters, forKey: .nearbyMeters)
    }

    public func validate() -> [FieldError] {
        var errors: [FieldError] = []
        if !Self.nearbyRange.contains(nearbyMeters) {
            errors.append(
                FieldError("nearbyMeters", "must be \(Int(Self.nearbyRange.lowerBound))–\(Int(Self.nearbyRange.upperBound)) metres"))
        }
        if let quiet = quietHours { errors += quiet.validate() }
        return errors
    }
}

/// A daily span of local time ("22:00" to "07:00" crosses midnight) in a time zone of the tz database.
public struct QuietHours: Codable, Sendable, Equatable {
    public var from: String
    public var until: String
    public var timeZone: String

    public init(from: String, until: String, timeZone: String) {
        self.from = from
        self.until = until
        self.timeZone = timeZone
    }

    /// Minutes after midnight of an "HH:MM" time, or nil when it is not one.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let h = Int(parts[0]), let m = Int(parts[1]),
            (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return h * 60 + m
    }

    public func validate() -> [FieldError] {
        var errors: [FieldError] = []
        if Self.minutes(from) == nil { errors.append(FieldError("quietHours.from", "must be a time like 22:00")) }
        if Self.minutes(until) == nil { errors.append(FieldError("quietHours.until", "must be a time like 07:00")) }
        if TimeZone(identifier: timeZone) == nil {
            errors.append(FieldError("quietHours.timeZone", "must be a time zone like Europe/Helsinki"))
        }
        return errors
    }

    /// Whether `date` falls inside, in the span's time zone; an empty span (from = until) never does.
    public func contains(_ date: Date) -> Bool {
        guard let start = Self.minutes(from), let end = Self.minutes(until), let zone = TimeZone(identifier: timeZone) else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let now = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        return start <= end ? (start <= now && now < end) : (now >= start || now < end)
    }
}
