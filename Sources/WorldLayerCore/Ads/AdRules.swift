import Foundation

extension AdDraft {
    /// Every problem of the draft as `advertiser` would place it with `template` (nil: no such
    /// template): its own fields, then whether the template is a 2D or 3D one they may use and takes text.
    public func problems(template: StickerTemplate?, advertiser: Account.ID) -> [FieldError] {
        var problems = problems()
        if let template, template.isUsable(by: advertiser), template.kind != .text {
            if !template.takesText, !text.isEmpty { problems.append(FieldError("text", "this template takes no text")) }
        } else {
            problems.append(FieldError("templateId", "must be a 2D or 3D template you can use"))
        }
        return problems
    }
}

/// A moderator's review of an ad.
public enum AdReviewRules {
    /// The reason as kept (trimmed; none stays none), or its problem: a rejection says why.
    public static func reason(_ text: String?, approving: Bool) -> Result<String?, FieldErrors> {
        let reason = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        if !approving, (reason ?? "").isEmpty { return .failure(FieldErrors([FieldError("reason", "is required to reject")])) }
        return .success(reason)
    }
}
