import Foundation
import WorldLayerCore
import WorldLayerStore

/// Why an invite link was not made.
public enum InviteRefusal: Error, Sendable, Equatable {
    /// No such worldmap, or not one the asker may see.
    case noSuchWorldmap
    /// Only the owner of a private worldmap makes its links.
    case notOwner
}

/// Invite links to a private worldmap: its owner makes one (single-use, or for a time), a person
/// who opens it joins without anyone searching for their account. The link's secret is shown once
/// and kept only as its hash.
public struct WorldmapInvites: Sendable {
    let worldmaps: WorldmapStore
    let clock: WallClock

    public init(worldmaps: WorldmapStore, clock: WallClock) {
        self.worldmaps = worldmaps
        self.clock = clock
    }

    /// A new link's secret and when it stops working. Throws ``FieldErrors`` or ``InviteRefusal``.
    public func invite(to id: Worldmap.ID, _ request: NewInvite, by account: Account.ID, isMember: Bool) async throws -> (
        token: String, expiresAt: Date
    ) {
        guard let map = try await worldmaps.worldmap(id: id), map.isPrivate, isMember || map.ownerId == account else {
            throw InviteRefusal.noSuchWorldmap
        }
        guard map.mayInvite(by: account) else { throw InviteRefusal.notOwner }
        guard request.problems.isEmpty else { throw FieldErrors(request.problems) }
        let now = clock.now()
        let token = SessionToken.make(prefix: SessionToken.invitePrefix)
        let expiresAt = now.addingTimeInterval(request.hours * 3_600)
        try await worldmaps.createInvite(
            worldmap: id, by: account, tokenHash: SessionToken.hash(token), singleUse: request.singleUse, expiresAt: expiresAt, now: now)
        return (token, expiresAt)
    }

    /// Joins the worldmap the link names.
    public func accept(_ token: String, by account: Account.ID) async throws -> InviteAcceptance {
        try await worldmaps.acceptInvite(tokenHash: SessionToken.hash(token), account: account, now: clock.now())
    }
}
