import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// Why a scene was not anchored or removed.
public enum SceneRefusal: Error, Sendable, Equatable {
    case notAuthor
    case notAuthorOrModerator
    case noScene
    /// The author's scenes would take more than their quota.
    case quota(used: Int, quota: Int)
}

/// Anchoring my sticker to the scene a camera frame shows, and taking it off: who may
/// (``SceneAnchorRules``), how it was seen (``SceneCapture``), the restricted zones where the scene
/// shows the sticker and where its author stood, a frame that can be found again, the author's
/// quota, and the store's write.
public struct SceneAnchoring: Sendable {
    let scenes: SceneStore
    let zones: ZoneStore
    let clock: WallClock
    /// Bytes of scenes each author may keep.
    let quota: Int

    public init(scenes: SceneStore, zones: ZoneStore, clock: WallClock, quota: Int) {
        (self.scenes, self.zones, self.clock, self.quota) = (scenes, zones, clock, quota)
    }

    /// What can be refused before the frame is read: who anchors, and how and where it was seen.
    /// Throws ``SceneRefusal``, ``FieldErrors`` or ``StickerWriteError/restricted(_:)``.
    public func check(_ sticker: Sticker, _ capture: SceneCapture, by account: Account.ID) async throws {
        guard SceneAnchorRules.mayAnchor(sticker, by: account) else { throw SceneRefusal.notAuthor }
        let problems = capture.problems(forStickerAt: sticker.anchor.coordinate)
        guard problems.isEmpty else { throw FieldErrors(problems) }
        // The sticker's placement rules hold where its scene shows it, and where its author stood.
        for place in [capture.sceneCoordinate, Coordinate(latitude: capture.latitude, longitude: capture.longitude)] {
            if let zone = try await zones.zone(at: place) {
                throw StickerWriteError.restricted(RestrictedZoneViolation(zone: zone.name, kind: zone.kind))
            }
        }
    }

    /// Anchors the sticker to the frame's scene, in place of the one it had; says whether it had none.
    public func anchor(_ sticker: Sticker, _ capture: SceneCapture, frame: SceneFrame, by account: Account.ID) async throws -> (
        SceneAnchor, created: Bool
    ) {
        try await check(sticker, capture, by: account)
        // As for a book's pages: a scene that would not be found again is refused, with the reason.
        guard frame.problems.isEmpty else { throw FieldErrors(SceneAnchorRules.frameProblems(frame.problems)) }
        let used = try await scenes.bytes(ofAuthor: account, except: sticker.id)
        guard used + frame.picture.count + frame.features.count <= quota else { throw SceneRefusal.quota(used: used, quota: quota) }
        let before = try await scenes.anchor(stickerID: sticker.id)
        let anchor = SceneAnchor(
            stickerId: sticker.id, capture: capture, width: frame.width, height: frame.height, quality: frame.quality,
            createdAt: clock.now())
        try await scenes.put(
            anchor, picture: frame.picture, contentType: frame.contentType, features: frame.features, now: anchor.createdAt)
        return (anchor, before == nil)
    }

    /// Takes the sticker off its scene (it stays at its geo anchor): its author, or a moderator.
    public func remove(_ sticker: Sticker, by account: Account) async throws {
        guard SceneAnchorRules.mayRemove(sticker, by: account) else { throw SceneRefusal.notAuthorOrModerator }
        guard try await scenes.delete(stickerID: sticker.id) else { throw SceneRefusal.noScene }
    }
}
