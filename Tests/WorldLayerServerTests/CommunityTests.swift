import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Stickers as a community: follows, private accounts, blocks, feed, discovery, reports and moderation")
struct CommunityTests {
    /// Places a published sticker; returns its id.
    static func place(
        _ api: API, _ token: String, text: String, tags: [String] = [], visibility: Visibility = .public, sharedWith: [String] = [],
        north: Double = 0
    )
        async throws -> String
    {
        let id = UUID().text
        let body = Fixtures.sticker(north: north, text: text, visibility: visibility, sharedWith: sharedWith).with { $0.tags = tags }
        let put = try await api.call(.put, "/v1/stickers/\(id)", json: body, token: token)
        guard put.status == .created else { throw HelperFailure("create failed: \(put.text)") }
        guard try await api.call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok else { throw HelperFailure("place failed") }
        return id
    }

    static func usernames(_ r: APIResponse, _ key: String = "people") -> [String] {
        (r.json[key] as? [[String: Any]] ?? []).compactMap { $0["username"] as? String }
    }

    @Test(
        "follows, a private account that approves each follower, and a block that ends follows and hides profiles",
        arguments: ScratchDatabase.engines)
    func follows(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben")
            let cat = try await api.signUpAndLogIn("cat"), dan = try await api.signUpAndLogIn("dan")
            let followed = try await api.call(.put, "/v1/me/follows/ada", token: ben)
            #expect(followed.status == .ok && followed.json["following"] as? Bool == true)
            #expect(try await api.call(.put, "/v1/me/follows/ADA", token: ben).status == .ok)  // twice is once
            #expect(try await api.call(.put, "/v1/me/follows/dan", token: ada).status == .ok)
            #expect(try await api.call(.put, "/v1/me/follows/ada", token: dan).status == .ok)
            #expect(Self.usernames(try await api.call(.get, "/v1/people/ada/followers")) == ["ben", "dan"])
            #expect(Self.usernames(try await api.call(.get, "/v1/people/ben/following")) == ["ada"])
            #expect(try await api.call(.put, "/v1/me/follows/nobody", token: ben).status == .notFound)
            #expect(try await api.call(.put, "/v1/me/follows/ada").status == .unauthorized)

            // A private account approves each follower: going private keeps those it has; a new one asks.
            #expect(try await api.call(.put, "/v1/me/follows/cat", token: ada).status == .ok)
            let settings = try await api.call(.patch, "/v1/me/settings", json: ["privateAccount": true], token: cat)
            #expect(settings.status == .ok && settings.json["privateAccount"] as? Bool == true)
            #expect(Self.usernames(try await api.call(.get, "/v1/people/cat/followers", token: cat)) == ["ada"])
            #expect(try await api.call(.get, "/v1/people/cat/followers", token: ben).errorCode == "private_account")
            let asked = try await api.call(.put, "/v1/me/follows/cat", token: ben)
            #expect(asked.status == .accepted && asked.json["requested"] as? Bool == true && asked.json["following"] as? Bool == false)
            let catCard = try await api.call(.get, "/v1/people/cat", token: ben)
            #expect(catCard.json["acceptsFollows"] as? Bool == false && catCard.json["requested"] as? Bool == true)
            #expect(Self.usernames(try await api.call(.get, "/v1/me/follow-requests", token: cat)) == ["ben"])
            #expect(try await api.call(.put, "/v1/me/follow-requests/ben", token: ada).status == .notFound)  // not ada's to answer
            #expect(try await api.call(.put, "/v1/me/follow-requests/ben", token: cat).status == .noContent)
            #expect(try await api.call(.get, "/v1/people/cat", token: ben).json["following"] as? Bool == true)
            #expect(try await api.call(.delete, "/v1/me/followers/ben", token: cat).status == .noContent)
            #expect(try await api.call(.delete, "/v1/me/followers/ben", token: cat).status == .notFound)
            #expect(Self.usernames(try await api.call(.get, "/v1/people/cat/followers", token: cat)) == ["ada"])
            #expect(try await api.call(.put, "/v1/me/follows/cat", token: ben).status == .accepted)
            #expect(try await api.call(.delete, "/v1/me/follow-requests/ben", token: cat).status == .noContent)
            #expect(Self.usernames(try await api.call(.get, "/v1/me/follow-requests", token: cat)).isEmpty)

            // Blocking ends follows both ways; neither sees the other's profile or follows from then on.
            #expect(try await api.call(.put, "/v1/me/blocks/dan", token: ada).status == .noContent)
            #expect(Self.usernames(try await api.call(.get, "/v1/people/ada/followers")) == ["ben"])
            #expect(try await api.call(.get, "/v1/people/ada/following").errorCode == nil)
            #expect(Self.usernames(try await api.call(.get, "/v1/people/ada/following")) == ["cat"])  // dan is blocked
            #expect(try await api.call(.get, "/v1/people/ada", token: dan).status == .notFound)
            #expect(try await api.call(.get, "/v1/people/dan/followers", token: ada).status == .notFound)
            #expect(try await api.call(.put, "/v1/me/follows/ada", token: dan).status == .notFound)
            let seenByDan = try await api.call(.get, "/v1/search/people?q=a", token: dan)
            #expect(!Self.usernames(seenByDan).contains("ada"))

            #expect(try await api.call(.delete, "/v1/me/follows/ada", token: ben).status == .noContent)
            #expect(Self.usernames(try await api.call(.get, "/v1/people/ada/followers")).isEmpty)

            // Deleting an account takes its follows and group memberships with it; a group it alone was in ends.
            _ = try await api.call(.put, "/v1/me/follows/ada", token: ben)
            let solo = try #require(try await api.call(.post, "/v1/groups", json: ["name": "Ben alone"], token: ben).json["id"] as? String)
            let shared = try #require(try await api.call(.post, "/v1/groups", json: ["name": "Both"], token: ada).json["id"] as? String)
            _ = try await api.call(.put, "/v1/groups/\(shared)/members/me", token: ben)
            #expect(try await api.call(.delete, "/v1/me", json: ["password": "correct horse"], token: ben).status == .noContent)
            #expect(Self.usernames(try await api.call(.get, "/v1/people/ada/followers")).isEmpty)
            #expect(try await api.call(.get, "/v1/groups/\(solo)").status == .notFound)
            #expect(try await api.call(.get, "/v1/groups/\(shared)").json["members"] as? Int == 1)
        }
    }

    @Test("a profile's stickers: newest first, only what the reader may see, nothing across a block", arguments: ScratchDatabase.engines)
    func profileStickers(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben"),
                cat = try await api.signUpAndLogIn("cat")
            let first = try await Self.place(api, ada, text: "first public")
            let secret = try await Self.place(api, ada, text: "only mine", visibility: .private)
            let forBen = try await Self.place(api, ada, text: "for ben", visibility: .shared, sharedWith: ["ben"])
            let latest = try await Self.place(api, ada, text: "latest public")
            func ids(_ token: String?) async throws -> [String] {
                let r = try await api.call(.get, "/v1/people/ada/stickers", token: token)
                return (r.json["stickers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            }
            #expect(try await ids(nil) == [latest, first])
            #expect(try await ids(cat) == [latest, first])
            #expect(try await ids(ben) == [latest, forBen, first])
            #expect(try await ids(ada) == [latest, forBen, secret, first])
            #expect(try await api.call(.get, "/v1/people/ada/stickers?limit=0").errorCode == "invalid_parameter")
            #expect(try await api.call(.get, "/v1/people/nobody/stickers").status == .notFound)
            // A private account shows strangers nothing; a block hides the whole profile.
            _ = try await api.call(.patch, "/v1/me/settings", json: ["privateAccount": true], token: ada)
            #expect(try await ids(cat) == [])
            #expect(try await ids(ben) == [forBen])
            #expect(try await api.call(.put, "/v1/me/blocks/cat", token: ada).status == .noContent)
            #expect(try await api.call(.get, "/v1/people/ada/stickers", token: cat).status == .notFound)
        }
    }

    @Test(
        "the feed: people and tags I follow, newest first, never what I may not see; pages stay right while stickers arrive",
        arguments: ScratchDatabase.engines)
    func feed(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben")
            let cat = try await api.signUpAndLogIn("cat"), eve = try await api.signUpAndLogIn("eve")
            _ = try await api.call(.put, "/v1/me/follows/ada", token: ben)
            let tag = try await api.call(.put, "/v1/me/tags/%23Kahvi", token: ben)
            #expect(tag.status == .ok && tag.json["tag"] as? String == "kahvi")
            #expect(try await api.call(.get, "/v1/me/tags", token: ben).json["tags"] as? [String] == ["kahvi"])
            _ = try await api.call(.patch, "/v1/me/settings", json: ["privateAccount": true], token: cat)

            var expected: [String] = []  // newest last
            for i in 1...3 { expected.append(try await Self.place(api, ada, text: "ada \(i)", north: Double(i))) }
            _ = try await Self.place(api, ada, text: "ada private", visibility: .private)
            _ = try await Self.place(api, ada, text: "ada shared with eve", visibility: .shared, sharedWith: ["eve"])
            expected.append(try await Self.place(api, eve, text: "eve coffee", tags: ["KAHVI"]))
            _ = try await Self.place(api, cat, text: "cat public coffee", tags: ["kahvi"])  // a private account: not in feeds
            expected.append(
                try await Self.place(api, cat, text: "cat coffee for ben", tags: ["kahvi"], visibility: .shared, sharedWith: ["ben"]))
            _ = try await Self.place(api, ben, text: "my own", tags: ["kahvi"])

            // Two at a time, while a new sticker arrives between pages.
            var seen: [String] = [], reasons: [String: String] = [:]
            var cursor: String?
            repeat {
                let page = try await api.call(
                    .get, "/v1/feed?limit=2&latitude=60.1699&longitude=24.9384" + (cursor.map { "&cursor=\($0)" } ?? ""), token: ben)
                #expect(page.status == .ok, "\(page.text)")
                for item in page.json["items"] as? [[String: Any]] ?? [] {
                    let s = item["sticker"] as? [String: Any] ?? [:]
                    seen.append(s["id"] as? String ?? "")
                    reasons[s["id"] as? String ?? ""] = item["reason"] as? String
                    #expect((item["distance"] as? Double).map { $0 < 20 } == true)
                }
                cursor = page.json["nextCursor"] as? String
                if seen.count == 2 { _ = try await Self.place(api, ada, text: "ada late", north: 9) }
            } while cursor != nil
            #expect(seen == expected.reversed(), "\(seen)")
            #expect(reasons[expected[0]] == "person" && reasons[expected[3]] == "tag")
            let fresh = try await api.call(.get, "/v1/feed?limit=1", token: ben)
            #expect(((fresh.json["items"] as? [[String: Any]])?.first?["sticker"] as? [String: Any])?["text"] as? String == "ada late")

            #expect(try await api.call(.get, "/v1/feed").status == .unauthorized)
            #expect(try await api.call(.get, "/v1/feed?cursor=garbage", token: ben).status == .badRequest)
            #expect(try await api.call(.put, "/v1/me/tags/no%20spaces!", token: ben).status == .badRequest)
        }
    }

    @Test(
        "discovery: people by username or display-name prefix, accents and case forgiven; tags by prefix with public counts",
        arguments: ScratchDatabase.engines)
    func discovery(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            var signUp = Fixtures.signUp("emilie")
            signUp.displayName = "Émilie Ångström"
            #expect(try await api.call(.post, "/v1/accounts", json: signUp).status == .created)
            let ben = try await api.signUpAndLogIn("ben")
            _ = try await api.signUpAndLogIn("emil")
            for q in ["EMI", "emilie", "angs", "ÅNG"] {
                let r = try await api.call(
                    .get, "/v1/search/people?q=\(q.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)", token: ben)
                #expect(Self.usernames(r).contains("emilie"), "\(q): \(r.text)")
            }
            let both = try await api.call(.get, "/v1/search/people?q=emil", token: ben)
            #expect(Set(Self.usernames(both)) == ["emil", "emilie"])
            #expect(
                (both.json["people"] as? [[String: Any]])?.allSatisfy {
                    $0["acceptsFollows"] as? Bool == true && $0["following"] as? Bool == false
                } == true)

            _ = try await Self.place(api, ben, text: "a", tags: ["kahvila"])
            _ = try await Self.place(api, ben, text: "b", tags: ["kahvi", "kahvila"])
            _ = try await Self.place(api, ben, text: "c", tags: ["kahvi"], visibility: .private)  // never counted
            _ = try await api.call(.put, "/v1/me/tags/kahvi", token: ben)
            let tags = try await api.call(.get, "/v1/search/tags?q=%23Kah", token: ben)
            let found = (tags.json["tags"] as? [[String: Any]] ?? []).map {
                ($0["tag"] as? String ?? "", $0["stickers"] as? Int ?? 0, $0["following"] as? Bool ?? false)
            }
            #expect(found.map(\.0) == ["kahvila", "kahvi"] && found.map(\.1) == [2, 1] && found.map(\.2) == [false, true])
            #expect(try await api.call(.get, "/v1/search/people").status == .badRequest)
        }
    }

    @Test(
        "groups: create, join, leave; members see the group's stickers, whoever joins later too; the last to leave ends it",
        arguments: ScratchDatabase.engines)
    func groups(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben"),
                cat = try await api.signUpAndLogIn("cat")
            let made = try await api.call(.post, "/v1/groups", json: ["name": "Kallio Walkers"], token: ada)
            #expect(made.status == .created && made.json["members"] as? Int == 1 && made.json["member"] as? Bool == true)
            let group = try #require(made.json["id"] as? String)
            #expect(try await api.call(.post, "/v1/groups", json: ["name": " "], token: ada).status == .unprocessableContent)

            // Only members share to a group.
            let outsider = Fixtures.sticker(text: "not mine to share", visibility: .shared).with { $0.sharedWithGroups = [group] }
            let refused = try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: outsider, token: ben)
            #expect(refused.status == .unprocessableContent && refused.errorFields == ["sharedWithGroups"])
            let sticker = try await Self.place(api, ada, text: "for the walkers", visibility: .shared, north: 2)
            let id = sticker  // placed shared with nobody yet; now share it to the group
            let current = try await api.call(.get, "/v1/stickers/\(id)", token: ada)
            let body = Fixtures.sticker(north: 2, text: "for the walkers", visibility: .shared).with { $0.sharedWithGroups = [group] }
                .edit(version: try #require(current.json["version"] as? Int))
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: body, token: ada).status == .ok)
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: ben).status == .notFound)

            // Joining shows it, in the feed too; the author alone learns whom it is shared with.
            let joined = try await api.call(.put, "/v1/groups/\(group)/members/me", token: ben)
            #expect(joined.status == .ok && joined.json["members"] as? Int == 2)
            let seen = try await api.call(.get, "/v1/stickers/\(id)", token: ben)
            #expect(seen.status == .ok && seen.json["sharedWithGroups"] == nil)
            let feed = try await api.call(.get, "/v1/feed", token: ben)
            #expect((feed.json["items"] as? [[String: Any]])?.first?["reason"] as? String == "group")
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: cat).status == .notFound)
            #expect(
                Set(
                    (try await api.call(.get, "/v1/search/groups?q=kallio", token: cat).json["groups"] as? [[String: Any]] ?? []).compactMap
                    { $0["name"] as? String }) == ["Kallio Walkers"])
            #expect((try await api.call(.get, "/v1/me/groups", token: ben).json["groups"] as? [[String: Any]])?.count == 1)

            // Leaving hides it again; the last member leaving ends the group.
            #expect(try await api.call(.delete, "/v1/groups/\(group)/members/me", token: ben).status == .noContent)
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: ben).status == .notFound)
            #expect(try await api.call(.delete, "/v1/groups/\(group)/members/me", token: ben).status == .notFound)
            #expect(try await api.call(.delete, "/v1/groups/\(group)/members/me", token: ada).status == .noContent)
            #expect(try await api.call(.get, "/v1/groups/\(group)").status == .notFound)
            #expect(try await api.call(.put, "/v1/groups/\(group)/members/me", token: cat).status == .notFound)
        }
    }

    @Test(
        "joins and leaves sent side by side: a retried join is one membership, and the last two leaving together end the group",
        arguments: ScratchDatabase.engines)
    func groupsSideBySide(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben")
            let group = try #require(try await api.call(.post, "/v1/groups", json: ["name": "Rowers"], token: ada).json["id"] as? String)
            let joins = try await api.sideBySide(8) { own, _ in
                try await own.call(.put, "/v1/groups/\(group)/members/me", token: ben).status
            }
            #expect(joins.allSatisfy { $0 == .ok }, "\(joins)")
            #expect(try await api.call(.get, "/v1/groups/\(group)", token: ben).json["members"] as? Int == 2)
            let leaves = try await api.sideBySide(2) {
                try await $0.call(.delete, "/v1/groups/\(group)/members/me", token: [ada, ben][$1]).status
            }
            #expect(leaves.allSatisfy { $0 == .noContent }, "\(leaves)")
            #expect(try await api.call(.get, "/v1/groups/\(group)").status == .notFound)
        }
    }

    @Test(
        "suggestions: popular tags, groups and stickers near me, ranked by views and follows, never what I may not see",
        arguments: ScratchDatabase.engines)
    func suggestions(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben")
            let cat = try await api.signUpAndLogIn("cat"), eve = try await api.signUpAndLogIn("eve")
            let popular = try await Self.place(api, ada, text: "popular", tags: ["kahvi"], north: 1)
            let quiet = try await Self.place(api, eve, text: "quiet", tags: ["kahvi", "tee"], north: 2)
            let secret = try await Self.place(api, ada, text: "secret", visibility: .private, north: 3)
            let forBen = try await Self.place(api, ada, text: "for ben", visibility: .shared, sharedWith: ["ben"], north: 4)
            _ = try await Self.place(api, eve, text: "unseen", north: 5)
            _ = try await api.call(.put, "/v1/me/follows/ada", token: ben)
            for _ in 0..<3 { _ = try await api.call(.get, "/v1/stickers/\(popular)", token: cat) }
            _ = try await api.call(.get, "/v1/stickers/\(quiet)", token: cat)
            _ = try await api.call(.get, "/v1/stickers/\(secret)", token: ada)  // an author's own reads do not count
            let group = try #require(try await api.call(.post, "/v1/groups", json: ["name": "Tea club"], token: eve).json["id"] as? String)
            _ = try await api.call(.put, "/v1/groups/\(group)/members/me", token: ben)

            func ids(_ r: APIResponse) -> [String] {
                (r.json["stickers"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String }
            }
            let forCat = try await api.call(.get, "/v1/suggestions?latitude=60.1699&longitude=24.9384", token: cat)
            #expect(forCat.status == .ok && ids(forCat) == [popular, quiet], "\(forCat.text)")
            #expect((forCat.json["stickers"] as? [[String: Any]])?.first?["score"] as? Int == 3 + 3)
            #expect((forCat.json["tags"] as? [[String: Any]])?.first?["tag"] as? String == "kahvi")
            #expect((forCat.json["groups"] as? [[String: Any]])?.first?["name"] as? String == "Tea club")
            let forBenNow = try await api.call(.get, "/v1/suggestions?latitude=60.1699&longitude=24.9384", token: ben)
            #expect(ids(forBenNow) == [popular, forBen, quiet] && !ids(forBenNow).contains(secret))
            #expect((forBenNow.json["groups"] as? [Any])?.isEmpty == true)  // already in the only group
            let anonymous = try await api.call(.get, "/v1/suggestions?latitude=60.1699&longitude=24.9384")
            #expect(ids(anonymous) == [popular, quiet])
            #expect(try await api.call(.get, "/v1/suggestions?latitude=99&longitude=0").status == .badRequest)
        }
    }

    @Test("views are counted in memory and written when the server stops, not lost", arguments: ScratchDatabase.engines)
    func viewsSurviveShutdown(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        let box = IDBox()
        try await withServer(
            engine,
            configure: {
                $0.database = url; $0.maintenanceInterval = .seconds(3600)
            }
        ) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben")
            let id = try await Self.place(api, ada, text: "look")
            for _ in 0..<2 { _ = try await api.call(.get, "/v1/stickers/\(id)", token: ben) }
            _ = try await api.call(.get, "/v1/stickers/\(id)", token: ada)  // the author's own read does not count
            box.id = id
        }
        let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
        let counts = try await store.community.popularity(
            of: [try #require(Sticker.ID(box.id))], since: Date().addingTimeInterval(-86_400))
        #expect(counts.values.first?.views == 2)
        try await store.close()
    }

    @Test("a report filed side by side with its retry is one report", arguments: ScratchDatabase.engines)
    func reportsSideBySide(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben")
            let sticker = try await Self.place(api, ada, text: "a bench")
            let racing = try await api.sideBySide(6) { own, _ in
                try await own.call(.post, "/v1/stickers/\(sticker)/reports", json: ["reason": "twice"], token: ben)
            }
            #expect(
                racing.filter { $0.status == .created }.count == 1 && racing.allSatisfy { $0.status == .created || $0.status == .ok },
                "\(racing.map(\.text))")
            #expect(Set(racing.compactMap { $0.json["id"] as? String }).count == 1, "\(racing.map(\.text))")
            #expect((try await api.call(.get, "/v1/me/reports", token: ben).json["reports"] as? [Any])?.count == 1)
        }
    }

    @Test(
        "reports reach moderators; hiding removes the sticker everywhere at once and tells the reporter; every action is logged",
        arguments: ScratchDatabase.engines)
    func moderation(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben"),
                stan = try await api.signUpAndLogIn("stan")
            let mod = try await api.signUpAndLogIn("mod")
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            try await store.accounts.setRole(
                accountID: try #require(try await store.accounts.account(username: "mod")).id, role: .moderator)

            let bad = try await Self.place(api, ada, text: "rude words")
            let fine = try await Self.place(api, ada, text: "a nice view", north: 3)
            let secret = try await Self.place(api, ada, text: "mine", visibility: .private)
            let watcher = LiveClient(port: api.port, token: nil)
            let cell = try #require(try await api.call(.get, "/v1/stickers/\(bad)").json["cell"] as? String)
            watcher.subscribe([cell])
            _ = try await watcher.next(type: "subscribed")

            let filed = try await api.call(.post, "/v1/stickers/\(bad)/reports", json: ["reason": "insulting"], token: ben)
            #expect(filed.status == .created && filed.json["status"] as? String == "open")
            let again = try await api.call(.post, "/v1/stickers/\(bad)/reports", json: ["reason": "really"], token: ben)
            #expect(again.status == .ok && again.json["id"] as? String == filed.json["id"] as? String)
            #expect(try await api.call(.post, "/v1/stickers/\(secret)/reports", json: ["reason": "x"], token: stan).status == .notFound)
            #expect(
                try await api.call(.post, "/v1/stickers/\(bad)/reports", json: ["reason": ""], token: stan).status == .unprocessableContent)
            let second = try await api.call(.post, "/v1/stickers/\(bad)/reports", json: ["reason": "spam"], token: stan)
            let other = try await api.call(.post, "/v1/stickers/\(fine)/reports", json: ["reason": "I dislike views"], token: stan)

            #expect(try await api.call(.get, "/v1/moderation/queue", token: ben).status == .forbidden)
            let queue = try await api.call(.get, "/v1/moderation/queue", token: mod)
            let queued = try #require(queue.json["reports"] as? [[String: Any]])
            #expect(queued.count == 3 && (queued[0]["sticker"] as? [String: Any])?["text"] as? String == "rude words")

            let hidden = try await api.call(
                .post, "/v1/moderation/reports/\(filed.json["id"] as! String)/hide", json: ["note": "Removed: insulting."], token: mod)
            #expect(hidden.status == .ok && hidden.json["status"] as? String == "hidden")
            let gone = try await watcher.next(type: "event")
            #expect(gone["event"] as? String == "deleted" && gone["stickerId"] as? String == bad)
            #expect(try await api.call(.get, "/v1/stickers/\(bad)").status == .notFound)
            #expect(try await api.call(.get, "/v1/stickers/\(bad)", token: ada).status == .notFound)
            let dismissed = try await api.call(
                .post, "/v1/moderation/reports/\(other.json["id"] as! String)/dismiss", json: [:], token: mod)
            #expect(dismissed.status == .ok && dismissed.json["status"] as? String == "dismissed")
            #expect(
                try await api.call(.post, "/v1/moderation/reports/\(other.json["id"] as! String)/hide", json: [:], token: mod).status
                    == .notFound)

            // The reporters are told; stan's second report of the hidden sticker was settled with it.
            let bens = try #require(try await api.call(.get, "/v1/me/reports", token: ben).json["reports"] as? [[String: Any]])
            #expect(bens.first?["status"] as? String == "hidden" && bens.first?["note"] as? String == "Removed: insulting.")
            let stans = try #require(try await api.call(.get, "/v1/me/reports", token: stan).json["reports"] as? [[String: Any]])
            #expect(Set(stans.compactMap { $0["status"] as? String }) == ["hidden", "dismissed"] && second.status == .created)
            #expect((try await api.call(.get, "/v1/moderation/queue", token: mod).json["reports"] as? [Any])?.isEmpty == true)

            let log = try #require(try await api.call(.get, "/v1/moderation/log", token: mod).json["actions"] as? [[String: Any]])
            #expect(
                log.map { $0["action"] as? String ?? "" } == ["dismiss", "hide"] && log.allSatisfy { $0["moderator"] as? String == "mod" })
            #expect(log[1]["targetId"] as? String == bad && log[1]["note"] as? String == "Removed: insulting.")

            // A deleted reporter's reports stay, anonymised.
            let late = try await api.call(.post, "/v1/stickers/\(fine)/reports", json: ["reason": "still"], token: ben)
            #expect(late.status == .created)
            #expect(try await api.call(.delete, "/v1/me", json: ["password": "correct horse"], token: ben).status == .noContent)
            let left = try #require(try await api.call(.get, "/v1/moderation/queue", token: mod).json["reports"] as? [[String: Any]])
            #expect(
                left.count == 1 && left[0]["report"].flatMap { ($0 as? [String: Any])?["reporterId"] } == nil
                    && (left[0]["report"] as? [String: Any])?["reason"] as? String == "still")
            try await store.close()
            await watcher.close()
        }
    }
}

/// Carries a value out of a server closure.
final class IDBox: @unchecked Sendable {
    var id = ""
}

extension CommunityTests {
    @Test(
        "tag search and suggestions count only what the viewer may see: no blocked author's tags, no expired sticker's",
        arguments: ScratchDatabase.engines)
    func tagCountsFollowVisibility(engine: Store.Engine) async throws {
        let clock = ManualClock()
        try await withServer(
            engine,
            configure: {
                $0.clock = clock.wall; $0.maintenanceInterval = .seconds(3600); $0.expiryInterval = .seconds(3600)
            }
        ) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben"),
                cyd = try await api.signUpAndLogIn("cyd")
            _ = try await Self.place(api, ben, text: "a", tags: ["sieni"])
            let id = UUID().text
            let body = Fixtures.sticker(text: "b").with {
                $0.tags = ["sieni"]
                $0.expiresAt = clock.now.addingTimeInterval(60)
            }
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: body, token: cyd).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: cyd).status == .ok)
            func counted(_ token: String) async throws -> (search: Int, suggested: Int) {
                let search = try await api.call(.get, "/v1/search/tags?q=sieni", token: token).json["tags"] as? [[String: Any]]
                let suggested = try await api.call(.get, "/v1/suggestions", token: token).json["tags"] as? [[String: Any]]
                func n(_ cards: [[String: Any]]?) -> Int { cards?.first { $0["tag"] as? String == "sieni" }?["stickers"] as? Int ?? 0 }
                return (n(search), n(suggested))
            }
            #expect(try await counted(ada) == (2, 2))
            #expect(try await api.call(.put, "/v1/me/blocks/ben", token: ada).status == .noContent)
            #expect(try await counted(ada) == (1, 1), "ben's sticker is not ada's to count")
            clock.advance(by: 61)  // cyd's expires; no sweep has run
            #expect(try await counted(ada) == (0, 0))
            #expect(try await counted(cyd) == (1, 1), "ben's still counts for others")
        }
    }
}
