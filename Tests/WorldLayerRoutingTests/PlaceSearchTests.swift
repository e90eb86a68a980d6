import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo

@Suite("Place search as you type")
struct PlaceSearchTests {
    let index: PlaceSearchIndex = {
        var index = PlaceSearchIndex()
        let names: [(String, [String], Double)] = [
            ("Helsingin tuomiokirkko", ["Helsinki Cathedral", "Helsingfors domkyrka"], 0.000),
            ("Tuomiokirkon krypta", [], 0.010),
            ("Café Ekberg", [], 0.002),
            ("Helsingin päärautatieasema", ["Helsinki Central Station"], 0.004),
            ("Kansallisteatteri", [], 0.006),
        ]
        for (i, (name, others, offset)) in names.enumerated() {
            index.add(
                id: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(i)")!, names: [name] + others,
                position: Coordinate(latitude: 60.17 + offset, longitude: 24.95))
        }
        return index
    }()

    func first(_ q: String, near: Coordinate? = nil) -> Int? {
        index.search(q, near: near).first.map { Int($0.id.uuidString.suffix(1))! }
    }

    @Test func prefixesMatchAsYouType() {
        #expect(first("Kan") == 4)
        #expect(first("kansallis") == 4)
        #expect(first("helsinki cath") == 0)
    }

    @Test func accentsAndCaseDoNotMatter() {
        #expect(first("cafe ekb") == 2)
        #expect(first("CAFÉ") == 2)
        #expect(first("paarautatie") == 3)
    }

    @Test func aTypoIsForgiven() {
        #expect(first("tuomiokirko") != nil)
        #expect(first("kansalisteatteri") == 4)
        #expect(index.search("kansxxxxteatteri").isEmpty)
    }

    @Test func wordsInsideCompoundsMatch() {
        #expect(first("rautatieasema") == 3)
    }

    @Test func betterMatchesFirstThenNearerFirst() {
        // Both names start with a word beginning "tuomiokirk": equal match, so the nearer one wins.
        let nearCrypt = Coordinate(latitude: 60.18, longitude: 24.95)
        let hits = index.search("tuomiokirk", near: nearCrypt)
        #expect(hits.count == 2)
        #expect(hits[0].match == 0 && Int(hits[0].id.uuidString.suffix(1)) == 1)
        #expect(index.search("helsingin tuomiokirk", near: nearCrypt).first?.match == 0)
        #expect(hits.allSatisfy { $0.distance != nil })
    }

    @Test func nothingMatchesIsEmpty() {
        #expect(index.search("zzzz").isEmpty)
        #expect(index.search("   ").isEmpty)
    }
}
