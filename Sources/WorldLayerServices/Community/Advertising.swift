import Foundation
import WorldLayerCore
import WorldLayerStore

/// Writing an ad and a moderator's review of one: the draft checked against the template it uses
/// (``AdDraft/problems(template:advertiser:)``), a rejection's reason required (``AdReviewRules``).
public struct Advertising: Sendable {
    let ads: AdStore
    let templates: TemplateStore

    public init(ads: AdStore, templates: TemplateStore) {
        self.ads = ads
        self.templates = templates
    }

    /// Creates or edits `advertiser`'s ad (a retried create is the same ad). Throws ``FieldErrors``.
    public func put(_ id: Ad.ID, draft: AdDraft, by advertiser: Account.ID, shownAs name: String) async throws -> (Ad, created: Bool) {
        let problems = draft.problems(template: try await templates.template(id: draft.templateId), advertiser: advertiser)
        guard problems.isEmpty else { throw FieldErrors(problems) }
        var draft = draft
        draft.color = StickerRules.normalizeColor(draft.color) ?? draft.color
        return try await ads.put(id: id, draft: draft, advertiser: advertiser, name: name)
    }

    /// Approves or rejects a pending ad; nil when there is none. Throws ``FieldErrors`` for the reason.
    public func review(_ id: Ad.ID, approve: Bool, reason: String?, by moderator: Account) async throws -> Ad? {
        let reason = try AdReviewRules.reason(reason, approving: approve).get()
        return try await ads.review(id: id, approve: approve, reason: reason, moderator: moderator)
    }
}
