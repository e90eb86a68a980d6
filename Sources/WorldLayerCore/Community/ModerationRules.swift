import Foundation

/// What a report and a moderator's note may say, in words for people.
public enum ModerationRules {
    public static let noteMaximumLength = 1_000

    /// The reason as kept (trimmed), or its problem.
    public static func reason(_ text: String) -> Result<String, FieldErrors> {
        let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty, reason.count <= StickerReport.reasonMaximumLength else {
            return .failure(FieldErrors([FieldError("reason", "must be 1–\(StickerReport.reasonMaximumLength) characters")]))
        }
        return .success(reason)
    }

    /// The note to the reporter as kept (trimmed; none stays none), or its problem.
    public static func note(_ text: String?) -> Result<String?, FieldErrors> {
        let note = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let note, note.count > noteMaximumLength {
            return .failure(FieldErrors([FieldError("note", "must be at most 1,000 characters")]))
        }
        return .success(note)
    }
}
