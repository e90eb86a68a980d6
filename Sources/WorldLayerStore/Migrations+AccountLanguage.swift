extension Migration {
    /// Version 36: the language an account's e-mails are written in (nil: English).
    static let accountLanguage = Migration(
        version: 36, name: "the language of an account",
        statements: ["ALTER TABLE accounts ADD COLUMN language TEXT"])
}
