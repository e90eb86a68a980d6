import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

@Suite("worldlayer feedback")
struct FeedbackToolTests {
    @Test("lists what people wrote from the app, newest first, and marks it done; a bad id is one line and exit 1")
    func listAndDone() async throws {
        let db = CLI.scratchDatabase()
        let server = try await RunningServer(database: db)
        let reader = try await server.signUpAndLogIn("reader")
        let first = UUID().text, second = UUID().text
        let sent = [
            (
                first,
                ##"{"id":"\##(first)","topic":"problem","message":"The map stays grey.\nOn Firefox.","email":"me@example.org","screen":"#/map"}"##,
                nil
            ),
            (second, #"{"id":"\#(second)","topic":"idea","message":"Dark mode"}"#, reader),
        ]
        for (_, body, token) in sent {
            #expect(try await server.request("POST", "/v1/feedback", json: body, token: token).status == 201)
        }
        server.stop()

        let list = try CLI.run(["feedback", "list", "--database", db])
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].contains("idea  @reader") && lines[0].hasSuffix(second) && lines[1] == "    Dark mode", "\(list.stdout)")
        #expect(lines[2].contains("problem  signed out <me@example.org>  #/map  \(first)"), "\(list.stdout)")
        #expect(lines[3] == "    The map stays grey." && lines[4] == "    On Firefox.", "a message's lines stay under it")

        #expect(try CLI.run(["feedback", "done", first, "--database", db]).stdout == "marked \(first) done\n")
        #expect(!(try CLI.run(["feedback", "list", "--database", db]).stdout.contains(first)))
        let all = try CLI.run(["feedback", "list", "--all", "--json", "--database", db])
        let json = try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any]
        let statuses = (json?["feedback"] as? [[String: Any]])?.map { "\($0["id"] ?? "")=\($0["status"] ?? "")" }
        #expect(statuses == ["\(second)=new", "\(first)=done"])

        let unknown = try CLI.run(["feedback", "done", UUID().text, "--database", db])
        #expect(
            unknown.status == 1 && unknown.stderr.hasPrefix("worldlayer: no message with id")
                && unknown.stderr.split(separator: "\n").count == 1)
        let bad = try CLI.run(["feedback", "done", "nope", "--database", db])
        #expect(bad.status != 0 && bad.stderr.contains("'nope' is not a message id"))
    }

    @Test("escape sequences in what strangers wrote are printed as visible escapes, never sent to the terminal")
    func terminalEscapes() async throws {
        let db = CLI.scratchDatabase()
        let server = try await RunningServer(database: db)
        // ESC ] 0 ; retitles the window, ESC [ 2 J clears the screen, BEL rings, CR overwrites the line.
        let body =
            ##"{"id":"\##(UUID().text)","topic":"problem","message":"hi\u001b]0;pwned\u0007\u001b[2J\rfake prompt$","screen":"#/\u001b[31m"}"##
        #expect(try await server.request("POST", "/v1/feedback", json: body).status == 201)
        // An address carrying ESC is refused at sign-up, so no account can put one in `user list`.
        let signUp =
            #"{"username":"escaper","email":"a\u001b[2J@example.org","password":"correct horse","displayName":"E","birthday":"1990-05-17"}"#
        #expect(try await server.request("POST", "/v1/accounts", json: signUp).status == 422)
        server.stop()

        for arguments in [["feedback", "list"], ["user", "list"]] {
            let out = try CLI.run(arguments + ["--database", db])
            #expect(out.status == 0)
            #expect(!out.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "\(arguments): \(out.stdout)")
        }
        let list = try CLI.run(["feedback", "list", "--database", db])
        #expect(list.stdout.contains(#"hi\u{1b}]0;pwned\u{7}\u{1b}[2J\u{d}fake prompt$"#), "\(list.stdout)")
    }
}
