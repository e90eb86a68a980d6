/// Why a sticker write was refused; the server turns each into its status code.
public enum StickerWriteError: Error, Sendable {
    /// No such sticker, or one the caller may not see (the two are never told apart).
    case notFound
    /// The id belongs to someone else's sticker.
    case idTaken
    /// The edit names a version that is no longer current.
    case versionConflict(current: Sticker)
    case invalidTransition(InvalidTransition)
    case invalid([FieldError])
    case restricted(RestrictedZoneViolation)
}
