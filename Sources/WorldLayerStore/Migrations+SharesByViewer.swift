extension Migration {
    /// Version 15: a sticker's shares found from the viewer's side. A nearby read asks, for each
    /// shared row in its box, "is this shared with me?"; by sticker id those probes land on random
    /// leaves of the share index (one cold page each when the index outgrows memory), while keyed by
    /// (viewer, sticker) every probe of one search falls among the viewer's own few entries.
    static let sharesByViewer = Migration(
        version: 15, name: "shares indexed by viewer, then sticker",
        statements: [
            "DROP INDEX sticker_shares_by_account",
            "CREATE INDEX sticker_shares_by_viewer ON sticker_shares (account_id, sticker_id)",
        ])
}
