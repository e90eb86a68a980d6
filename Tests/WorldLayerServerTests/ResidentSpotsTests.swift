import Foundation
import HTTPTypes
import SQLKit
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// A server on an SQLite file searches nearby in memory (``ServerConfiguration/residentSpots``):
/// whoever else writes the file, it must answer as the file would, at once.
@Suite("Nearby in memory: true to the file whoever writes it")
struct ResidentSpotsTests {
    static let spot = Coordinate(latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude)

    @Test("what another server on the file places, hides, moves, shares, blocks and deletes shows at once in this one's searches")
    func anotherWriter() async throws {
        try await withTwoServers(.sqlite) { writer, reader in
            let ada = try await writer.signUpAndLogIn("ada")
            let bob = try await writer.signUpAndLogIn("bob")
            let elsewhere = Geodesic.wgs84.direct(from: Self.spot, azimuth: 90, distance: 300).coordinate
            // Each viewer searches once before anything changes, so that the reader knows them.
            #expect(try await reader.nearbyIDs(Self.spot, token: bob).isEmpty)
            #expect(try await reader.nearbyIDs(Self.spot, token: nil).isEmpty)

            let open = try await writer.put(Fixtures.sticker(text: "open"), token: ada)
            let secret = try await writer.put(Fixtures.sticker(north: 2, text: "for bob", visibility: .shared), token: ada)
            #expect(try await reader.nearbyIDs(Self.spot, token: nil) == [open])
            #expect(try await reader.nearbyIDs(Self.spot, token: bob) == [open], "not shared with bob yet")

            try await writer.update(
                secret, Fixtures.sticker(north: 2, text: "for bob", visibility: .shared, sharedWith: ["bob"]), token: ada)
            #expect(try await reader.nearbyIDs(Self.spot, token: bob) == [open, secret], "shared with bob")
            #expect(try await reader.nearbyIDs(Self.spot, token: nil) == [open])

            try await writer.update(open, Fixtures.sticker(text: "open", visibility: .private), token: ada)
            #expect(try await reader.nearbyIDs(Self.spot, token: nil).isEmpty, "made private")

            let moved = Fixtures.sticker(text: "for bob", visibility: .shared, sharedWith: ["bob"]).with {
                $0.anchor = StickerAnchor(latitude: elsewhere.latitude, longitude: elsewhere.longitude, altitude: 0, accuracy: 5)
            }
            try await writer.update(secret, moved, token: ada)
            #expect(try await reader.nearbyIDs(Self.spot, token: bob).isEmpty, "moved away")
            #expect(try await reader.nearbyIDs(elsewhere, token: bob) == [secret], "found where it now is")

            // A relation of the viewer's own: blocked by the author, bob sees none of hers.
            #expect(try await writer.call(.put, "/v1/me/blocks/bob", token: ada).status == .noContent)
            #expect(try await reader.nearbyIDs(elsewhere, token: bob).isEmpty, "blocked")
            #expect(try await writer.call(.delete, "/v1/me/blocks/bob", token: ada).status == .noContent)
            #expect(try await reader.nearbyIDs(elsewhere, token: bob) == [secret], "unblocked")

            #expect(try await writer.call(.delete, "/v1/stickers/\(secret)", token: ada).status == .noContent)
            #expect(try await reader.nearbyIDs(elsewhere, token: bob).isEmpty, "deleted")
        }
    }

    @Test("a server further behind the file's change log than it keeps still answers as the file would, then reads it all again")
    func behindTheLog() async throws {
        let url = try await ScratchDatabase.makeURL(.sqlite)
        try await withServer(.sqlite, configure: { $0.database = url }) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let first = try await api.put(Fixtures.sticker(text: "first"), token: ada)
            #expect(try await api.nearbyIDs(Self.spot, token: nil) == [first])
            // Another process writes more changes than the memory applies one by one (the last not even
            // logged), so the memory must read the file again.
            let other = try Store.open(url, logger: ScratchDatabase.quietLogger)
            try await other.withConnection { db in
                try await db.raw(
                    """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
                    INSERT INTO sticker_events (kind, sticker_id, cell, created_at) SELECT 'sticker', \(bind: first), 0, 0 FROM n
                    """
                ).run()
                try await db.raw("UPDATE stickers SET visibility = 'private', version = version + 1 WHERE id = \(bind: first)").run()
            }
            try await other.close()
            #expect(try await api.nearbyIDs(Self.spot, token: nil).isEmpty, "hidden by another process, far behind the log")
            let second = try await api.put(Fixtures.sticker(north: 1, text: "second"), token: ada)
            // Read again in the background; searches meanwhile take SQL and find the same.
            for _ in 0..<50 {
                guard try await api.nearbyIDs(Self.spot, token: nil) != [second] else { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(try await api.nearbyIDs(Self.spot, token: nil) == [second])
            #expect(try await api.nearbyIDs(Self.spot, token: ada) == [first, second], "the author still sees her private one")
        }
    }

    @Test("a server started on a file that already holds stickers finds them from memory, as it found them before")
    func restart() async throws {
        let url = try await ScratchDatabase.makeURL(.sqlite)
        let placed = Placed()
        try await withServer(
            .sqlite,
            configure: {
                $0.database = url; $0.residentSpots = false
            }
        ) { api in
            let ada = try await api.signUpAndLogIn("ada")
            for north in 0..<5 { placed.add(try await api.put(Fixtures.sticker(north: Double(north) * 3, text: "s\(north)"), token: ada)) }
        }
        try await withServer(.sqlite, configure: { $0.database = url }) { api in
            let found = try await api.nearbyIDs(Self.spot, token: nil)
            #expect(found == placed.ids)
        }
    }
}

/// Ids gathered in one server's lifetime, read in the next's.
private final class Placed: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ id: String) { lock.withLock { list.append(id) } }
    var ids: [String] { lock.withLock { list } }
}

extension API {
    /// The ids nearby search finds within 50 m of `p`, nearest first.
    fileprivate func nearbyIDs(_ p: Coordinate, token: String?) async throws -> [String] {
        let page = try await call(.get, "/v1/stickers/nearby?latitude=\(p.latitude)&longitude=\(p.longitude)&radius=50", token: token)
        #expect(page.status == .ok)
        return (page.json["stickers"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String }
    }

    /// Creates a sticker from `body` and places it; returns its id.
    fileprivate func put(_ body: StickerDraft, token: String) async throws -> String {
        let id = UUID().text
        #expect(try await call(.put, "/v1/stickers/\(id)", json: body, token: token).status == .created)
        #expect(try await call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok)
        return id
    }

    /// Replaces a sticker's body with `body`, as an edit of the version it is at, and places it again.
    fileprivate func update(_ id: String, _ body: StickerDraft, token: String) async throws {
        let current = try await call(.get, "/v1/stickers/\(id)", token: token).json["version"] as? Int ?? 0
        let r = try await call(.put, "/v1/stickers/\(id)", json: body.edit(version: current), token: token)
        #expect(r.status == .ok, "\(r.text)")
        #expect(try await call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok)
    }
}
