import Foundation
import HTTPTypes
import Testing
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Accounts over HTTP")
struct AccountTests {
    @Test("sign up, log in, me, log out; the token is dead afterwards", arguments: ScratchDatabase.engines)
    func lifecycle(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let created = try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("Ada"))
            #expect(created.status == .created)
            #expect(created.json["username"] as? String == "Ada")
            #expect(created.json["password"] == nil && !created.text.contains("$2"))
            let login = try await api.call(.post, "/v1/sessions", json: ["login": "ada@EXAMPLE.org", "password": "correct horse"])
            #expect(login.status == .created)
            let token = try #require(login.json["token"] as? String)
            #expect(token.hasPrefix("wl_") && token.count > 40)
            let me = try await api.call(.get, "/v1/me", token: token)
            #expect(me.status == .ok && me.json["displayName"] as? String == "Test Ada")
            #expect(try await api.call(.delete, "/v1/sessions/current", token: token).status == .noContent)
            let after = try await api.call(.get, "/v1/me", token: token)
            #expect(after.status == .unauthorized && after.errorCode == "invalid_token")
            #expect(try await api.call(.get, "/v1/me").status == .unauthorized)
        }
    }

    @Test("every kind of bad sign-up gets the right 4xx and creates nothing", arguments: ScratchDatabase.engines)
    func badSignUps(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let cases: [(String, APIResponse, Int, String)] = [
                ("malformed JSON", try await api.call(.post, "/v1/accounts", raw: "{\"username\": "), 400, "invalid_json"),
                ("empty body", try await api.call(.post, "/v1/accounts", raw: ""), 400, "invalid_json"),
                ("array body", try await api.call(.post, "/v1/accounts", raw: "[1,2]"), 400, "invalid_json"),
                (
                    "wrong type",
                    try await api.call(
                        .post, "/v1/accounts", json: (try Fixtures.signUp("bob").jsonObject).merging(["username": 5]) { $1 }),
                    422, "validation_failed"
                ),
                (
                    "missing field",
                    try await api.call(.post, "/v1/accounts", json: (try Fixtures.signUp("bob").jsonObject).filter { $0.key != "email" }),
                    422, "validation_failed"
                ),
                ("short username", try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("bo")), 422, "validation_failed"),
                (
                    "bad username chars", try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("bob smith")), 422,
                    "validation_failed"
                ),
                (
                    "bad email", try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("bob", email: "bob-at-example")), 422,
                    "validation_failed"
                ),
                (
                    "short password", try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("bob", password: "short")), 422,
                    "validation_failed"
                ),
                (
                    "password over 72 bytes",
                    try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("bob", password: String(repeating: "é", count: 40))),
                    422, "validation_failed"
                ),
                (
                    "future birthday",
                    try await api.call(
                        .post, "/v1/accounts", json: (try Fixtures.signUp("bob").jsonObject).merging(["birthday": "2999-01-01"]) { $1 }),
                    422,
                    "validation_failed"
                ),
                (
                    "impossible date",
                    try await api.call(
                        .post, "/v1/accounts", json: (try Fixtures.signUp("bob").jsonObject).merging(["birthday": "1990-02-30"]) { $1 }),
                    422,
                    "validation_failed"
                ),
                (
                    "too young",
                    try await api.call(
                        .post, "/v1/accounts", json: (try Fixtures.signUp("bob").jsonObject).merging(["birthday": "2020-01-01"]) { $1 }),
                    422,
                    "validation_failed"
                ),
                (
                    "blank display name",
                    try await api.call(
                        .post, "/v1/accounts", json: (try Fixtures.signUp("bob").jsonObject).merging(["displayName": "   "]) { $1 }), 422,
                    "validation_failed"
                ),
                (
                    "wrong content type",
                    try await api.call(
                        .post, "/v1/accounts", raw: "username=bob", headers: [.contentType: "application/x-www-form-urlencoded"]), 415,
                    "unsupported_media_type"
                ),
                (
                    "body too large",
                    try await api.call(.post, "/v1/accounts", raw: "{\"username\": \"" + String(repeating: "x", count: 2 << 20) + "\"}"),
                    413, "body_too_large"
                ),
            ]
            for (name, response, status, code) in cases {
                #expect(Int(response.status.code) == status, "\(name): \(response.status) \(response.text)")
                #expect(response.errorCode == code, "\(name): \(response.text)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "\(name)")
            }
            // Field-level messages name the field.
            let missing = try await api.call(
                .post, "/v1/accounts", json: (try Fixtures.signUp("bob").jsonObject).filter { $0.key != "email" })
            #expect(missing.errorFields == ["email"])
            let several = try await api.call(
                .post, "/v1/accounts", json: ["username": "x", "email": "no", "password": "1", "displayName": "", "birthday": "soon"])
            #expect(Set(several.errorFields) == ["username", "email", "password", "displayName", "birthday"])
            // Nothing was created: "bob" can still sign up, and nobody could log in as bob before.
            #expect(try await api.call(.post, "/v1/sessions", json: ["login": "bob", "password": "correct horse"]).status == .unauthorized)
            #expect(try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("bob")).status == .created)
        }
    }

    @Test("usernames and emails are taken ignoring case: 409 naming the field", arguments: ScratchDatabase.engines)
    func duplicates(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            #expect(try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("Grace")).status == .created)
            let sameName = try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("GRACE", email: "other@example.org"))
            #expect(sameName.status == .conflict && sameName.errorFields == ["username"])
            let sameEmail = try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("grace2", email: "grace@EXAMPLE.org"))
            #expect(sameEmail.status == .conflict && sameEmail.errorFields == ["email"])
        }
    }

    @Test("a retried sign-up with the same client id is applied once", arguments: ScratchDatabase.engines)
    func idempotentSignUp(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let id = UUID().uuidString
            let body = (try Fixtures.signUp("retry").jsonObject).merging(["id": id]) { $1 }
            let first = try await api.call(.post, "/v1/accounts", json: body)
            let second = try await api.call(.post, "/v1/accounts", json: body)
            #expect(first.status == .created && second.status == .ok)
            #expect((first.json["id"] as? String)?.lowercased() == id.lowercased())
            #expect(second.json["id"] as? String == first.json["id"] as? String)
            // The same id with another password is not a retry.
            let hijack = try await api.call(.post, "/v1/accounts", json: body.merging(["password": "another secret"]) { $1 })
            #expect(hijack.status == .conflict)
        }
    }

    @Test("changing the password ends the other sessions", arguments: ScratchDatabase.engines)
    func changePassword(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let phone = try await api.signUpAndLogIn("linus")
            let laptop = try await api.logIn("linus")
            let wrong = try await api.call(
                .put, "/v1/me/password", json: ["currentPassword": "nope nope", "newPassword": "new password"], token: phone)
            #expect(wrong.status == .forbidden)
            let weak = try await api.call(
                .put, "/v1/me/password", json: ["currentPassword": "correct horse", "newPassword": "short"], token: phone)
            #expect(weak.status == .unprocessableContent && weak.errorFields == ["newPassword"])
            #expect(
                try await api.call(
                    .put, "/v1/me/password", json: ["currentPassword": "correct horse", "newPassword": "new password"], token: phone
                ).status == .noContent)
            #expect(try await api.call(.get, "/v1/me", token: phone).status == .ok)
            #expect(try await api.call(.get, "/v1/me", token: laptop).status == .unauthorized)
            #expect(
                try await api.call(.post, "/v1/sessions", json: ["login": "linus", "password": "correct horse"]).status == .unauthorized)
            #expect(try await api.call(.post, "/v1/sessions", json: ["login": "linus", "password": "new password"]).status == .created)
        }
    }

    @Test("deleting the account needs the password, ends every session and frees the name", arguments: ScratchDatabase.engines)
    func deleteAccount(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let token = try await api.signUpAndLogIn("margaret")
            let other = try await api.logIn("margaret")
            #expect(try await api.call(.delete, "/v1/me", json: ["password": "wrong one"], token: token).status == .forbidden)
            #expect(try await api.call(.get, "/v1/me", token: token).status == .ok)
            #expect(try await api.call(.delete, "/v1/me", json: ["password": "correct horse"], token: token).status == .noContent)
            #expect(try await api.call(.get, "/v1/me", token: token).status == .unauthorized)
            #expect(try await api.call(.get, "/v1/me", token: other).status == .unauthorized)
            #expect(
                try await api.call(.post, "/v1/sessions", json: ["login": "margaret", "password": "correct horse"]).status == .unauthorized)
            #expect(try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("margaret")).status == .created)
        }
    }

    @Test("failed logins are limited per account: 429 with Retry-After, even for the right password", arguments: ScratchDatabase.engines)
    func rateLimit(engine: Store.Engine) async throws {
        try await withServer(engine, configure: { $0.loginLimits = .init(perSubject: 3, perAddress: 100) }) { api in
            try await api.signUpAndLogIn("target")
            for _ in 0..<3 {
                #expect(
                    try await api.call(.post, "/v1/sessions", json: ["login": "target", "password": "guess guess"]).status == .unauthorized)
            }
            let limited = try await api.call(.post, "/v1/sessions", json: ["login": "target", "password": "correct horse"])
            #expect(limited.status == .tooManyRequests && limited.errorCode == "too_many_attempts")
            let retryAfter = Int(limited.headers[.retryAfter] ?? "") ?? 0
            #expect(retryAfter > 0 && retryAfter <= 900)
            // Another account from the same address is unaffected.
            try await api.signUpAndLogIn("bystander")
        }
    }

    @Test(
        "two servers on one PostgreSQL share the count: failed logins split between them meet the one limit, on either server")
    func rateLimitAcrossServers() async throws {
        try await withTwoServers(.postgres, configure: { $0.loginLimits = .init(perSubject: 4, perAddress: 100) }) { first, second in
            try await first.signUpAndLogIn("sharedtarget")
            for (i, server) in [first, second, first, second].enumerated() {
                let failed = try await server.call(.post, "/v1/sessions", json: ["login": "sharedtarget", "password": "guess \(i) guess"])
                #expect(failed.status == .unauthorized)
            }
            // Four failures in all, two through each: both servers now refuse, the right password too.
            for server in [first, second] {
                let limited = try await server.call(.post, "/v1/sessions", json: ["login": "sharedtarget", "password": "correct horse"])
                #expect(limited.status == .tooManyRequests && limited.errorCode == "too_many_attempts", "\(limited.text)")
            }
        }
    }

    @Test("failed logins are limited per client address across accounts")
    func rateLimitPerAddress() async throws {
        try await withServer(.sqlite, configure: { $0.loginLimits = .init(perSubject: 100, perAddress: 4) }) { (api: API) async throws in
            for i in 0..<4 {
                #expect(
                    try await api.call(.post, "/v1/sessions", json: ["login": "nobody\(i)", "password": "guess guess"]).status
                        == .unauthorized)
            }
            #expect(
                try await api.call(.post, "/v1/sessions", json: ["login": "nobody9", "password": "guess guess"]).status == .tooManyRequests)
        }
    }

    @Test("unknown routes, wrong methods and bad tokens are JSON errors")
    func routingErrors() async throws {
        try await withServer(.sqlite) { api in
            let missing = try await api.call(.get, "/v1/nothing-here")
            #expect(missing.status == .notFound && missing.errorCode == "not_found")
            let wrongMethod = try await api.call(.patch, "/v1/me")
            #expect(wrongMethod.status == .methodNotAllowed && wrongMethod.errorCode == "method_not_allowed")
            #expect(wrongMethod.headers[.allow]?.contains("GET") == true)
            let badScheme = try await api.call(.get, "/v1/me", headers: [.authorization: "Basic abc"])
            #expect(badScheme.status == .unauthorized && badScheme.headers[.wwwAuthenticate] != nil)
            let forged = try await api.call(.get, "/v1/me", token: "wl_forged")
            #expect(forged.status == .unauthorized && forged.errorCode == "invalid_token")
            for r in [missing, wrongMethod, forged] {
                #expect(!r.text.contains("SQL") && !r.text.contains("Error(") && !r.text.contains(".swift"))
            }
        }
    }
}
