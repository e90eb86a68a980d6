extension Worldmap {
    /// Why a member may not be removed, in words for people.
    public static let membershipRule = "the owner removes members; members may leave; an owner deletes the worldmap instead"

    /// Whether `actor` may remove `member` from this worldmap: its owner removes anyone but
    /// themselves (an owner deletes the worldmap instead), and a member may leave. A public
    /// worldmap has no members to remove.
    public func mayRemove(_ member: Account.ID, by actor: Account.ID) -> Bool {
        guard isPrivate else { return false }
        return ownerId == actor ? member != actor : member == actor
    }
}
