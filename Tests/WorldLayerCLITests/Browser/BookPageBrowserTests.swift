import Foundation
import Testing
import WorldLayerTestSupport

/// Issue 51: a book's page shows the pictures that come alive, to look for in the book.
@Suite("A book's page in Chromium and WebKit", .serialized)
struct BookPageBrowserTests {
    @Test("the demo book's page shows each of its pictures, drawn and named, with what it does", arguments: Browser.Engine.allCases)
    func pictures(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let book =
            try JSONSerialization.jsonObject(with: Data(try await server.request("GET", "/v1/books/pictures-of-science").text.utf8))
            as? [String: Any]
        let names = (book?["targets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.count == 6)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/books/pictures-of-science")
            try await browser.element("#book-pictures")
            _ = try await browser.run("document.querySelector('#book-pictures').scrollIntoView({block: 'start'})")
            let drawn =
                try await browser.waitFor(
                    "the pictures drawn",
                    """
                    const pictures = [...document.querySelectorAll('#book-pictures img')];
                    return pictures.length && pictures.every((i) => i.complete && i.naturalWidth > 0) ? pictures.map((i) => i.alt) : null
                    """) as? [String]
            #expect(drawn == names)
            #expect(try await browser.waitOnScreen("#book-pictures li:first-child span").hasPrefix(names[0] + " · plays a video"))
            try await BrowserTests.screenshot(browser, "book-page")
        }
    }
}
