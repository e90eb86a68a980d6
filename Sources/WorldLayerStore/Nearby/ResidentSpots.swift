import Foundation
import SQLiteNIO
import WorldLayerCore
import WorldLayerGeo

#if canImport(Glibc)
    import Glibc
#endif

/// Every living sticker's place and audience, in memory, for the nearby searches of a server on
/// an SQLite file.
///
/// On SQLite most of a search's time went to fixed costs per step: SQLite parsing and planning a
/// statement that carries the visibility rule (SQLiteNIO prepares every statement anew), running it,
/// and a count to size the first circle (bench/JOURNAL.md). Such a server is one process, so it can
/// hold what a search reads — a 112-byte ``Spot`` a sticker — and judge the rule in memory with
/// ``Viewer/canSee(_:now:)`` itself; from the file it reads the viewer's relations and the bodies of
/// the page that the sticker cache lacks, by place key.
///
/// It stays true to the file through the one change log (``ChangeLog``, `sticker_events`), which every
/// write of a sticker, its shares or a viewer's relations appends to in its own transaction: before each
/// search it reads the entries after the last it applied — almost always none, one small statement —
/// and reads again the stickers they name, whoever wrote them (this server, the CLI, another process).
/// Further behind than the log reaches, it reads everything again, and searches take the SQL path
/// meanwhile.
final class ResidentSpots: @unchecked Sendable {
    /// What a search needs of a sticker: where it is, which version its body is, who may see it.
    struct Spot {
        var id: Sticker.ID
        var placeKey: Int64
        var latitude: Double
        var longitude: Double
        /// The longitude strip (``LongitudeStrip``): a cell's spots lie by strip, then latitude.
        var strip: Int64
        var version: Int
        var author: Account.ID
        var privateWorldmap: Worldmap.ID?
        var expiresAt: Int64?
        var state: StickerState
        var visibility: Visibility
        var ageRestricted: Bool
    }

    /// Whom a `shared` sticker is shared with.
    struct Shares {
        var accounts: Set<Account.ID> = []
        var groups: Set<StickerGroup.ID> = []
    }

    enum Status { case off, loading, ready, behind }

    /// What ``catchUp(on:)`` found.
    enum Currency { case current, behind, off }

    private let lock = NSLock()
    /// Each cell's spots, by strip, then latitude (as SQLite's table lies, ``StickerPlaceKey``).
    private var cells: [CellID: [Spot]] = [:]
    private var shares: [Sticker.ID: Shares] = [:]
    /// Viewers' relations (``AccountStore/relations(of:on:)``) as of the last entry applied.
    private var viewers: [Account.ID: [(kind: String, other: String)]] = [:]
    /// The last log entry applied.
    private var applied: Int64 = 0
    private var status = Status.off
    /// One catch-up at a time, so that an older read never overwrites a newer one.
    private let catchingUp = AsyncLock()

    /// Applying more log entries than this at once costs more than reading everything again.
    static let largestCatchUp = 5_000
    /// Viewers whose relations are kept; past it, they are all read again.
    static let viewersKept = 100_000

    /// The columns ``spot(_:)`` reads, in its order.
    static let columns =
        "place_key, id, version, latitude, longitude, cell, author_id, state, visibility, private_worldmap_id, expires_at, age_restricted"

    /// The last log entry applied, once the memory is ready: what a search's reads from the file
    /// must find as the log's last entry for its page to be the file's answer.
    var version: Int64? { lock.withLock { status == .ready ? applied : nil } }

    /// Stickers held (for `/metrics`): a walk over the cells, so for a scrape, not a request.
    var spotCount: Int { lock.withLock { cells.values.reduce(0) { $0 + $1.count } } }

    /// A viewer's relations, if known as of ``version``.
    func relations(of viewer: Account.ID) -> [(kind: String, other: String)]? { lock.withLock { viewers[viewer] } }

    /// Keeps a viewer's relations read when the log's last entry was `last`; only if that is the memory's too.
    func remember(_ relations: [(kind: String, other: String)], of viewer: Account.ID, readAt last: Int64) {
        lock.withLock {
            guard status == .ready, applied == last else { return }
            if viewers.count >= Self.viewersKept { viewers.removeAll(keepingCapacity: true) }
            viewers[viewer] = relations
        }
    }

    /// Starts a load unless one runs or has finished: true when the caller should load.
    func beginLoading() -> Bool {
        lock.withLock {
            guard status == .off || status == .behind else { return false }
            status = .loading
            return true
        }
    }

    /// Reads every living sticker and share (a load ``beginLoading()`` admitted); returns how many stickers.
    func load(on db: SQLiteConnection) async throws -> Int {
        do {
            return try await catchingUp.withLock { try await self.read(on: db) }
        } catch {
            lock.withLock { status = .off }
            throw error
        }
    }

    private func read(on db: SQLiteConnection) async throws -> Int {
        // The log's position first: whatever changes while the rows are read is read again after.
        let last = try await lastChange(on: db)
        let loaded = Collected()
        // The spot index covers every column read (its entries carry the place key, the row's key).
        try await db.query("SELECT \(Self.columns) FROM stickers INDEXED BY stickers_by_spot WHERE state <> 'deleted'", []) { row in
            loaded.add(row, byCell: true)
        }
        try await db.query(Self.sharesQuery(where: ""), []) { row in loaded.addShare(row) }
        var (grown, shares, count) = try loaded.result()
        loaded.release()
        // Each list copied sorted, so that it holds no room its growth left (a third more, on average).
        var cells = [CellID: [Spot]](minimumCapacity: grown.count)
        for (cell, spots) in grown { cells[cell] = spots.sorted { ($0.strip, $0.latitude) < ($1.strip, $1.latitude) } }
        grown = [:]
        lock.withLock {
            (self.cells, self.shares, applied, status) = (cells, shares, last, .ready)
            viewers.removeAll()
        }
        Self.returnFreedMemory()
        return count
    }

    /// Applies the log's new entries; says whether the memory now answers as the file would.
    func catchUp(on db: SQLiteConnection) async throws -> Currency {
        let since: Int64? = lock.withLock { status == .ready ? applied : nil }
        guard let since else { return .off }
        guard try await lastChange(on: db) != since else { return .current }
        return try await catchingUp.withLock {
            let since: Int64? = self.lock.withLock { self.status == .ready ? self.applied : nil }
            guard let since else { return .off }
            let changes = try await self.changes(after: since, on: db)
            // Nothing newer in the log though its counter moved on (entries pruned, or the log emptied),
            // entries pruned before this reader saw them, or too many to apply one by one.
            guard let first = changes.first, first.seq == since + 1, changes.count <= Self.largestCatchUp else {
                guard try await self.lastChange(on: db) != since else { return .current }
                self.lock.withLock { self.status = .behind }
                return .behind
            }
            try await self.apply(changes, on: db)
            return .current
        }
    }

    /// SQL for the number of the log's last entry ever written (SQLite's counter of the log's key,
    /// which counts on when entries are pruned); 0 before the first.
    static let lastChangeSQL = "COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'sticker_events'), 0)"

    /// The number of the log's last entry ever written.
    private func lastChange(on db: SQLiteConnection) async throws -> Int64 {
        Int64(
            try await db.query("SELECT \(Self.lastChangeSQL)", [])
                .first?.columns.first?.data.integer ?? 0)
    }

    /// A log entry: a sticker (and the cells it is in and was in) or a viewer whose relations changed.
    private typealias Change = (seq: Int64, sticker: String?, cells: [CellID], account: String?)

    private func changes(after seq: Int64, on db: SQLiteConnection) async throws -> [Change] {
        try await db.query(
            """
            SELECT seq, kind, sticker_id, cell, previous_cell, account_id FROM sticker_events
            WHERE seq > ?1 ORDER BY seq LIMIT \(Self.largestCatchUp + 1)
            """,
            [.integer(SQLiteInt64(seq))]
        ).map { row in
            let c = row.columns
            guard c.count == 6, let seq = c[0].data.integer, let kind = c[1].data.string else {
                throw StoreError.corrupt("an entry of the sticker change log is incomplete: \(row)")
            }
            if kind == ChangeLog.EntryKind.relation.rawValue { return Change(Int64(seq), nil, [], c[5].data.string) }
            let cells: [CellID] = [c[3].data.integer, c[4].data.integer].compactMap { value in
                value.flatMap { CellID(rawValue: UInt64(bitPattern: Int64($0))) }
            }
            return Change(Int64(seq), c[2].data.string, cells, nil)
        }
    }

    /// Reads the changed stickers and their shares again and puts them where they now are; forgets the changed viewers.
    private func apply(_ changes: [Change], on db: SQLiteConnection) async throws {
        let ids = Array(Set(changes.compactMap(\.sticker)))
        let changed = Collected()
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
            let list = chunk.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
            let binds = chunk.map { SQLiteData.text($0) }
            try await db.query("SELECT \(Self.columns) FROM stickers WHERE id IN (\(list))", binds) { row in
                changed.add(row, byCell: false)
            }
            try await db.query(Self.sharesQuery(where: "WHERE sticker_id IN (\(list))"), binds) { row in changed.addShare(row) }
        }
        let (_, shares, _) = try changed.result()
        let spots = changed.spots
        lock.withLock {
            for change in changes {
                if let account = change.account.flatMap(UUID.init(storedText:)) { viewers[Account.ID(account)] = nil }
                guard let id = change.sticker.flatMap(UUID.init(storedText:)).map(Sticker.ID.init) else { continue }
                for cell in change.cells { remove(id, from: cell) }
                self.shares[id] = shares[id]
            }
            for (cell, spot) in spots {
                remove(spot.id, from: cell)
                guard spot.state != .deleted else { continue }
                var list = cells[cell, default: []]
                list.insert(spot, at: Self.firstIndex(in: list, atOrAbove: (spot.strip, spot.latitude)))
                cells[cell] = list
            }
            applied = changes.last!.seq
        }
    }

    /// Hands back to the system what reading a million rows freed: the allocator keeps it otherwise
    /// (a server's resident memory stayed hundreds of megabytes above what it held).
    private static func returnFreedMemory() {
        #if canImport(Glibc)
            // glibc's `malloc_trim`, which Swift's Glibc module does not declare.
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    private func remove(_ id: Sticker.ID, from cell: CellID) {
        guard var list = cells[cell], let i = list.firstIndex(where: { $0.id == id }) else { return }
        list.remove(at: i)
        cells[cell] = list.isEmpty ? nil : list
    }

    /// Rows of (sticker, account or group, 0 for an account and 1 for a group).
    private static func sharesQuery(where condition: String) -> String {
        """
        SELECT sticker_id, account_id, 0 FROM sticker_shares \(condition)
        UNION ALL SELECT sticker_id, group_id, 1 FROM sticker_group_shares \(condition)
        """
    }

    /// The first index in `spots` (by strip, then latitude) at or after `place`.
    private static func firstIndex(in spots: [Spot], atOrAbove place: (strip: Int64, latitude: Double)) -> Int {
        var (low, high) = (0, spots.count)
        while low < high {
            let middle = (low + high) / 2
            if (spots[middle].strip, spots[middle].latitude) < place { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Calls `body` with each spot of `cells` inside `box` until it returns false, under the lock: for a
    /// box narrow enough, the latitude band of each strip it spans; else each cell's spots whole.
    private func forEachSpot(in cells: [CellID], box: NearbySearch.SearchBox, _ body: (Spot) -> Bool) {
        let (latitudes, longitudes) = box
        let strips = longitudes.flatMap(LongitudeStrip.covering)
        lock.withLock {
            for cell in cells {
                guard let spots = self.cells[cell] else { continue }
                guard let strips else {
                    for s in spots where latitudes.contains(s.latitude) && longitudes?.contains(s.longitude) ?? true {
                        guard body(s) else { return }
                    }
                    continue
                }
                for strip in strips {
                    var i = Self.firstIndex(in: spots, atOrAbove: (strip, latitudes.lowerBound))
                    while i < spots.count, spots[i].strip == strip, spots[i].latitude <= latitudes.upperBound {
                        defer { i += 1 }
                        guard longitudes!.contains(spots[i].longitude) else { continue }
                        guard body(spots[i]) else { return }
                    }
                }
            }
        }
    }
}

extension ResidentSpots {
    /// How many living stickers lie in `box` over `cells`, counted up to one more than `bound`.
    func count(in cells: [CellID], box: NearbySearch.SearchBox, upTo bound: Int?) -> Int {
        var n = 0
        forEachSpot(in: cells, box: box) { _ in
            n += 1
            return bound.map { n <= $0 } ?? true
        }
        return n
    }

    /// One step of a nearby search, as ``NearbyVisibleSQLite`` takes it: the `cap` nearest stickers
    /// in `box` (by the flat distance) that `viewer` may see; nil for a box without longitudes.
    func step(
        cells: [CellID], box: NearbySearch.SearchBox, center: Coordinate, viewer: Viewer, now: Date, after cursor: NearbyCursor?,
        cap: Int
    ) -> VisiblePage? {
        guard box.longitudes != nil else { return nil }
        let flat = ApproximateDistance(center: center)
        let nearest = cursor.map { ApproximateDistance.surelyBefore($0.distance) } ?? 0
        var found: [Spot] = []
        var order: [(d2: Double, index: Int)] = []  // sorted rather than the spots themselves (112 bytes each)
        forEachSpot(in: cells, box: box) { s in
            let dy = (s.latitude - center.latitude) * flat.metresPerDegreeLatitude
            let dx = (s.longitude - center.longitude) * flat.metresPerDegreeLongitude
            let d2 = dy * dy + dx * dx
            if d2 >= nearest * nearest, viewer.canSee(audience(of: s), now: now) {
                order.append((d2, found.count))
                found.append(s)
            }
            return true
        }
        order.sort { $0.d2 < $1.d2 }
        let kept = order.prefix(cap)
        let rows = kept.map { key in
            let s = found[key.index]
            return NearbySearch.Candidate(
                id: s.id, idText: s.id.text, version: s.version, coordinate: Coordinate(latitude: s.latitude, longitude: s.longitude),
                audience: nil, body: "", placeKey: s.placeKey)
        }
        return VisiblePage(
            rows: rows, cap: cap, nearest: nearest, farthest: kept.last.map { $0.d2.squareRoot() } ?? 0, latitudes: box.latitudes)
    }

    /// What the rule reads of a spot (called under the lock, which guards the shares).
    private func audience(of s: Spot) -> StickerAudience {
        let shared = s.visibility == .shared ? shares[s.id] : nil
        return StickerAudience(
            author: s.author, state: s.state, visibility: s.visibility, privateWorldmap: s.privateWorldmap,
            expiresAt: s.expiresAt.map { date(millis: $0) }, sharedWith: shared?.accounts ?? [], sharedGroups: shared?.groups ?? [],
            ageRestricted: s.ageRestricted)
    }
}

/// Rows read on SQLite's thread, gathered for the reader; the first malformed row fails the whole read.
private final class Collected: @unchecked Sendable {
    var cells: [CellID: [ResidentSpots.Spot]] = [:]
    var spots: [(cell: CellID, spot: ResidentSpots.Spot)] = []
    var shares: [Sticker.ID: ResidentSpots.Shares] = [:]
    var count = 0
    var failure: (any Error)?

    /// Keeps a row of ``ResidentSpots/columns``: in its cell's list, or in order of reading (to be put in place).
    func add(_ row: SQLiteRow, byCell: Bool) {
        guard failure == nil else { return }
        do {
            let (cell, spot) = try Self.spot(row)
            if byCell { cells[cell, default: []].append(spot) } else { spots.append((cell, spot)) }
            count += 1
        } catch { failure = error }
    }

    func addShare(_ row: SQLiteRow) {
        let c = row.columns
        guard c.count == 3, let sticker = c[0].data.string.flatMap(UUID.init(storedText:)).map(Sticker.ID.init),
            let other = c[1].data.string.flatMap(UUID.init(storedText:)), let kind = c[2].data.integer
        else {
            failure = failure ?? StoreError.corrupt("a share row is incomplete: \(row)")
            return
        }
        if kind == 0 {
            shares[sticker, default: .init()].accounts.insert(Account.ID(other))
        } else {
            shares[sticker, default: .init()].groups.insert(StickerGroup.ID(other))
        }
    }

    /// Lets go of what was read (the caller keeps its own copies).
    func release() { (cells, spots) = ([:], []) }

    func result() throws -> ([CellID: [ResidentSpots.Spot]], [Sticker.ID: ResidentSpots.Shares], Int) {
        if let failure { throw failure }
        return (cells, shares, count)
    }

    private static func spot(_ row: SQLiteRow) throws -> (cell: CellID, spot: ResidentSpots.Spot) {
        let c = row.columns
        guard c.count == 12, let key = c[0].data.integer, let id = c[1].data.string.flatMap(UUID.init(storedText:)),
            let version = c[2].data.integer, let latitude = c[3].data.double, let longitude = c[4].data.double,
            let cell = c[5].data.integer.flatMap({ CellID(rawValue: UInt64(bitPattern: Int64($0))) }),
            let author = c[6].data.string.flatMap(UUID.init(storedText:)),
            let state = c[7].data.string.flatMap({ StickerState(rawValue: $0) }),
            let visibility = c[8].data.string.flatMap({ Visibility(rawValue: $0) }), let restricted = c[11].data.integer
        else { throw StoreError.corrupt("a sticker row is incomplete: \(row)") }
        let spot = ResidentSpots.Spot(
            id: Sticker.ID(id), placeKey: Int64(key), latitude: latitude, longitude: longitude,
            strip: LongitudeStrip.of(longitude: longitude), version: Int(version),
            author: Account.ID(author), privateWorldmap: c[9].data.string.flatMap(UUID.init(storedText:)).map(Worldmap.ID.init),
            expiresAt: c[10].data.integer.map { Int64($0) }, state: state, visibility: visibility, ageRestricted: restricted != 0)
        return (cell, spot)
    }
}
