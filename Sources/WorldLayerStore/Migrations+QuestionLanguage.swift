extension Migration {
    /// Version 35: the language a visitor asked a question in, so that the mailed answer speaks it.
    static let questionLanguage = Migration(
        version: 35, name: "the language of a tour question",
        statements: ["ALTER TABLE tour_questions ADD COLUMN language TEXT"])
}
