import Foundation

/// A private worldmap owner's request for an invite link: one person joins with it, or anyone
/// until it expires.
public struct NewInvite: Sendable, Codable {
    public var singleUse: Bool
    /// How long the link works, hours (default a week).
    public var validForHours: Double?

    public init(singleUse: Bool, validForHours: Double? = nil) {
        (self.singleUse, self.validForHours) = (singleUse, validForHours)
    }

    public static let longestHours = 24.0 * 30
    public var hours: Double { validForHours ?? 24 * 7 }

    public var problems: [FieldError] {
        hours.isFinite && hours >= 1 && hours <= Self.longestHours
            ? [] : [FieldError("validForHours", "must be 1 to 720 (30 days)")]
    }
}

extension Worldmap {
    /// Who may make invite links: the owner of a private worldmap.
    public func mayInvite(by account: Account.ID) -> Bool { isPrivate && ownerId == account }
}
