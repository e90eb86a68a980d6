import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        let created = try CLI.run(["user", "create", "--database", db, "--username", name, "--email", "\(name)@example.org", "--birthday", "1985-03-04", "--bcrypt-cost", "4"], stdin: "a good password\n")
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try CLI.run(["user", "list", "--database", db]).stdout.contains("\(name)\t\(name)@example.org\tuser"))
        #expect(try CLI.run(["user", "role", "--database", db, name, "moderator"]).status == 0)
        #expect(try CLI.run(["user", "list", "--database", db]).stdout.contains("\(name)@example.org\tmoderator"))
        let duplicate = try CLI.run(["user", "create", "--database", db, "--username", name.uppercased(), "--email", "x\(name)@example.org", "--birthday", "1985-03-04", "--bcrypt-cost", "4"], stdin: "a good password\n")
        #expect(duplicate.status == 1 && duplicate.stderr.contains("username is taken"))
        let invalid = try CLI.run(["user", "create", "--database", db, "--username", "x", "--email", "bad", "--birthday", "1985-03-04", "--bcrypt-cost", "4"], stdin: "short\n")
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

    @Test("serve answers over HTTP and stops cleanly on SIGTERM", arguments: engines)
    func serve(engine: String) async throws {
        let port = try freePort()
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["serve", "--port", "\(port)", "--database", ServerProcessTests.database(engine), "--log-level", "error", "--bcrypt-cost", "4"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let base = "http://127.0.0.1:\(port)"
        // Poll until the server answers, with a deadline.
        let deadline = Date().addingTimeInterval(60)
        var health: (Int, String)?
        while Date() < deadline {
            if let r = try? await request("GET", "\(base)/health"), r.0 == 200 {
                health = r
                break
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        #expect(health?.1.contains("ok") == true)
        let name = "srv\(UUID().uuidString.prefix(6).lowercased())"
        let signUp = try await request("POST", "\(base)/v1/accounts", json: "{\"username\":\"\(name)\",\"email\":\"\(name)@example.org\",\"password\":\"pass word\",\"displayName\":\"S\",\"birthday\":\"1990-01-01\"}")
        #expect(signUp.0 == 201)
        #expect(try await request("GET", "\(base)/ready").0 == 200)
        process.terminate()  // SIGTERM
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    private func request(_ method: String, _ url: String, json: String? = nil) async throws -> (Int, String) {
        var r = URLRequest(url: URL(string: url)!)
        r.httpMethod = method
        if let json {
            r.httpBody = Data(json.utf8)
            r.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: r)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    private func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        return Int(UInt16(bigEndian: addr.sin_port))
    }
}
