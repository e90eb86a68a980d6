import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

@Suite("worldlayer serve, migrate and user, as a person runs them")
struct ServerProcessTests {
    static var engines: [String] {
        var urls = ["sqlite"]
        if ProcessInfo.processInfo.environment["WORLDLAYER_TEST_POSTGRES_URL"] != nil { urls.append("postgres") }
        return urls
    }

    /// A database URL of the engine: a new file, or the test server's database.
    static func database(_ engine: String) -> String {
        engine == "sqlite" ? CLI.scratchDatabase() : ProcessInfo.processInfo.environment["WORLDLAYER_TEST_POSTGRES_URL"]!
    }

    @Test("user create, list, role and delete", arguments: engines)
    func users(engine: String) throws {
        let db = ServerProcessTests.database(engine)
        let name = "cli\(UUID().uuidString.prefix(6).lowercased())"
        let created = try CLI.run(
            [
                "user", "create", "--database", db, "--username", name, "--email", "\(name)@example.org", "--birthday", "1985-03-04",
                "--bcrypt-cost", "4",
            ], stdin: "a good password\n")
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try CLI.run(["user", "list", "--database", db]).stdout.contains("\(name)\t\(name)@example.org\tuser"))
        #expect(try CLI.run(["user", "role", "--database", db, name, "moderator"]).status == 0)
        #expect(try CLI.run(["user", "list", "--database", db]).stdout.contains("\(name)@example.org\tmoderator"))
        let duplicate = try CLI.run(
            [
                "user", "create", "--database", db, "--username", name.uppercased(), "--email", "x\(name)@example.org", "--birthday",
                "1985-03-04", "--bcrypt-cost", "4",
            ], stdin: "a good password\n")
        #expect(duplicate.status == 1 && duplicate.stderr.contains("username is taken"))
        let invalid = try CLI.run(
            ["user", "create", "--database", db, "--username", "x", "--email", "bad", "--birthday", "1985-03-04", "--bcrypt-cost", "4"],
            stdin: "short\n")
        #expect(invalid.status == 1 && invalid.stderr.split(separator: "\n").count == 1)
        #expect(try CLI.run(["user", "delete", "--database", db, name]).status == 0)
        #expect(!(try CLI.run(["user", "list", "--database", db]).stdout.contains(name)))
        let missing = try CLI.run(["user", "delete", "--database", db, name])
        #expect(missing.status == 1 && missing.stderr.contains("no account named"))
    }

    @Test("migrate reports the schema version; an unreachable database is one clear line")
    func migrate() throws {
        let db = CLI.scratchDatabase()
        #expect(try CLI.run(["migrate", "--database", db]).stdout.contains("applied migrations"))
        #expect(try CLI.run(["migrate", "--database", db]).stdout.contains("up to date"))
        let down = try CLI.run(["migrate", "--database", "postgres://nobody@127.0.0.1:1/none?sslmode=disable"])
        #expect(down.status == 1 && down.stderr.split(separator: "\n").count == 1)
    }

    @Test(
        "what another process writes to the SQLite file (the CLI deleting an account) leaves the running server's nearby search at once",
        arguments: [[], ["--nearby-in-sql"]])
    func anotherProcessWrites(extra: [String]) async throws {
        let db = CLI.scratchDatabase()
        let server = try await RunningServer(database: db, extra: extra)
        let name = "w\(UUID().uuidString.prefix(6).lowercased())"
        let token = try await server.signUpAndLogIn(name)
        let id = UUID().uuidString.lowercased()
        let body = """
            {"templateId": "sticky-note", "text": "hello", "tags": [], "color": "#ff8800", "size": 0.4, "orientation": [0, 0, 0, 1],
             "anchor": {"latitude": 60.1699, "longitude": 24.9384, "altitude": 0, "accuracy": 5}, "visibility": "public", "sharedWith": []}
            """
        #expect(try await server.request("PUT", "/v1/stickers/\(id)", json: body, token: token).status == 201)
        #expect(try await server.request("POST", "/v1/stickers/\(id)/place", token: token).status == 200)
        let nearby = "/v1/stickers/nearby?latitude=60.1699&longitude=24.9384&radius=50"
        #expect(try await server.request("GET", nearby).text.contains(id))
        let deleted = try CLI.run(["user", "delete", name, "--database", db])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let after = try await server.request("GET", nearby)
        #expect(after.status == 200 && !after.text.contains(id))
        #expect(server.stop() == 0)
    }

    @Test("serve on a port already taken says so in one line and exits non-zero (it once died with a trap)")
    func busyPort() async throws {
        let server = try await RunningServer(database: CLI.scratchDatabase())
        defer { _ = server.stop() }
        let port = String(try #require(server.base.split(separator: ":").last))
        let second = try await offThePool {
            try CLI.run(["serve", "--port", port, "--database", CLI.scratchDatabase(), "--media", CLI.scratchMedia()])
        }
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.stderr.split(separator: "\n").count == 1 && second.stderr.contains("port \(port) on 127.0.0.1 is already in use"))
        #expect(try await server.request("GET", "/health").status == 200)
    }

    @Test("serve answers over HTTP and stops cleanly on SIGTERM", arguments: engines)
    func serve(engine: String) async throws {
        let server = try await RunningServer(database: ServerProcessTests.database(engine))
        #expect(try await server.request("GET", "/health").text.contains("ok"))
        let name = "srv\(UUID().uuidString.prefix(6).lowercased())"
        _ = try await server.signUpAndLogIn(name)
        #expect(try await server.request("GET", "/ready").status == 200)
        #expect(server.stop() == 0)  // SIGTERM
    }
}
