import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo

/// The placement rule on its own, from facts as the store would fetch them: no database.
@Suite("Placement rules")
struct PlacementRulesTests {
    let author = Account.ID()
    let helsinki = StickerAnchor(latitude: 60.1699, longitude: 24.9384, altitude: 10, accuracy: 5)
    let approved = StickerTemplate(
        id: "star", name: "Star", kind: .image, takesText: true, status: .approved, authorId: nil, assetId: nil, assetType: nil,
        previewId: "p", createdAt: Date())

    func facts(
        template: StickerTemplate? = nil, accounts: [String: PlacementFacts.NamedAccount] = [:], groups: Set<String> = [],
        worldmap: Worldmap? = nil, member: Bool = false, zone: RestrictedZone? = nil
    ) -> PlacementFacts {
        PlacementFacts(
            template: template ?? approved, accountsByKey: accounts, authorGroups: groups, worldmap: worldmap,
            isWorldmapMember: member, zone: zone)
    }

    func refusal(_ draft: StickerDraft, _ facts: PlacementFacts) -> StickerWriteError? {
        do {
            _ = try PlacementRules.decide(draft, author: author, facts: facts)
            return nil
        } catch { return error }
    }

    func fields(_ error: StickerWriteError?) -> [String] {
        if case .invalid(let problems) = error { return problems.map(\.field) }
        return []
    }

    @Test("names are spelled as their accounts spell them; the author and repeats are dropped")
    func sharesResolve() throws {
        let bob = PlacementFacts.NamedAccount(id: Account.ID(), username: "Bob")
        let me = PlacementFacts.NamedAccount(id: author, username: "me")
        let draft = StickerDraft(templateId: "star", anchor: helsinki, visibility: .shared, sharedWith: ["bob", "BOB", "me"])
        let decision = try PlacementRules.decide(draft, author: author, facts: facts(accounts: ["bob": bob, "me": me]))
        #expect(decision.draft.sharedWith == ["Bob"])
        #expect(decision.shares == [bob.id])
        #expect(decision.cell == CellGrid.cell(containing: helsinki.coordinate))
        #expect(decision.privateWorldmap == nil)
    }

    @Test("every problem is reported at once: template, unknown person, foreign group, worldmap")
    func problemsTogether() {
        let pending = StickerTemplate(
            id: "mine", name: "Mine", kind: .image, takesText: false, status: .pending, authorId: Account.ID(), assetId: nil,
            assetType: nil,
            previewId: "p", createdAt: Date())
        let draft = StickerDraft(
            templateId: "mine", text: "hello", anchor: helsinki, visibility: .shared, sharedWith: ["nobody"], sharedWithGroups: ["g1"],
            worldmapId: Worldmap.ID())
        #expect(fields(refusal(draft, facts(template: pending))) == ["templateId", "text", "sharedWith", "sharedWithGroups", "worldmapId"])
    }

    @Test("a private worldmap takes stickers in its cell and the cells around it, from members only")
    func worldmapReach() throws {
        let home = CellGrid.cell(containing: helsinki.coordinate)
        let map = Worldmap(id: Worldmap.ID(), isPrivate: true, cell: home.description, name: "Ours", ownerId: author, createdAt: Date())
        let here = StickerDraft(templateId: "star", anchor: helsinki, worldmapId: map.id)
        #expect(try PlacementRules.decide(here, author: author, facts: facts(worldmap: map, member: true)).privateWorldmap == map)
        #expect(fields(refusal(here, facts(worldmap: map, member: false))) == ["worldmapId"])
        let far = StickerDraft(
            templateId: "star", anchor: StickerAnchor(latitude: 61.5, longitude: 23.8, altitude: 0, accuracy: 5), worldmapId: map.id)
        #expect(fields(refusal(far, facts(worldmap: map, member: true))) == ["anchor"])
    }

    @Test("a restricted zone refuses a draft that is otherwise fine, and only then")
    func zones() {
        let square = GeoPolygon([
            Coordinate(latitude: 60.16, longitude: 24.93), Coordinate(latitude: 60.18, longitude: 24.93),
            Coordinate(latitude: 60.18, longitude: 24.95), Coordinate(latitude: 60.16, longitude: 24.95),
        ])
        let zone = RestrictedZone(name: "Barracks", kind: "military", polygon: square)
        let fine = StickerDraft(templateId: "star", anchor: helsinki)
        guard case .restricted(let violation) = refusal(fine, facts(zone: zone)) else {
            Issue.record("a draft in a restricted zone was accepted")
            return
        }
        #expect(violation == RestrictedZoneViolation(zone: "Barracks", kind: "military"))
        let bad = StickerDraft(templateId: "star", anchor: helsinki, sharedWithGroups: ["g1"])
        #expect(fields(refusal(bad, facts(zone: zone))) == ["sharedWithGroups"])
    }
}
