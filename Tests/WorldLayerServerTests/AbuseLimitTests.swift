import Crypto
import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Limits that slow a guesser or a flood without locking out the owner (issue 27, findings 6, 7, 10, 12).
/// Client addresses come from `X-Forwarded-For` through a trusted proxy on loopback; the documentation
/// ranges (203.0.113.0/24, 198.51.100.0/24) are only ever names in a header, never sent traffic.
@Suite("Abuse limits")
struct AbuseLimitTests {
    static func from(_ address: String) -> HTTPFields { [HTTPField.Name("X-Forwarded-For")!: address] }

    static func logIn(_ api: API, _ login: String, _ password: String, from address: String) async throws -> HTTPResponse.Status {
        try await api.call(.post, "/v1/sessions", json: ["login": login, "password": password], headers: from(address)).status
    }

    @Test(
        "wrong passwords from an attacker's addresses never lock the owner out; the attacker's addresses wait",
        arguments: ScratchDatabase.engines)
    func noLockout(engine: Store.Engine) async throws {
        try await withServer(
            engine,
            configure: {
                $0.trustedProxies = ["127.0.0.1"]
                $0.loginLimits = .init(perSubject: 5, perAddress: 50, perSubjectFromAll: 8)
            }
        ) { api in
            try await api.signUpAndLogIn("victim")
            for _ in 0..<5 { #expect(try await Self.logIn(api, "victim", "guess guess", from: "203.0.113.5") == .unauthorized) }
            #expect(try await Self.logIn(api, "victim", "correct horse", from: "203.0.113.5") == .tooManyRequests)
            #expect(try await Self.logIn(api, "victim", "correct horse", from: "198.51.100.7") == .created)
            // Guesses spread over addresses: past the total, each address that guessed wrong waits…
            for n in 10..<13 { #expect(try await Self.logIn(api, "victim", "guess guess", from: "203.0.113.\(n)") == .unauthorized) }
            #expect(try await Self.logIn(api, "victim", "guess guess", from: "203.0.113.10") == .tooManyRequests)
            // …while a fresh address gets an answer, and the owner gets in.
            #expect(try await Self.logIn(api, "victim", "guess guess", from: "203.0.113.99") == .unauthorized)
            #expect(try await Self.logIn(api, "victim", "correct horse", from: "198.51.100.8") == .created)
        }
    }

    @Test("X-Forwarded-For counts only from a configured proxy")
    func untrustedForwardedFor() async throws {
        try await withServer(.sqlite, configure: { $0.loginLimits = .init(perSubject: 3, perAddress: 50) }) { api in
            try await api.signUpAndLogIn("victim")
            for n in 0..<3 { _ = try await Self.logIn(api, "victim", "guess guess", from: "203.0.113.\(n)") }
            #expect(try await Self.logIn(api, "victim", "guess guess", from: "203.0.113.200") == .tooManyRequests)
        }
    }

    @Test("a sign-up retried with another's public id reveals nothing and is limited like a login", arguments: ScratchDatabase.engines)
    func signUpReplayIsNoOracle(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let id = UUID().text
            var ada = try Fixtures.signUp("ada", email: "ada@private.example").jsonObject
            ada["id"] = id
            #expect(try await api.call(.post, "/v1/accounts", json: ada).status == .created)
            // Knowing the id, the username and the password is not enough: the whole request must repeat.
            var guess = try Fixtures.signUp("ada", email: "attacker@example.org").jsonObject
            guess["id"] = id
            let right = try await api.call(.post, "/v1/accounts", json: guess)
            #expect(right.status == .conflict && !right.text.contains("private.example") && !right.text.contains("1990-05-17"))
            guess["password"] = "wrong guess"
            for _ in 0..<4 { #expect(try await api.call(.post, "/v1/accounts", json: guess).status == .conflict) }
            let limited = try await api.call(.post, "/v1/accounts", json: guess)
            #expect(limited.status == .tooManyRequests && limited.errorCode == "too_many_attempts")
        }
    }

    @Test("two servers on one PostgreSQL take sign-ups from one bucket per address: the limit does not double")
    func signUpsAcrossServers() async throws {
        try await withTwoServers(.postgres, configure: { $0.signUpRate = .init(perSecond: 0.001, burst: 3) }) { first, second in
            for (n, server) in [first, second, first].enumerated() {
                #expect(try await server.call(.post, "/v1/accounts", json: Fixtures.signUp("shared\(n)")).status == .created)
            }
            // Three in all, from one address through both servers: each now refuses, saying when to come back.
            for server in [second, first] {
                let limited = try await server.call(.post, "/v1/accounts", json: Fixtures.signUp("shared9"))
                #expect(limited.status == .tooManyRequests && limited.errorCode == "rate_limited", "\(limited.text)")
                #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
            }
        }
    }

    @Test("sign-ups are limited per address: 429 with Retry-After", arguments: ScratchDatabase.engines)
    func signUpsPerAddress(engine: Store.Engine) async throws {
        try await withServer(engine, configure: { $0.signUpRate = .init(perSecond: 0.001, burst: 3) }) { api in
            for n in 0..<3 { #expect(try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("user\(n)")).status == .created) }
            let limited = try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("user9"))
            #expect(limited.status == .tooManyRequests && Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
            #expect(
                try await api.call(.post, "/v1/sessions", json: ["login": "user9", "password": "correct horse"]).status == .unauthorized)
        }
    }

    @Test(
        "wrong passkeys from one place do not close a guided tour to its group; a participant's token ends with its group",
        arguments: ScratchDatabase.engines)
    func passkeysAndParticipantExpiry(engine: Store.Engine) async throws {
        let database = DatabaseBox()
        try await GuidedTourTests().withGuidedTour(
            engine,
            configure: {
                $0.trustedProxies = ["127.0.0.1"]
                database.url = $0.database
            }
        ) { api, tourID, guide, _ in
            let keys = try #require(
                try await api.call(.post, "/v1/tours/\(tourID)/groups", json: ["name": "G", "passkeys": 1], token: guide).json["passkeys"]
                    as? [String])
            for n in 0..<40 {
                _ = try await api.call(
                    .post, "/v1/tours/\(tourID)/redeem", json: ["passkey": "AAAA-AAAA"], headers: Self.from("203.0.113.\(n % 4)"))
            }
            let joined = try await api.call(
                .post, "/v1/tours/\(tourID)/redeem", json: ["passkey": keys[0]], headers: Self.from("198.51.100.7"))
            #expect(joined.status == .created, "\(joined.text)")
            let token = try #require(joined.json["token"] as? String)
            let hash = SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
            let store = try Store.open(try #require(database.url), logger: ScratchDatabase.quietLogger)
            #expect(try await store.guidedTours.participant(tokenHash: hash) != nil)
            #expect(try await store.guidedTours.participant(tokenHash: hash, now: Date().addingTimeInterval(13 * 3600)) == nil)
            try await store.close()
        }
    }
}

/// The database a configured server uses, read back by the test.
final class DatabaseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: DatabaseURL?
    var url: DatabaseURL? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
