import Foundation
import Testing

/// The client opens with no connection only if the service worker keeps every module it may load.
@Suite("The offline shell")
struct OfflineShellTests {
    @Test("every module of the browser client is in the service worker's shell list")
    func everyModuleKept() throws {
        let web = BrowserTests.root.appendingPathComponent("Web")
        let worker = try String(contentsOf: web.appendingPathComponent("sw.js"), encoding: .utf8)
        let js = web.appendingPathComponent("js")
        let modules = FileManager.default.enumerator(atPath: js.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".js") } ?? []
        #expect(modules.count > 30)
        let missing = modules.filter { !worker.contains("\"/js/\($0)\"") }.sorted()
        #expect(missing.isEmpty, "not kept for offline: \(missing)")
    }
}
