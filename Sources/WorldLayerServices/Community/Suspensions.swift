import Foundation
import WorldLayerCore
import WorldLayerStore

/// Why a suspension was not made or lifted.
public enum SuspensionRefusal: Error, Sendable, Equatable {
    case noSuchAccount
    /// ``Suspension/maySuspend(_:by:)`` says no.
    case notAllowed
}

/// A moderator suspending an account for a time, and lifting it: the request checked
/// (``SuspensionRequest``), who may suspend whom (``Suspension/maySuspend(_:by:)``), the store's
/// write ending the person's sessions with a line in the moderation log.
public struct Suspensions: Sendable {
    let accounts: AccountStore
    let clock: WallClock

    public init(accounts: AccountStore, clock: WallClock) {
        self.accounts = accounts
        self.clock = clock
    }

    /// Suspends `username`; throws ``FieldErrors`` for the request, ``SuspensionRefusal`` for the rest.
    public func suspend(_ username: String, _ request: SuspensionRequest, by moderator: Account) async throws -> (Account, Suspension) {
        guard request.problems.isEmpty else { throw FieldErrors(request.problems) }
        let target = try await account(username)
        guard Suspension.maySuspend(target, by: moderator) else { throw SuspensionRefusal.notAllowed }
        let now = clock.now()
        let suspension = request.suspension(from: now)
        try await accounts.suspend(target.id, suspension, by: moderator, now: now)
        return (target, suspension)
    }

    /// Lifts `username`'s suspension; false when there was none.
    public func lift(_ username: String, by moderator: Account) async throws -> Bool {
        let target = try await account(username)
        guard Suspension.maySuspend(target, by: moderator) else { throw SuspensionRefusal.notAllowed }
        return try await accounts.liftSuspension(target.id, by: moderator, now: clock.now())
    }

    private func account(_ username: String) async throws -> Account {
        guard let account = try await accounts.account(username: username) else { throw SuspensionRefusal.noSuchAccount }
        return account
    }
}
