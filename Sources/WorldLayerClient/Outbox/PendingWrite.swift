import Foundation
import WorldLayerAPI

/// A write the app made, kept until the server has it. Each carries the id the device made for
/// what it creates, so sending it again after a lost answer is never applied twice.
public enum PendingWrite: Codable, Sendable, Hashable {
    /// Create or edit (`draft.version` is the version the edit was based on).
    case saveSticker(id: String, draft: StickerDraft)
    case placeSticker(id: String, version: Int?)
    case deleteSticker(id: String)
    case askQuestion(group: String, id: String, text: String, email: String?)
    /// Where I was on a tour, and when: stamps earned offline are granted when it arrives.
    case reportPosition(tour: String, latitude: Double?, longitude: Double?, accuracy: Double?, beacon: String?, recordedAt: Date)

    /// The sticker the write is about, if it is about one.
    public var stickerID: String? {
        switch self {
        case .saveSticker(let id, _), .placeSticker(let id, _), .deleteSticker(let id): id
        case .askQuestion, .reportPosition: nil
        }
    }
}

/// A write in the outbox: the write, when it was made, how often sending it failed.
public struct QueuedWrite: Codable, Sendable, Hashable, Identifiable {
    public let id: UUID
    public let write: PendingWrite
    public let madeAt: Date
    public var failedAttempts: Int
}

/// What became of a queued write once the server answered.
public enum WriteOutcome: Sendable, Hashable {
    /// Applied (or found already applied: a retry whose first answer was lost).
    case applied(QueuedWrite)
    /// The edit was based on a version someone else changed since: here is what the server has now.
    /// Nothing was overwritten; the app shows both and lets the person choose.
    case conflict(QueuedWrite, current: Sticker)
    /// The server refused it for good (not allowed, invalid, gone); sending it again would not help.
    case refused(QueuedWrite, Refusal)
}
