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
