import Foundation
import NIOCore
import NIOWebSocket
import WorldLayerCore

/// What the server sends a live client, one JSON object per WebSocket text frame.
struct LiveMessage: Encodable, Sendable {
    /// What a frame says.
    enum Kind: String, Encodable, Sendable {
        case authenticated
        /// With the cursor: where the client is current to.
        case subscribed
        /// A replay after `since` is done: the client is current to `seq`.
        case current
        case event
        /// Something changed under a followed topic: read it again.
        case topic
        /// Reload what you have.
        case reset
        case error
    }

    var type: Kind
    var seq: Int64?
    var event: ChangeKind?
    var stickerId: String?
    /// The sticker as this subscriber may see it; nil for `deleted`.
    var sticker: Sticker?
    var cells: [String]?
    var topic: String?
    var message: String?

    static func subscribed(cells: [String], seq: Int64) -> LiveMessage { LiveMessage(type: .subscribed, seq: seq, cells: cells) }
    static func reset(seq: Int64) -> LiveMessage { LiveMessage(type: .reset, seq: seq) }
    static func current(seq: Int64) -> LiveMessage { LiveMessage(type: .current, seq: seq) }
    static func topic(_ topic: LiveTopic, seq: Int64) -> LiveMessage { LiveMessage(type: .topic, seq: seq, topic: topic.name) }
    static func error(_ message: String) -> LiveMessage { LiveMessage(type: .error, message: message) }

    static func change(_ change: StickerChange, kind: ChangeKind, viewer: Viewer) -> LiveMessage {
        LiveMessage(
            type: .event, seq: change.seq, event: kind, stickerId: change.stickerID.text,
            sticker: kind == .deleted ? nil : change.sticker?.seen(by: viewer.accountID), cells: change.cells)
    }
}

extension LiveMessage {
    /// One WebSocket text frame's payload, in the same JSON as the HTTP API (times with milliseconds),
    /// encoded once and shared by every socket it goes to.
    var frame: ByteBuffer { ByteBuffer(bytes: (try? WireJSON.encoder.encode(self)) ?? Data(#"{"type":"error"}"#.utf8)) }

    /// The frame ready to write.
    var webSocketFrame: WebSocketFrame { Self.textFrame(frame) }

    /// A whole text frame around a payload, which it shares rather than copies.
    static func textFrame(_ payload: ByteBuffer) -> WebSocketFrame { WebSocketFrame(fin: true, opcode: .text, data: payload) }
}

/// What a live client sends.
struct LiveCommand: Decodable {
    /// `authenticate` signs the socket in with `token`; `subscribe` replaces the set of cells; `since`
    /// resumes after that sequence number. Kept as text, so that an unknown one can be named back.
    var type: String
    var kind: Kind? { Kind(rawValue: type) }

    enum Kind: String {
        case authenticate, subscribe
    }
    var token: String?
    var cells: [String]?
    /// Names followed besides cells: `tour-group:<id>` for a tour group's guide or members.
    var topics: [String]?
    /// The layer chosen (``StickerLayer``): only its stickers come; absent, all the viewer may see.
    var layer: String?
    var since: Int64?
}
