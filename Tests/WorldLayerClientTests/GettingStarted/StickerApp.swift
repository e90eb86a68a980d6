import Foundation
import WorldLayerClient

/// A sticker app's whole model: log in, keep what is around current, place stickers (offline too),
/// and say where each sticker goes in the AR scene.
actor StickerApp {
    let world: WorldLayer
    let around: Surroundings
    let outbox: Outbox
    private var running: [Task<Void, Never>] = []

    /// `folder`: the app's own storage, where the session and unsent writes survive a restart.
    init(server: URL, folder: URL) throws {
        world = WorldLayer(server: server, tokens: FileTokenStore(at: folder.appendingPathComponent("token")))
        around = Surroundings(world: world)
        outbox = try Outbox(world: world, file: folder.appendingPathComponent("outbox.json"))
    }

    /// Logs in unless a session is kept, then keeps everything current until `stop()`.
    func start(username: String, password: String) async throws {
        if !world.accounts.isLoggedIn { try await world.accounts.logIn(username, password: password) }
        running = [Task { [around] in await around.run() }, Task { [outbox] in await outbox.run() }]
    }

    func stop() { running.forEach { $0.cancel() } }

    /// Call with every location update (Core Location's, on iOS).
    func moved(to fix: DeviceFix) async {
        await around.move(to: Coordinate(latitude: fix.latitude, longitude: fix.longitude))
    }

    /// Places a note where the person stands. It is on disk at once and sent when the network allows.
    func place(_ text: String, at fix: DeviceFix) async throws -> String {
        let id = WorldLayer.newID()
        let draft = StickerDraft(
            templateId: "sticky-note", text: text, tags: [], color: "#FFD60A", size: 0.4, orientation: [0, 0, 0, 1],
            anchor: .init(latitude: fix.latitude, longitude: fix.longitude, altitude: fix.altitude, accuracy: fix.horizontalAccuracy),
            visibility: ._public, sharedWith: [])
        try await outbox.enqueue(.saveSticker(id: id, draft: draft))
        try await outbox.enqueue(.placeSticker(id: id, version: nil))
        return id
    }

    /// What to draw: every sticker around, as an anchor's transform in the AR session of a device at
    /// `fix`. On iOS: `session.add(anchor: ARAnchor(name: id, transform: transform.matrix))`.
    func scene(seenFrom fix: DeviceFix) async -> [String: ARTransform] {
        guard let view = await around.now else { return [:] }
        return view.stickers.mapValues { $0.transform(seenFrom: fix) }
    }
}
