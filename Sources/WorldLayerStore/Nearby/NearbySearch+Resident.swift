import Foundation
import Logging
import SQLKit
import SQLiteNIO
import WorldLayerCore
import WorldLayerGeo

extension NearbySearch {
    /// Reads every living sticker's place and audience into memory, where this store's nearby searches
    /// then run (``ResidentSpots``; SQLite only, a server's one process). Returns how many stickers it
    /// read, or nil when there was nothing to do (PostgreSQL, or already read or being read).
    @discardableResult
    public func keepResident() async throws -> Int? {
        guard engine == .sqlite, store.residentSpots.beginLoading() else { return nil }
        return try await withConnection(native: { _, native in try await store.residentSpots.load(on: native.sqlite!) })
    }

    /// A search in memory, or nil where it cannot be (not read yet, or fallen behind the log).
    ///
    /// Its page is the file's answer when the file's log ends where the memory's does: checked in the
    /// statement that reads the page's bodies (and in the one that reads a viewer's relations), so
    /// that a search costs one statement once the viewer is known. A search that finds the log moved
    /// on applies it and searches again.
    func residentSearch(
        center: Coordinate, radius: Double, viewer viewerID: Account.ID?, limit: Int, after cursor: NearbyCursor?, now: Date,
        on db: any SQLDatabase, _ sqlite: SQLiteConnection
    ) async throws -> [NearbySticker]? {
        let spots = store.residentSpots
        for _ in 0..<3 {
            guard let version = spots.version else { return nil }
            var viewer = Viewer.anonymous
            if let id = viewerID {
                var relations = spots.relations(of: id)
                if relations == nil {
                    let (read, last) = try await Self.relationsAndLastChange(of: id, on: sqlite)
                    guard last == version else {
                        guard try await residentIsCurrent(on: sqlite) else { return nil }
                        continue
                    }
                    spots.remember(read, of: id, readAt: last)
                    relations = read
                }
                viewer = AccountStore.viewer(id, relations: relations!, now: now)
            }
            let page = try await nearest(
                center: center, radius: radius, limit: limit, after: cursor,
                count: { r, bound in
                    spots.count(in: try CellGrid.cover(center: center, radius: r), box: Self.box(around: center, radius: r), upTo: bound)
                },
                step: { cells, box, cap in
                    spots.step(cells: cells, box: box, center: center, viewer: viewer, now: now, after: cursor, cap: cap)
                },
                readApart: { cells, box in try await visibleRows(in: cells, box: box, viewer: viewer, now: now, on: db) })
            // The memory moved on during the search (another search applied the log): search again.
            if spots.version == version, let found = try await residentPage(page, viewer: viewerID, version: version, on: sqlite) {
                return found
            }
            guard try await residentIsCurrent(on: sqlite) else { return nil }
        }
        return nil
    }

    /// Whether the memory answers as the file would now (after applying the log's new entries). When
    /// it has fallen behind the log, it is read again in the background and searches use SQL meanwhile.
    private func residentIsCurrent(on sqlite: SQLiteConnection) async throws -> Bool {
        switch try await store.residentSpots.catchUp(on: sqlite) {
        case .current: return true
        case .off: return false
        case .behind:
            let search = self
            Task {
                do { try await search.keepResident() } catch {
                    search.store.logger.error("reading the stickers' places into memory again failed: \(error)")
                }
            }
            return false
        }
    }

    /// The log's last entry as a row of kind `c`, before the viewer's relations.
    private static let relationsAndLastChangeSQL = """
        SELECT 'c' AS kind, CAST(\(ResidentSpots.lastChangeSQL) AS TEXT) AS other
        UNION ALL \(ViewerStatement.relations(of: "?1", typed: false))
        """

    /// A viewer's relations and the log's last entry, read together.
    private static func relationsAndLastChange(
        of viewer: Account.ID, on sqlite: SQLiteConnection
    ) async throws -> (relations: [(kind: String, other: String)], last: Int64) {
        var relations: [(kind: String, other: String)] = []
        var last: Int64?
        for row in try await sqlite.query(relationsAndLastChangeSQL, [.text(viewer.text)]) {
            let c = row.columns
            guard c.count == 2, let kind = c[0].data.string, let other = c[1].data.string else {
                throw StoreError.corrupt("a viewer's relation is incomplete: \(row)")
            }
            if kind == "c" { last = Int64(other) } else { relations.append((kind, other)) }
        }
        guard let last else { throw StoreError.corrupt("the sticker change log's last entry was not read") }
        return (relations, last)
    }

    /// The page found in memory, with the stickers' bodies: from the cache at the version found, else
    /// read by place key, in one statement with the log's last entry. Nil when that entry is not the
    /// memory's `version` (the file changed since).
    private func residentPage(
        _ page: [(candidate: Candidate, line: GeodesicLine)], viewer: Account.ID?, version: Int64, on sqlite: SQLiteConnection
    ) async throws -> [NearbySticker]? {
        // The cache's stickers taken once, so that one dropped from it meanwhile is not missed.
        let cached = page.map { store.bodyCache.sticker($0.candidate.id, version: $0.candidate.version) }
        let missing = zip(page, cached).compactMap { item, sticker in sticker == nil ? item.candidate.placeKey : nil }
        let list = missing.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        // The log's row has no place key (every sticker has one).
        let rows = try await sqlite.query(
            """
            SELECT NULL, NULL, \(ResidentSpots.lastChangeSQL), NULL
            \(missing.isEmpty ? "" : "UNION ALL SELECT place_key, id, version, body FROM stickers WHERE place_key IN (\(list))")
            """,
            missing.map { .integer(SQLiteInt64($0)) })
        var bodies: [Int64: (id: String, version: Int, body: String)] = [:]
        var last: Int64?
        for row in rows {
            let c = row.columns
            guard c.count == 4, let version = c[2].data.integer else {
                throw StoreError.corrupt("a sticker row the nearby search read is incomplete: \(row)")
            }
            guard let key = c[0].data.integer else {
                last = Int64(version)
                continue
            }
            guard let id = c[1].data.string, let body = c[3].data.string else {
                throw StoreError.corrupt("a sticker row the nearby search read is incomplete: \(row)")
            }
            bodies[Int64(key)] = (id, Int(version), body)
        }
        guard last == version else { return nil }
        var found: [NearbySticker] = []
        for ((c, line), cached) in zip(page, cached) {
            // A row read apart (a box without longitudes) came with its body.
            var c = c
            if cached == nil, c.body.isEmpty {
                guard let key = c.placeKey, let row = bodies[key], row.id == c.idText, row.version == c.version else { return nil }
                c.body = row.body
            }
            let sticker = try cached ?? self.sticker(from: c)
            found.append(NearbySticker(sticker: sticker.seen(by: viewer), distance: line.distance, bearing: line.bearing))
        }
        return found
    }
}
