import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// The change log that live sockets and the changes feed read.
public struct ChangeLog: StoreAggregate {
    let store: Store
}

extension ChangeLog {
    /// What a log entry records, as its `kind` column holds it.
    enum EntryKind: String {
        /// A sticker was written: its audience before and after, and its body.
        case sticker
        /// Someone's relations changed (a block, a membership): their live view must be re-checked.
        case relation
        /// Something changed under a name screens follow besides cells (``LiveTopic``).
        case topic
    }

    /// The PostgreSQL channel every server listens on (the transaction that wrote entries notifies it once).
    public static let liveChannel = "worldlayer_events"
    /// Serializes event writers on PostgreSQL so sequence numbers commit in order and a
    /// reader that has seen `n` can never later find a smaller one appear.
    static let eventLockKey = 0x574C_4556

    static func appendEvent(
        kind: EntryKind, stickerID: Sticker.ID?, accountID: Account.ID?, cells: [Int64], before: StickerAudience?, after: StickerAudience?,
        body: Sticker?, on db: any SQLDatabase, engine: Store.Engine, now: Date
    ) async throws {
        TransactionNotes.current?.markEvents()
        if engine == .postgres { try await db.raw("SELECT pg_advisory_xact_lock(\(bind: eventLockKey))").run() }
        let beforeText = try before.map(StoreJSON.string)
        let afterText = try after.map(StoreJSON.string)
        let bodyText = try body.map(StoreJSON.string)
        try await db.raw(
            """
            INSERT INTO sticker_events (kind, sticker_id, account_id, cell, previous_cell, before_audience, after_audience, body, created_at)
            VALUES (\(bind: kind.rawValue), \(bind: stickerID?.text), \(bind: accountID?.text), \(bind: cells.first ?? 0), \(bind: cells.dropFirst().first),
                    \(bind: beforeText), \(bind: afterText), \(bind: bodyText), \(bind: millis(now)))
            """
        ).run()
    }

    /// Says that something changed under `topic`, in the transaction that changed it.
    static func appendTopicEvent(_ topic: LiveTopic, on db: any SQLDatabase, engine: Store.Engine, now: Date) async throws {
        TransactionNotes.current?.markEvents()
        if engine == .postgres { try await db.raw("SELECT pg_advisory_xact_lock(\(bind: eventLockKey))").run() }
        try await db.raw(
            "INSERT INTO sticker_events (kind, cell, topic, created_at) VALUES ('topic', 0, \(bind: topic.name), \(bind: millis(now)))"
        ).run()
    }

    func appendRelationEvents(for accounts: [Account.ID], on db: any SQLDatabase, now: Date) async throws {
        for account in accounts {
            try await Self.appendEvent(
                kind: .relation, stickerID: nil, accountID: account, cells: [], before: nil, after: nil, body: nil, on: db, engine: engine,
                now: now)
        }
    }

    /// Log entries after `seq`, oldest first; only those touching `cells` or under `topics` when
    /// cells are given (relation entries always come along).
    public func events(after seq: Int64, cells: [CellID]? = nil, topics: [LiveTopic] = [], limit: Int = 1000) async throws -> [LiveEvent] {
        try await withConnection { db in
            let rows: [any SQLRow]
            if let cells {
                // An empty list is `IN (NULL)`: nothing, and still valid SQL on both engines.
                let list = cells.isEmpty ? SQLList([SQLLiteral.null]) : SQLList(cells.map { SQLBind(Int64(bitPattern: $0.rawValue)) })
                let names = topics.isEmpty ? SQLList([SQLLiteral.null]) : SQLList(topics.map { SQLBind($0.name) })
                rows = try await db.raw(
                    """
                    SELECT * FROM sticker_events WHERE seq > \(bind: seq)
                      AND (kind = '\(unsafeRaw: EntryKind.relation.rawValue)' OR cell IN (\(list)) OR previous_cell IN (\(list))
                           OR topic IN (\(names)))
                    ORDER BY seq LIMIT \(bind: limit)
                    """
                ).all()
            } else {
                rows = try await db.raw("SELECT * FROM sticker_events WHERE seq > \(bind: seq) ORDER BY seq LIMIT \(bind: limit)").all()
            }
            return try rows.map(Self.event(from:))
        }
    }

    static func event(from row: any SQLRow) throws -> LiveEvent {
        let seq = try row.decode(column: "seq", as: Int64.self)
        switch try EntryKind(rawValue: row.decode(column: "kind", as: String.self)) {
        case .relation: return .relation(seq: seq, accountID: try row.decodeID(column: "account_id"))
        case .topic: return .topic(seq: seq, LiveTopic(name: try row.decode(column: "topic", as: String.self)))
        case .sticker, nil: break
        }
        var cells = [try row.decode(column: "cell", as: Int64.self)]
        if let previous = try row.decode(column: "previous_cell", as: Int64?.self), previous != cells[0] { cells.append(previous) }
        return .sticker(
            StickerChange(
                seq: seq, stickerID: try row.decodeID(column: "sticker_id"),
                cells: cells.map { cellText($0) },
                before: try row.decode(column: "before_audience", as: String?.self).map { try StoreJSON.decode(StickerAudience.self, $0) },
                after: try row.decode(column: "after_audience", as: String?.self).map { try StoreJSON.decode(StickerAudience.self, $0) },
                sticker: try row.decode(column: "body", as: String?.self).map { try StoreJSON.sticker($0) },
                at: date(millis: try row.decode(column: "created_at", as: Int64.self))))
    }

    /// The newest sequence number (0 when the log is empty).
    public func lastEventSeq() async throws -> Int64 {
        try await withConnection { db in
            try await db.raw("SELECT COALESCE(MAX(seq), 0) AS seq FROM sticker_events").first()?.decode(column: "seq", as: Int64.self) ?? 0
        }
    }

    /// The oldest sequence number still kept; a client behind it must reload everything.
    public func firstEventSeq() async throws -> Int64 {
        try await withConnection { db in
            try await db.raw("SELECT COALESCE(MIN(seq), 0) AS seq FROM sticker_events").first()?.decode(column: "seq", as: Int64.self) ?? 0
        }
    }
}
