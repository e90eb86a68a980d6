import Foundation
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

extension APIError {
    /// The API's answer to a refusal from below — Core's rules, the store's typed outcomes, the media
    /// library: the one place each gets its code, status and words. Nil for anything else.
    init?(refusal error: any Error) {
        switch error {
        case let e as FieldErrors: self = .validation(e.errors)
        case let e as StickerWriteError: self = Self.sticker(e)
        case let e as SignUpRefusal: self = .conflict(e.description, field: "id")
        case let e as AdWriteError:
            switch e {
            case .notFound: self = .notFound("no such ad")
            case .invalidTransition(let why): self.init(.invalidTransition, message: why)
            }
        case let e as TourSaveError:
            switch e {
            case .slugTaken(let slug): self = .conflict("another tour already has the slug “\(slug)”", field: "slug")
            case .missingMedia(let ids):
                self = .validation([FieldError("media", "not in the media library: \(ids.joined(separator: ", "))")])
            }
        case let e as GuidedTourError:
            switch e {
            case .passkeyTaken: self = .conflict("the passkeys drawn for the group were taken; ask again")
            case .participantIdTaken: self = .conflict("that participant id is taken; send a new one", field: "participantId")
            case .questionIdTaken: self = .conflict("that question id is taken; send a new one", field: "id")
            }
        case let e as SceneRefusal:
            switch e {
            case .notAuthor: self.init(.forbidden, message: SceneAnchorRules.onlyAuthor)
            case .notAuthorOrModerator: self.init(.forbidden, message: SceneAnchorRules.onlyAuthorOrModerator)
            case .noScene: self = .notFound("this sticker has no scene anchor")
            case .quota(let used, let quota): self = .noRoom(used: used, quota: quota, what: "scene anchors")
            }
        case let e as InviteRefusal:
            switch e {
            case .noSuchWorldmap: self = .notFound("no such worldmap")
            case .notOwner: self.init(.forbidden, message: "only the owner of a private worldmap makes its invite links")
            }
        case let e as SuspensionRefusal:
            switch e {
            case .noSuchAccount: self = .notFound("no such user")
            case .notAllowed: self.init(.forbidden, message: Suspension.rule)
            }
        case let e as StaleWorldmapAsset: self.init(.preconditionFailed, message: e.description)
        case let e as MediaLibrary.Problem:
            switch e {
            case .tooLarge: self.init(.bodyTooLarge, message: "the file is \(e)")
            default: self.init(.unsupportedMediaType, message: "the file is \(e)")
            }
        case let e as StoreError where e.isConflict: self = .conflict(e.description, field: e.field)
        case let e as StoreError where e.isNotFound: self = .notFound(e.description)
        default: return nil
        }
    }

    private static func sticker(_ error: StickerWriteError) -> APIError {
        switch error {
        case .notFound, .idTaken:
            // Someone else's id is answered as for a sticker that does not exist, so nobody learns it does.
            .notFound("no such sticker")
        case .versionConflict(let current): .versionConflict(current)
        case .invalidTransition(let t): APIError(.invalidTransition, message: t.description)
        case .invalid(let fields): .validation(fields)
        case .restricted(let zone):
            APIError(
                .restrictedZone, message: "stickers cannot be placed in '\(zone.zone)' (\(zone.kind)), a restricted zone",
                fields: [FieldError("anchor", "is inside the restricted zone '\(zone.zone)'")], zone: Zone(name: zone.zone, kind: zone.kind)
            )
        }
    }
}
