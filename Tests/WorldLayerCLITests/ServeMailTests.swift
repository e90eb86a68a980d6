import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

@Suite("worldlayer serve --mail")
struct ServeMailTests {
    @Test("a reset link goes through a real SMTP server (Debian's aiosmtpd) to the account's address, its link on --public-url")
    func resetThroughSMTP() async throws {
        let smtp = try LoopbackSMTP()
        defer { smtp.stop() }
        let db = CLI.scratchDatabase()
        let server = try await RunningServer(
            database: db,
            extra: [
                "--mail", "smtp://127.0.0.1:\(smtp.port)", "--public-url", "https://walks.example", "--mail-from",
                "Walks <no-reply@walks.example>",
            ])
        defer { server.stop() }
        _ = try await server.signUpAndLogIn("dora")
        let asked = try await server.request("POST", "/v1/password-resets", json: #"{"login":"dora"}"#)
        #expect(asked.status == 202)
        var delivered: [String] = []
        for _ in 0..<100 where delivered.count < 2 {  // the confirmation and the reset
            try await Task.sleep(for: .milliseconds(100))
            delivered = smtp.delivered()
        }
        let reset = try #require(delivered.first { $0.contains("Subject: Choose a new WorldLayer password") })
        #expect(reset.contains("To: Test dora <dora@example.org>") && reset.contains("From: Walks <no-reply@walks.example>"))
        let body = try #require(
            MailFolder.parse(reset.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")))
        #expect(body.body.contains("https://walks.example/#/reset/wlr_"))
    }

    @Test("a mail destination that is neither a folder nor smtp://host:port is refused before starting")
    func badDestination() throws {
        let refused = try CLI.run(["serve", "--mail", "smtp://nowhere", "--port", "0"])
        #expect(refused.status == 64 && refused.stderr.contains("--mail"))
        let badURL = try CLI.run(["serve", "--public-url", "walks.example", "--port", "0"])
        #expect(badURL.status == 64 && badURL.stderr.contains("--public-url"))
    }
}
