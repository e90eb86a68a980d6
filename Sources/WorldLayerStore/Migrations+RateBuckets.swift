extension Migration {
    /// Version 34: token buckets of the request limits (sign-ups, mail, uploads, camera frames)
    /// kept in the database when servers share it (PostgreSQL), so that what one address may do
    /// does not grow with the number of servers.
    static let rateBuckets = Migration(
        version: 34, name: "rate limits shared by servers",
        statements: [
            """
            CREATE TABLE rate_buckets (
                limiter TEXT NOT NULL, key TEXT NOT NULL, tokens DOUBLE PRECISION NOT NULL, updated BIGINT NOT NULL,
                PRIMARY KEY (limiter, key))
            """,
            "CREATE INDEX rate_buckets_by_time ON rate_buckets (updated)",
        ])
}
