import Foundation
import WorldLayerCore

/// What the server sends a live client, one JSON object per WebSocket text frame.
struct LiveMessage: Encodable, Sendable {
    /// `authenticated`, `subscribed` (with the cursor), `event`, `reset` (reload what you have), or `error`.
    var type: String
    var seq: Int64?
    var event: ChangeKind?
    var stickerId: String?
    /// The sticker as this subscriber may see it; nil for `deleted`.
    var sticker: Sticker?
    var cells: [String]?
    var message: String?

    static func subscribed(cells: [String], seq: Int64) -> LiveMessage { LiveMessage(type: "subscribed", seq: seq, cells: cells) }
    static func reset(seq: Int64) -> LiveMessage { LiveMessage(type: "reset", seq: seq) }
    static func error(_ message: String) -> LiveMessage { LiveMessage(type: "error", message: message) }

    static func change(_ change: StickerChange, kind: ChangeKind, viewer: Viewer) -> LiveMessage {
        LiveMessage(
            type: "event", seq: change.seq, event: kind, stickerId: change.stickerID.uuidString.lowercased(),
            sticker: kind == .deleted ? nil : change.sticker?.seen(by: viewer.accountID), cells: change.cells)
    }
}

extension LiveMessage {
    /// One WebSocket text frame, in the same JSON as the HTTP API (times with milliseconds).
    var text: String { (try? String(decoding: WireJSON.encoder.encode(self), as: UTF8.self)) ?? #"{"type":"error"}"# }
}

/// What a live client sends.
struct LiveCommand: Decodable {
    /// `authenticate` signs the socket in with `token`; `subscribe` replaces the set of cells; `since`
    /// resumes after that sequence number.
    var type: String
    var token: String?
    var cells: [String]?
    var since: Int64?
}
