import PostgresKit

// Statements prepared once per PostgreSQL connection, for the queries every sticker request makes.

/// `AccountStore.viewer(_:on:)`'s query as a statement prepared once per PostgreSQL connection.
struct ViewerStatement: PostgresPreparedStatement {
    static let sql = relations(of: "$1")

    /// The viewer's relations as rows of (kind, other): `w` worldmap memberships, `b` blocks either
    /// way, `g` groups, `f` accounts followed, and `a` the account's birthday (whether it is an adult); `account` is the
    /// parameter that holds the account id (`typed`: the kind's type said, as PostgreSQL needs).
    static func relations(of account: String, typed: Bool = true) -> String {
        """
        SELECT 'w'\(typed ? "::text" : "") AS kind, worldmap_id AS other FROM worldmap_members WHERE account_id = \(account)
        UNION ALL SELECT 'b', blocked_id FROM blocks WHERE blocker_id = \(account)
        UNION ALL SELECT 'b', blocker_id FROM blocks WHERE blocked_id = \(account)
        UNION ALL SELECT 'g', group_id FROM group_members WHERE account_id = \(account)
        UNION ALL SELECT 'f', followee_id FROM follows WHERE follower_id = \(account)
        UNION ALL SELECT 'a', birthday FROM accounts WHERE id = \(account)
        """
    }
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
