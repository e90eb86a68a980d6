extension Migration {
    /// Version 38: which server runs a site-wide background job (ending expired stickers, purges,
    /// the media sweep), so that servers sharing a database run each once. A lease not renewed by
    /// `until` (its server died) is taken over by the next server that asks.
    static let jobLeases = Migration(
        version: 38, name: "job leases",
        statements: [
            "CREATE TABLE job_leases (job TEXT PRIMARY KEY, holder TEXT NOT NULL, until BIGINT NOT NULL)"
        ])
}
