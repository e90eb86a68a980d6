extension Migration {
    /// Version 28: a moderator's suspension of an account, until a time, with the reason the person
    /// is shown when they try to sign in.
    static let suspensions = Migration(
        version: 28, name: "account suspensions",
        statements: [
            "ALTER TABLE accounts ADD COLUMN suspended_until INTEGER",
            "ALTER TABLE accounts ADD COLUMN suspension_reason TEXT",
        ],
        postgres: [
            "ALTER TABLE accounts ADD COLUMN suspended_until BIGINT",
            "ALTER TABLE accounts ADD COLUMN suspension_reason TEXT",
        ])
}
