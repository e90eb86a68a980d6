import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

@Suite("worldlayer compact")
struct CompactToolTests {
    @Test(
        "compacts a stopped SQLite store and says what it did; refuses a running server's store, a missing file and PostgreSQL in one line")
    func compact() async throws {
        let db = CLI.scratchDatabase()
        #expect(try CLI.run(["migrate", "--database", db]).status == 0)
        let done = try CLI.run(["compact", "--database", db])
        #expect(done.status == 0)
        #expect(done.stdout.contains("compacted ") && done.stdout.contains("16 KiB → 16 KiB pages"), "\(done.stdout)")

        let server = try await RunningServer(database: db)
        let busy = try CLI.run(["compact", "--database", db])
        #expect(busy.status == 1 && busy.stderr.hasSuffix("stop `worldlayer serve` (and any other user of it) first\n"), "\(busy.stderr)")
        #expect(try await server.request("GET", "/health").status == 200, "the server is untouched")
        server.stop()

        let missing = try CLI.run(["compact", "--database", "sqlite:/nonexistent/wl.sqlite"])
        #expect(missing.status == 1 && missing.stderr == "worldlayer: no database at /nonexistent/wl.sqlite\n")
        let postgres = try CLI.run(["compact", "--database", "postgres://u@127.0.0.1:1/db"])
        #expect(postgres.status == 1 && postgres.stderr.split(separator: "\n").count == 1 && postgres.stderr.contains("SQLite"))
    }
}
