import Foundation
import Testing
import WorldLayerCore

@Suite("Who may remove whom from a private worldmap")
struct WorldmapMembershipTests {
    let owner = Account.ID(), member = Account.ID(), other = Account.ID()

    func worldmap(isPrivate: Bool = true) -> Worldmap {
        Worldmap(
            id: Worldmap.ID(), isPrivate: isPrivate, cell: "52y73ge0", name: "wall", ownerId: isPrivate ? owner : nil, createdAt: Date())
    }

    @Test("the owner removes members, never themselves; a member leaves; nobody removes another member")
    func rules() {
        let w = worldmap()
        #expect(w.mayRemove(member, by: owner))
        #expect(!w.mayRemove(owner, by: owner))
        #expect(w.mayRemove(member, by: member))
        #expect(!w.mayRemove(other, by: member))
        #expect(!w.mayRemove(owner, by: member))
    }

    @Test("a public worldmap has no members to remove")
    func publicWorldmap() {
        #expect(!worldmap(isPrivate: false).mayRemove(member, by: member))
    }
}

@Suite("A new private worldmap")
struct NewPrivateWorldmapTests {
    @Test("a name of 1 to 60 characters, trimmed, at a position on Earth")
    func problems() {
        #expect(NewPrivateWorldmap(name: "  Garden wall ", latitude: 60.17, longitude: 24.94).problems.isEmpty)
        #expect(NewPrivateWorldmap(name: "  Garden wall ", latitude: 60.17, longitude: 24.94).trimmedName == "Garden wall")
        #expect(NewPrivateWorldmap(name: "   ", latitude: 60.17, longitude: 24.94).problems.map(\.field) == ["name"])
        #expect(NewPrivateWorldmap(name: String(repeating: "x", count: 61), latitude: 0, longitude: 0).problems.map(\.field) == ["name"])
        #expect(NewPrivateWorldmap(name: "wall", latitude: 91, longitude: 0).problems.map(\.field) == ["latitude"])
        #expect(NewPrivateWorldmap(name: "", latitude: .nan, longitude: 0).problems.map(\.field) == ["name", "latitude"])
    }
}
