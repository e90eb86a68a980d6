extension Migration {
    /// Version 37: live sockets open per client address and account, per server, when servers share
    /// the database (PostgreSQL), so that the sockets one address may hold do not grow with the
    /// number of servers. A server's rows age out when it stops refreshing them (killed).
    static let liveSocketCounts = Migration(
        version: 37, name: "live sockets counted across servers",
        statements: [
            """
            CREATE TABLE live_socket_counts (
                server TEXT NOT NULL, key TEXT NOT NULL, open INTEGER NOT NULL, seen_at BIGINT NOT NULL,
                PRIMARY KEY (key, server))
            """,
            "CREATE INDEX live_socket_counts_by_server ON live_socket_counts (server)",
        ])
}
