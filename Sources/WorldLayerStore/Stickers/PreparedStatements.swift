import PostgresKit

// Statements prepared once per PostgreSQL connection, for the queries every sticker request makes.

/// The nearby search's candidates query on PostgreSQL as one fixed statement, prepared once per
/// connection: the (cell, strip) pairs travel as two arrays. Sent through SQLKit, every query
/// was parsed (~0.17 ms) and planned (~0.54 ms) anew before it ran (~0.68 ms), measured from the
/// server's statement log; the same rows come back, decoded by position. Its conditions are
/// `Store.candidates`' (and `Store.sharedWithMe`'s) written out for PostgreSQL; the visibility
/// matrix test runs every path on PostgreSQL, this one included, so the two cannot drift apart unseen.
struct NearbyCandidatesStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT s.body,
          CASE WHEN s.visibility = 'shared' AND (
                 EXISTS (SELECT 1 FROM sticker_shares h WHERE h.sticker_id = s.id AND h.account_id = $7)
                 OR EXISTS (SELECT 1 FROM sticker_group_shares g JOIN group_members m ON m.group_id = g.group_id
                            WHERE g.sticker_id = s.id AND m.account_id = $7))
               THEN 1 ELSE 0 END AS shared_with_me
        FROM unnest($1::bigint[], $2::bigint[]) AS k(cell, strip) CROSS JOIN stickers s
        WHERE s.cell = k.cell AND s.strip = k.strip AND s.latitude BETWEEN $3 AND $4 AND s.longitude BETWEEN $5 AND $6
          AND s.state <> 'deleted' AND (s.state = 'published' OR s.author_id = $7)
        """
    typealias Row = (String, Int)

    var cells: [Int64]
    var strips: [Int64]
    var latitudes: ClosedRange<Double>
    var longitudes: ClosedRange<Double>
    var viewer: String

    func makeBindings() -> PostgresBindings {
        var b = PostgresBindings()
        b.append(cells)
        b.append(strips)
        b.append(latitudes.lowerBound)
        b.append(latitudes.upperBound)
        b.append(longitudes.lowerBound)
        b.append(longitudes.upperBound)
        b.append(viewer)
        return b
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}

/// `Store.viewer(_:on:)`'s query as a statement prepared once per PostgreSQL connection.
struct ViewerStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT 'w'::text AS kind, worldmap_id AS other FROM worldmap_members WHERE account_id = $1
        UNION ALL SELECT 'b', blocked_id FROM blocks WHERE blocker_id = $1
        UNION ALL SELECT 'b', blocker_id FROM blocks WHERE blocked_id = $1
        UNION ALL SELECT 'g', group_id FROM group_members WHERE account_id = $1
        """
    typealias Row = (kind: String, other: String)

    var account: String

    func makeBindings() -> PostgresBindings {
        var b = PostgresBindings()
        b.append(account)
        return b
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (kind, other) = try row.decode((String, String).self)
        return (kind, other)
    }
}
