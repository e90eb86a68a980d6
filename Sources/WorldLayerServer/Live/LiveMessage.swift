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
    /// One whole WebSocket text frame as it goes on the wire (header and JSON, in the same JSON as the
    /// HTTP API, times with milliseconds), encoded once and shared by every socket it goes to: the
    /// sockets write these bytes past the frame encoder (``LiveSocket``).
    var frame: ByteBuffer { Self.wireTextFrame(payload) }

    /// The frame for Hummingbird's own writer.
    var webSocketFrame: WebSocketFrame { WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: payload)) }

    private var payload: Data { (try? WireJSON.encoder.encode(self)) ?? Data(#"{"type":"error"}"#.utf8) }

    /// A server's unmasked, final text frame around `payload` (RFC 6455 §5.2).
    static func wireTextFrame(_ payload: Data) -> ByteBuffer {
        var frame = ByteBuffer()
        frame.reserveCapacity(payload.count + 10)
        frame.writeInteger(UInt8(0x81))
        switch payload.count {
        case ..<126: frame.writeInteger(UInt8(payload.count))
        case ..<65_536:
            frame.writeInteger(UInt8(126))
            frame.writeInteger(UInt16(payload.count))
        default:
            frame.writeInteger(UInt8(127))
            frame.writeInteger(UInt64(payload.count))
        }
        frame.writeBytes(payload)
        return frame
    }
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
