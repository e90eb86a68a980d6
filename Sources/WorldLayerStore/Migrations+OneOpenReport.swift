extension Migration {
    /// Version 14: one open report per sticker and reporter, kept by the schema. Filing a report
    /// again returns the open one; on PostgreSQL two filings side by side each saw none and both
    /// inserted. Duplicates such a race left are folded into the oldest first.
    static let oneOpenReport = Migration(
        version: 14, name: "one open report per sticker and reporter",
        statements: [
            """
            DELETE FROM reports WHERE status = 'open' AND EXISTS (
                SELECT 1 FROM reports o WHERE o.status = 'open' AND o.sticker_id = reports.sticker_id AND o.reporter_id = reports.reporter_id
                  AND (o.created_at < reports.created_at OR (o.created_at = reports.created_at AND o.id < reports.id)))
            """,
            "CREATE UNIQUE INDEX reports_one_open ON reports (sticker_id, reporter_id) WHERE status = 'open'",
        ])
}
