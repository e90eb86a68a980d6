import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Nothing leaks: every path × every relation, checked against one table of who may see what.
@Suite("Visibility: every path × every relation")
struct VisibilityMatrixTests {
    /// Stickers the owner makes, and who may see each.
    /// `adult` is public and age-restricted: for accounts 18 or over only (the `minor` is 15).
    static let expected: [String: Set<String>] = [
        "owner": ["public", "private", "shared", "worldmap", "worldmap-private", "grouped", "adult"],
        "friend": ["public", "shared", "adult"],
        "member": ["public", "worldmap", "adult"],
        "groupie": ["public", "grouped", "adult"],
        "stranger": ["public", "adult"],
        "minor": ["public"],
        "blocked": [],
        "anonymous": ["public"],
    ]

    @Test(
        "public, private, shared, group and worldmap stickers reach exactly their audience on every path",
        arguments: NearbyPath.all)
    func matrix(path: NearbyPath) async throws {
        try await withServer(path) { api in
            var tokens: [String: String?] = ["anonymous": nil]
            for name in ["owner", "friend", "member", "groupie", "stranger", "blocked", "marker"] {
                tokens[name] = try await api.signUpAndLogIn(name)
            }
            tokens["minor"] = try await api.signUpAndLogIn("minor", birthday: Fixtures.birthday(yearsAgo: 15))
            let owner = tokens["owner"]!!
            let group = try #require(try await api.call(.post, "/v1/groups", json: ["name": "Walkers"], token: owner).json["id"] as? String)
            #expect(try await api.call(.put, "/v1/groups/\(group)/members/me", token: tokens["groupie"]!!).status == .ok)
            // Everyone signed in (but the owner) follows the owner, so the feed is one more path to check.
            for name in ["friend", "member", "groupie", "stranger", "minor", "blocked"] {
                _ = try await api.call(.put, "/v1/me/follows/owner", token: tokens[name]!!)
            }
            #expect(try await api.call(.put, "/v1/me/blocks/blocked", token: owner).status == .noContent)
            let worldmap = try await api.call(
                .post, "/v1/worldmaps",
                json: ["name": "Our corner", "latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude],
                token: owner)
            #expect(worldmap.status == .created)
            let worldmapID = try #require(worldmap.json["id"] as? String)
            #expect(try await api.call(.put, "/v1/worldmaps/\(worldmapID)/members/member", token: owner).status == .noContent)
            let cell = try #require(worldmap.json["cell"] as? String)

            // Everyone subscribes before anything is placed; the log so far is where they start.
            let start = try await api.call(.get, "/v1/cells/stickers?cells=\(cell)").json["seq"] as? Int ?? 0
            var live: [String: LiveClient] = [:]
            for (name, token) in tokens where name != "marker" {
                let client = LiveClient(port: api.port, token: token)
                client.subscribe([cell], since: Int64(start))
                _ = try await client.next(type: "subscribed")
                live[name] = client
            }

            let bodies: [String: StickerDraft] = [
                "public": Fixtures.sticker(north: 1, text: "txt-public"),
                "private": Fixtures.sticker(north: 2, text: "txt-private", visibility: .private),
                "shared": Fixtures.sticker(north: 3, text: "txt-shared", visibility: .shared, sharedWith: ["FRIEND"]),
                "worldmap": Fixtures.sticker(north: 4, text: "txt-worldmap", worldmapId: worldmapID),
                "worldmap-private": Fixtures.sticker(north: 5, text: "txt-worldmap-private", visibility: .private, worldmapId: worldmapID),
                "grouped": Fixtures.sticker(north: 7, text: "txt-grouped", visibility: .shared).with { $0.sharedWithGroups = [group] },
                "adult": Fixtures.sticker(north: 8, text: "txt-adult").with { $0.contentWarnings = [.ageRestricted] },
            ]
            var ids: [String: String] = [:]
            for (label, body) in bodies.sorted(by: { $0.key < $1.key }) {
                let id = UUID().text
                ids[label] = id
                #expect(try await api.call(.put, "/v1/stickers/\(id)", json: body, token: owner).status == .created)
                #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: owner).status == .ok)
            }
            let labelOf = Dictionary(uniqueKeysWithValues: ids.map { ($1, $0) })
            let markerID = UUID().text
            #expect(
                try await api.call(
                    .put, "/v1/stickers/\(markerID)", json: Fixtures.sticker(north: 6, text: "marker"), token: tokens["marker"]!!
                ).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(markerID)/place", token: tokens["marker"]!!).status == .ok)
            let missing = try await api.call(.get, "/v1/stickers/\(UUID().uuidString)").text

            for (viewer, visible) in Self.expected {
                let token = tokens[viewer]!
                func labels(_ list: Any?) -> Set<String> {
                    Set(
                        (list as? [[String: Any]] ?? []).compactMap {
                            ($0["sticker"] as? [String: Any] ?? $0)["id"] as? String ?? $0["stickerId"] as? String
                        }.compactMap { labelOf[$0] })
                }
                // By id, by share link (JSON and page): visible, or the very same 404 as a sticker that never existed.
                for (label, id) in ids {
                    let byID = try await api.call(.get, "/v1/stickers/\(id)", token: token)
                    let share = try await api.call(.get, "/s/\(id)", token: token, headers: [.accept: "application/json"])
                    let page = try await api.call(.get, "/s/\(id)", token: token, headers: [.accept: "text/html"])
                    if visible.contains(label) {
                        #expect(byID.status == .ok && share.status == .ok && page.status == .ok, "\(viewer) should see \(label)")
                        #expect(page.text.contains("txt-\(label)") && page.text.contains("@owner"))
                        let sharedWith = byID.json["sharedWith"] as? [String] ?? []
                        #expect(viewer == "owner" || sharedWith.isEmpty, "only the author learns whom a sticker is shared with")
                    } else {
                        #expect(byID.status == .notFound && byID.text == missing, "\(viewer) must not see \(label)")
                        #expect(share.status == .notFound && page.status == .notFound && !page.text.contains("txt-\(label)"))
                    }
                }
                // Reporting: only what one can see; the rest is the same 404 as a sticker that never existed.
                for (label, id) in ids where token != nil {
                    let report = try await api.call(.post, "/v1/stickers/\(id)/reports", json: ["reason": "matrix"], token: token)
                    if visible.contains(label) {
                        #expect(report.status == .created || report.status == .ok, "\(viewer) reports \(label)")
                    } else {
                        #expect(report.status == .notFound && report.text == missing, "\(viewer) must not report \(label)")
                    }
                }
                // The feed (everyone follows the owner; the owner's own stickers are not in the owner's feed).
                if let token {
                    let feed = try await api.call(.get, "/v1/feed?limit=100", token: token)
                    #expect(labels(feed.json["items"]) == (viewer == "owner" ? [] : visible), "feed for \(viewer)")
                }
                // Nearby (the list and so its count), by cell, changes since.
                let near = try await api.call(
                    .get, "/v1/stickers/nearby?latitude=\(Fixtures.helsinki.latitude)&longitude=\(Fixtures.helsinki.longitude)&radius=100",
                    token: token)
                #expect(labels(near.json["stickers"]) == visible, "nearby for \(viewer)")
                let inCell = try await api.call(.get, "/v1/cells/stickers?cells=\(cell)", token: token)
                #expect(labels(inCell.json["stickers"]) == visible, "by cell for \(viewer)")
                let changes = try await api.call(.get, "/v1/changes?cells=\(cell)&since=\(start)", token: token)
                #expect(changes.json["reset"] as? Bool == false)
                #expect(labels(changes.json["changes"]) == visible, "changes for \(viewer)")
                // Live: everything up to the marker (which the blocked user also sees: it is not the owner's).
                let client = live[viewer]!
                var seen = Set<String>()
                while true {
                    let m = try await client.next(type: "event")
                    let id = m["stickerId"] as? String ?? ""
                    if id == markerID { break }
                    if let label = labelOf[id] { seen.insert(label) }
                }
                #expect(seen == visible, "live for \(viewer)")
                await client.close()
            }
        }
    }
}
