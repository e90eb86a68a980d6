import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("The server in Finnish and Swedish")
struct LanguageAPITests {
    static let badSignUp =
        #"{"username": "_x", "email": "not an address", "password": "short", "displayName": "Ada", "birthday": "1990-05-17"}"#

    static func fields(_ r: APIResponse) -> [String: String] {
        let fields = (r.json["error"] as? [String: Any])?["fields"] as? [[String: String]] ?? []
        return Dictionary(fields.map { ($0["field"] ?? "", $0["message"] ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    static func message(_ r: APIResponse) -> String { (r.json["error"] as? [String: Any])?["message"] as? String ?? "" }

    @Test(
        "a refused sign-up says why in the language Accept-Language asks for, the same codes and fields in each",
        arguments: ScratchDatabase.engines)
    func refusals(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let english = try await api.call(.post, "/v1/accounts", raw: Self.badSignUp)
            let finnish = try await api.call(
                .post, "/v1/accounts", raw: Self.badSignUp, headers: [.acceptLanguage: "fi-FI,fi;q=0.9,en;q=0.5"])
            let swedish = try await api.call(.post, "/v1/accounts", raw: Self.badSignUp, headers: [.acceptLanguage: "de, sv;q=0.8"])
            for r in [english, finnish, swedish] {
                #expect(r.status == .unprocessableContent && r.errorCode == "validation_failed")
                #expect(Set(r.errorFields) == ["username", "email", "password"])
            }
            #expect(
                english.headers[.contentLanguage] == "en" && finnish.headers[.contentLanguage] == "fi"
                    && swedish.headers[.contentLanguage] == "sv")
            #expect(Self.fields(english)["email"] == "must be an email address like name@example.org")
            #expect(Self.fields(finnish)["email"] == "on oltava sähköpostiosoite, kuten nimi@example.org")
            #expect(Self.fields(swedish)["email"] == "måste vara en e-postadress som namn@example.org")
            #expect(Self.fields(finnish)["password"] == "on oltava 8–72 tavua pitkä", "\(finnish.text)")
            #expect(Self.message(finnish).contains("email: on oltava sähköpostiosoite"))

            // Not only fields: a missing sticker, a bad query parameter, a refused login.
            let missing = try await api.call(.get, "/v1/stickers/\(UUID().uuidString)", headers: [.acceptLanguage: "sv"])
            #expect(missing.status == .notFound && Self.message(missing) == "klistermärket finns inte")
            let query = try await api.call(.get, "/v1/stickers/nearby?latitude=91&longitude=24.9", headers: [.acceptLanguage: "fi"])
            #expect(query.status == .badRequest && Self.message(query) == "'latitude' on oltava luku väliltä -90.0–90.0", "\(query.text)")
            _ = try await api.signUpAndLogIn("ana")
            let login = try await api.call(
                .post, "/v1/sessions", json: ["login": "ana", "password": "wrong password"], headers: [.acceptLanguage: "fi"])
            #expect(login.status == .unauthorized && Self.message(login) == "väärä käyttäjätunnus, sähköpostiosoite tai salasana")
            // A malformed header is no error: English.
            let odd = try await api.call(.post, "/v1/accounts", raw: Self.badSignUp, headers: [.acceptLanguage: ";;q=,,\u{7f}"])
            #expect(odd.status == .unprocessableContent && odd.headers[.contentLanguage] == "en")
        }
    }

    @Test(
        "an account's e-mails come in its language: chosen at sign-up, changed in Settings; a malformed language is refused and changes nothing",
        arguments: ScratchDatabase.engines)
    func mails(engine: Store.Engine) async throws {
        let mail = MailFolder()
        try await withServer(engine, configure: { $0.mailSender = mail.sender }) { api in
            var sven = Fixtures.signUp("sven")
            sven.language = .swedish
            #expect(try await api.call(.post, "/v1/accounts", json: sven).status == .created)
            let welcome = try #require(try await mail.waitForMessages(to: "sven@example.org", subject: "Bekräfta").first)
            #expect(welcome.body.contains("Välkommen till WorldLayer, @sven") && welcome.body.contains("#/verify/wlv_"))
            let token = try await api.logIn("sven")
            #expect(try await api.call(.get, "/v1/me/settings", token: token).json["language"] as? String == "sv")

            // Without a language in the body, the request's Accept-Language.
            let aino = try await api.call(.post, "/v1/accounts", json: Fixtures.signUp("aino"), headers: [.acceptLanguage: "fi-FI"])
            #expect(aino.status == .created)
            let tervetuloa = try #require(try await mail.waitForMessages(to: "aino@example.org", subject: "Vahvista").first)
            #expect(tervetuloa.body.contains("Tervetuloa WorldLayeriin, @aino"))

            let bad = try await api.call(.patch, "/v1/me/settings", json: ["language": "not a tag!"], token: token)
            #expect(bad.status == .unprocessableContent && bad.errorFields == ["language"])
            #expect(try await api.call(.get, "/v1/me/settings", token: token).json["language"] as? String == "sv")

            let changed = try await api.call(.patch, "/v1/me/settings", json: ["language": "fi-FI"], token: token)
            #expect(changed.status == .ok && changed.json["language"] as? String == "fi")
            #expect(try await api.call(.post, "/v1/password-resets", json: ["login": "sven"]).status == .accepted)
            let reset = try #require(
                try await mail.waitForMessages(to: "sven@example.org", subject: "Valitse uusi WorldLayer-salasana").first)
            #expect(reset.body.contains("Hei Test sven,") && reset.body.contains("#/reset/wlr_"))
            // A language we do not write in is English.
            #expect(
                try await api.call(.patch, "/v1/me/settings", json: ["language": "de"], token: token).json["language"] as? String == "en")
        }
    }
}
