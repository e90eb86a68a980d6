import Foundation
import Testing
import WorldLayerCore

@Suite("A design submitted for the library, checked without a database")
struct TemplateSubmissionTests {
    /// The smallest PNG signature and header the sniffer knows as a PNG.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24))

    @Test("a text card in the author's namespace passes, its name trimmed")
    func textCard() throws {
        let checked = try TemplateSubmission(id: "ana-flag", name: "  Flag ", kind: .text, takesText: true, asset: nil, preview: Self.png)
            .checked(by: "Ana").get()
        #expect(checked.name == "Flag" && checked.asset == nil)
    }

    @Test("every problem at once: an id outside the namespace, no name, an asset a text card has none of, a preview that is not a PNG")
    func problems() {
        let result = TemplateSubmission(id: "ben-flag", name: " ", kind: .text, takesText: true, asset: Data([1]), preview: Data([1, 2]))
            .checked(by: "ana")
        guard case .failure(let errors) = result else {
            Issue.record("accepted")
            return
        }
        #expect(errors.errors.map(\.field) == ["id", "name", "asset", "preview"])
        #expect(errors.errors[0].message.contains("'ana-'"))
    }

    @Test("a model needs a glTF binary; an image a PNG or JPEG")
    func assets() {
        let model = TemplateSubmission(id: "ana-cube", name: "Cube", kind: .model, takesText: false, asset: Self.png, preview: Self.png)
        guard case .failure(let errors) = model.checked(by: "ana") else {
            Issue.record("a PNG passed as a model")
            return
        }
        #expect(errors.errors.map(\.message) == ["must be a glTF binary (.glb)"])
        let image = TemplateSubmission(id: "ana-pic", name: "Pic", kind: .image, takesText: false, asset: Self.png, preview: Self.png)
        #expect((try? image.checked(by: "ana").get())?.asset?.type == "image/png")
    }
}
