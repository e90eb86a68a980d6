import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

@Suite("worldlayer digest run")
struct DigestToolTests {
    /// Places a published sticker through the API; returns its id.
    static func place(
        _ server: RunningServer, _ token: String, text: String, tags: [String] = [], visibility: String = "public", north: Double = 0
    ) async throws -> String {
        let id = UUID().text
        let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
        let body = """
            {"templateId":"sticky-note","text":"\(text)","tags":[\(tagList)],"color":"#FFD60A","size":0.4,"orientation":[0,0,0,1],
             "anchor":{"latitude":\(60.1699 + north / 111_320),"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"\(visibility)","sharedWith":[]}
            """
        guard try await server.request("PUT", "/v1/stickers/\(id)", json: body, token: token).status == 201,
            try await server.request("POST", "/v1/stickers/\(id)/place", token: token).status == 200
        else { throw CLIFailure("placing failed") }
        return id
    }

    /// The text of an .eml file's base64 body.
    static func body(ofEML text: String) -> String {
        let parts = text.components(separatedBy: "\r\n\r\n")
        let base64 = parts.dropFirst().joined().replacingOccurrences(of: "\r\n", with: "")
        return String(decoding: Data(base64Encoded: base64) ?? Data(), as: UTF8.self)
    }

    @Test("two digest runs started together send each person one digest between them; links use the public URL from the environment")
    func concurrentRuns() async throws {
        let db = CLI.scratchDatabase()
        let server = try await RunningServer(database: db)
        let poster = try await server.signUpAndLogIn("poster")
        let people = (0..<8).map { "reader\($0)" }
        for name in people {
            let token = try await server.signUpAndLogIn(name)
            let settings = try await server.request(
                "PATCH", "/v1/me/settings", json: #"{"weeklyDigest":true,"home":{"latitude":60.1699,"longitude":24.9384}}"#, token: token)
            #expect(settings.status == 200)
        }
        _ = try await Self.place(server, poster, text: "Market opens early", north: 5)
        #expect(server.stop() == 0)

        let outs = (0..<2).map { FileManager.default.temporaryDirectory.appendingPathComponent("wl-digests-\($0)-\(UUID().uuidString)") }
        defer { for out in outs { try? FileManager.default.removeItem(at: out) } }
        // Two processes at once, as two machines' cron jobs would start them.
        let results = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for out in outs {
                group.addTask {
                    try await withCheckedThrowingContinuation { done in
                        DispatchQueue.global().async {
                            done.resume(
                                with: Result {
                                    try CLI.run(
                                        ["digest", "run", "--database", db, "--out", out.path],
                                        environment: ["WORLDLAYER_PUBLIC_URL": "https://worldlayer.example"])
                                })
                        }
                    }
                }
            }
            return try await group.reduce(into: [CLI.Result]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map { $0.stdout + $0.stderr })")
        let written = outs.map { Set((try? FileManager.default.contentsOfDirectory(atPath: $0.path)) ?? []) }
        #expect(written[0].count + written[1].count == people.count, "\(written.map(\.count)): \(results.map(\.stdout))")
        #expect(written[0].isDisjoint(with: written[1]), "nobody had two")
        let any = try #require(outs.flatMap { out in written[outs.firstIndex(of: out)!].map { out.appendingPathComponent($0) } }.first)
        let text = Self.body(ofEML: try String(contentsOf: any, encoding: .utf8))
        #expect(text.contains("https://worldlayer.example/s/") && !text.contains("localhost"), "\(text)")
    }

    @Test("an opted-in person gets the week's new stickers near home and under what they follow, once; SMTP delivers to a real server")
    func digest() async throws {
        let db = CLI.scratchDatabase()
        let server = try await RunningServer(database: db)
        let ada = try await server.signUpAndLogIn("ada"), ben = try await server.signUpAndLogIn("ben"),
            cat = try await server.signUpAndLogIn("cat")
        let settings = try await server.request(
            "PATCH", "/v1/me/settings", json: #"{"weeklyDigest":true,"home":{"latitude":60.1699,"longitude":24.9384}}"#, token: ben)
        #expect(settings.status == 200 && settings.text.contains("\"weeklyDigest\":true"))
        #expect(try await server.request("PUT", "/v1/me/tags/kahvi", token: ben).status == 200)
        _ = try await Self.place(server, ada, text: "Coffee corner", tags: ["kahvi"], north: 5)
        _ = try await Self.place(server, ada, text: "Only mine", visibility: "private", north: 6)
        _ = try await Self.place(server, cat, text: "Far away tea", tags: ["kahvi"], north: 5_000)
        #expect(server.stop() == 0)

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("wl-digests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let first = try CLI.run(["digest", "run", "--database", db, "--out", out.path])
        #expect(
            first.status == 0 && first.stdout.contains(": sent 1 digest, 0 with nothing new, 0 already sent this week"),
            "\(first.stdout)\(first.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(files.count == 1 && files[0].hasSuffix(".eml"))
        let eml = try String(contentsOf: out.appendingPathComponent(files[0]), encoding: .utf8)
        #expect(
            eml.contains("To: \(Fixtures.signUp("ben").displayName) <ben@example.org>\r\n")
                && eml.contains("Subject: Your WorldLayer week: 2 new stickers\r\n"))
        let text = Self.body(ofEML: eml)
        #expect(text.contains("New near you (1)") && text.contains("“Coffee corner” by @ada"))
        #expect(text.contains("“Far away tea” by @cat under #kahvi") && !text.contains("Only mine"), "\(text)")
        let again = try CLI.run(["digest", "run", "--database", db, "--out", out.path])
        #expect(again.stdout.contains("sent 0 digests, 0 with nothing new, 1 already sent this week"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).count == 1)

        // The SMTP sender, against a real SMTP server (Debian's python3-aiosmtpd) that keeps what it receives in a Maildir;
        // dan reads Swedish, so his digest is in Swedish.
        let server2 = try await RunningServer(database: db)
        let dan = try await server2.signUpAndLogIn("dan")
        _ = try await server2.request(
            "PATCH", "/v1/me/settings", json: #"{"weeklyDigest":true,"home":{"latitude":60.1699,"longitude":24.9384},"language":"sv"}"#,
            token: dan)
        server2.stop()
        let smtp = try LoopbackSMTP()
        defer { smtp.stop() }
        var sent: CLI.Result?
        for _ in 0..<50 {  // until it listens
            try await Task.sleep(nanoseconds: 100_000_000)
            let r = try CLI.run(["digest", "run", "--database", db, "--smtp", "127.0.0.1:\(smtp.port)"])
            if r.status == 0 { sent = r; break }
        }
        #expect(sent?.stdout.contains("sent 1 digest") == true, "\(sent?.stdout ?? "never sent")")
        let delivered = smtp.delivered()
        #expect(delivered.count == 1)
        let mail = delivered.first ?? ""
        let swedish = Self.body(ofEML: mail.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(mail.contains("To: \(Fixtures.signUp("dan").displayName) <dan@example.org>") && swedish.contains("Coffee corner"))
        #expect(
            swedish.contains("Här är din WorldLayer-vecka") && swedish.contains("Nytt nära dig (1)") && swedish.contains("av @ada"),
            "\(swedish)")

        #expect(try CLI.run(["digest", "run", "--database", db, "--week", "2026-W60"]).status == 64)
        #expect(try CLI.run(["digest", "run", "--database", db, "--smtp", "nowhere"]).status == 64)
    }
}
