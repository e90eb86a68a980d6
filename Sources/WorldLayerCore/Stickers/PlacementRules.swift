import Foundation
import WorldLayerGeo

/// What the store looks up about a sticker draft before writing it; ``PlacementRules`` decides on it.
public struct PlacementFacts: Sendable {
    /// An account named in the draft's `sharedWith`.
    public struct NamedAccount: Sendable, Equatable {
        public var id: Account.ID
        public var username: String

        public init(id: Account.ID, username: String) {
            self.id = id
            self.username = username
        }
    }

    /// The template the draft names, if there is one.
    public var template: StickerTemplate?
    /// The accounts the draft shares with, by username key (``AccountRules/key(_:)``); unknown names are absent.
    public var accountsByKey: [String: NamedAccount]
    /// Of the groups the draft shares with, those the author is in.
    public var authorGroups: Set<String>
    /// The worldmap the draft names, when it exists.
    public var worldmap: Worldmap?
    /// Whether the author belongs to that worldmap.
    public var isWorldmapMember: Bool
    /// The restricted zone the anchor lies in, if any.
    public var zone: RestrictedZone?

    public init(
        template: StickerTemplate?, accountsByKey: [String: NamedAccount], authorGroups: Set<String>, worldmap: Worldmap?,
        isWorldmapMember: Bool, zone: RestrictedZone?
    ) {
        self.template = template
        self.accountsByKey = accountsByKey
        self.authorGroups = authorGroups
        self.worldmap = worldmap
        self.isWorldmapMember = isWorldmapMember
        self.zone = zone
    }
}

/// Where a draft goes, once ``PlacementRules`` accepted it.
public struct PlacementDecision: Sendable {
    /// The draft with its `sharedWith` names spelled as their accounts spell them, duplicates and the author dropped.
    public var draft: StickerDraft
    /// The cell the anchor lies in.
    public var cell: CellID
    /// The private worldmap it goes on; nil for the cell's public worldmap.
    public var privateWorldmap: Worldmap?
    /// The accounts it is shared with.
    public var shares: [Account.ID]
}

/// Whether an author may write a sticker draft where it says, and with whom it may be shared.
public enum PlacementRules {
    /// Every problem with the draft's references at once (as field errors), then the restricted zone.
    public static func decide(_ draft: StickerDraft, author: Account.ID, facts: PlacementFacts) throws(StickerWriteError)
        -> PlacementDecision
    {
        var d = draft
        var problems: [FieldError] = []
        if facts.template?.isUsable(by: author) != true { problems.append(FieldError("templateId", "is not a template you can use")) }
        if facts.template?.takesText == false, !d.text.isEmpty { problems.append(FieldError("text", "this template takes no text")) }
        var shares: [Account.ID] = []
        if !d.sharedWith.isEmpty {
            let keys = d.sharedWith.map(AccountRules.key)
            if let unknown = keys.first(where: { facts.accountsByKey[$0] == nil }) {
                problems.append(FieldError("sharedWith", "no user named '\(unknown)'"))
            }
            var seen = Set<Account.ID>()
            let found = keys.compactMap { facts.accountsByKey[$0] }.filter { $0.id != author && seen.insert($0.id).inserted }
            shares = found.map(\.id)
            d.sharedWith = found.map(\.username)
        }
        // Only to groups the author is in (a group's stickers are its members' to share).
        if let other = d.sharedWithGroups?.first(where: { !facts.authorGroups.contains($0) }) {
            problems.append(FieldError("sharedWithGroups", "you are not in group \(other)"))
        }
        let cell = CellGrid.cell(containing: d.anchor.coordinate)
        var privateWorldmap: Worldmap?
        if d.worldmapId != nil {
            if let w = facts.worldmap, w.isPrivate, facts.isWorldmapMember, let home = CellID(w.cell) {
                if home == cell || CellGrid.neighbours(of: home).contains(cell) {
                    privateWorldmap = w
                } else {
                    problems.append(FieldError("anchor", "is outside the worldmap '\(w.name)' (cell \(w.cell) and its neighbours)"))
                }
            } else {
                problems.append(FieldError("worldmapId", "is not a private worldmap you belong to"))
            }
        }
        guard problems.isEmpty else { throw .invalid(problems) }
        if let zone = facts.zone { throw .restricted(RestrictedZoneViolation(zone: zone.name, kind: zone.kind)) }
        return PlacementDecision(draft: d, cell: cell, privateWorldmap: privateWorldmap, shares: shares)
    }
}
