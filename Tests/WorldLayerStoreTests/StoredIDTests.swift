import Foundation
import Testing

@testable import WorldLayerStore

@Suite("Reading stored ids")
struct StoredIDTests {
    @Test("an id's stored text reads back as the same UUID, in either case")
    func readsBack() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(UUID(storedText: id.uuidString.lowercased()) == id)
            #expect(UUID(storedText: id.uuidString) == id)
        }
    }

    @Test(
        "text that is not 32 hex digits in 36 characters is refused",
        arguments: [
            "", "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
            "123e4567-e89b-12d3-a456-42661417400g", "123e4567-e89b-12d3-a456-4266141740\u{E9}",
            "123e4567e89b12d3a4564266141740001234",
        ])
    func refuses(_ text: String) {
        #expect(UUID(storedText: text) == nil)
    }
}
