/// The seed's state diagram: every sticker starts unpublished; `place` publishes it;
/// `edit` returns it to unpublished; `delete` ends it from any state.
public enum StickerAction: String, Sendable, CaseIterable {
    case place
    case edit
    case delete
}

/// A transition the state diagram does not have.
public struct InvalidTransition: Error, Sendable, Equatable, CustomStringConvertible {
    public let action: StickerAction
    public let state: StickerState

    public init(action: StickerAction, state: StickerState) {
        self.action = action
        self.state = state
    }

    public var description: String {
        switch (action, state) {
        case (.place, .published): "the sticker is already placed; edit it first to change it"
        case (.place, .deleted): "the sticker was deleted; a deleted sticker cannot be placed"
        case (_, .deleted): "the sticker was deleted; a deleted sticker cannot be edited"
        default: "cannot \(action.rawValue) a sticker that is \(state.rawValue)"
        }
    }
}

public enum StickerLifecycle {
    /// The state after `action`, or the reason it is not allowed.
    public static func next(after action: StickerAction, from state: StickerState) throws(InvalidTransition) -> StickerState {
        switch (action, state) {
        case (.place, .unpublished): .published
        case (.edit, .unpublished), (.edit, .published): .unpublished
        case (.delete, _): .deleted
        default: throw InvalidTransition(action: action, state: state)
        }
    }
}
