import Foundation
import WorldLayerCore
import WorldLayerStore

/// Reporting a sticker and a moderator's decision on a report: the words checked by
/// ``ModerationRules``, the report filed only for someone who may see the sticker, every decision
/// in the moderation log (the store's).
public struct Moderation: Sendable {
    let accounts: AccountStore
    let moderation: ModerationStore

    public init(accounts: AccountStore, moderation: ModerationStore) {
        self.accounts = accounts
        self.moderation = moderation
    }

    /// Files `reporter`'s report (the same report again is the same one). Throws ``FieldErrors`` for the reason.
    public func report(_ sticker: Sticker.ID, reason: String, by reporter: Account.ID) async throws -> ReportOutcome {
        let reason = try ModerationRules.reason(reason).get()
        return try await moderation.report(stickerID: sticker, reason: reason, reporter: try await accounts.viewer(reporter))
    }

    /// Hides the sticker (or keeps it) and settles the report; nil when there is no such open report.
    /// Throws ``FieldErrors`` for the note.
    public func decide(_ report: StickerReport.ID, hide: Bool, note: String?, by moderator: Account) async throws -> StickerReport? {
        let note = try ModerationRules.note(note).get()
        return try await moderation.decide(reportID: report, hide: hide, note: note, moderator: moderator)
    }
}
