import Foundation

/// A moderator's suspension of an account: until when, and why, in words the person sees when
/// they try to sign in. A suspended account has no session and cannot get one.
public struct Suspension: Sendable, Hashable, Codable {
    public var until: Date
    public var reason: String

    public init(until: Date, reason: String) {
        self.until = until
        self.reason = reason
    }

    /// What the person is told at sign-in.
    public var explanation: String {
        "this account is suspended until \(WireJSON.time(until)): \(reason)"
    }

    /// Whether a moderator of `role` may suspend someone of `target`'s role: moderators suspend
    /// people, admins suspend moderators too; nobody suspends an admin or themselves.
    public static func maySuspend(_ target: Account, by moderator: Account) -> Bool {
        guard target.id != moderator.id, target.role != .admin else { return false }
        switch moderator.role {
        case .admin: return true
        case .moderator: return target.role == .user
        case .user: return false
        }
    }

    /// Why a suspension is not allowed, in words for people.
    public static let rule = "moderators suspend people, admins suspend moderators too; nobody suspends an admin or themselves"
}

/// A moderator's request to suspend an account: for how many hours, and why.
public struct SuspensionRequest: Sendable, Codable {
    public var hours: Double
    public var reason: String

    public init(hours: Double, reason: String) {
        (self.hours, self.reason) = (hours, reason)
    }

    /// A year at most: longer is deleting the account, a decision of its own.
    public static let longestHours = 24.0 * 366
    public static let reasonMaximumLength = 500

    public var trimmedReason: String { reason.trimmingCharacters(in: .whitespacesAndNewlines) }

    public var problems: [FieldError] {
        var problems: [FieldError] = []
        if !(hours.isFinite && hours >= 1 && hours <= Self.longestHours) {
            problems.append(FieldError("hours", "must be 1 to 8,784 (a year)"))
        }
        if trimmedReason.isEmpty || trimmedReason.count > Self.reasonMaximumLength {
            problems.append(FieldError("reason", "must be 1–500 characters: the person is shown it"))
        }
        return problems
    }

    /// The suspension this request makes, from `now`.
    public func suspension(from now: Date) -> Suspension {
        Suspension(until: now.addingTimeInterval(hours * 3_600), reason: trimmedReason)
    }
}
