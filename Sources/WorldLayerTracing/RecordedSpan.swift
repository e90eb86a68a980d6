import Instrumentation
import Synchronization
import Tracing

/// A span of ``OTLPTracer``: recorded while it runs, handed to the exporter once when it ends.
/// A span the sampler left out still carries its identity (so that what it calls stays in the
/// trace, unsampled) but records nothing.
public final class RecordedSpan: Span {
    public let context: InstrumentationContext
    let identity: TraceIdentity
    let parent: TraceIdentity?
    let kind: SpanKind
    let startNanoseconds: UInt64
    private let onEnd: @Sendable (FinishedSpan) -> Void

    private struct State {
        var name: String
        var attributes: SpanAttributes = [:]
        var events: [SpanEvent] = []
        var links: [TraceIdentity] = []
        var status: SpanStatus?
        var ended = false
    }
    private let state: Mutex<State>

    init(
        name: String, context: InstrumentationContext, identity: TraceIdentity, parent: TraceIdentity?, kind: SpanKind,
        startNanoseconds: UInt64, onEnd: @escaping @Sendable (FinishedSpan) -> Void
    ) {
        self.context = context
        self.identity = identity
        self.parent = parent
        self.kind = kind
        self.startNanoseconds = startNanoseconds
        self.onEnd = onEnd
        self.state = Mutex(State(name: name))
    }

    public var isRecording: Bool { identity.sampled && !state.withLock { $0.ended } }

    public var operationName: String {
        get { state.withLock { $0.name } }
        set { state.withLock { $0.name = newValue } }
    }

    public var attributes: SpanAttributes {
        get { state.withLock { $0.attributes } }
        set {
            guard identity.sampled else { return }
            state.withLock { if !$0.ended { $0.attributes = newValue } }
        }
    }

    public func setStatus(_ status: SpanStatus) {
        state.withLock { state in
            // OK is final; an error does not overwrite it (the specification's rule).
            if state.status?.code != .ok { state.status = status }
        }
    }

    public func addEvent(_ event: SpanEvent) {
        guard identity.sampled else { return }
        state.withLock { if !$0.ended { $0.events.append(event) } }
    }

    public func recordError<Instant: TracerInstant>(_ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant)
    {
        var described = attributes
        described["exception.type"] = "\(type(of: error))"
        described["exception.message"] = String(reflecting: error)
        addEvent(SpanEvent(name: "exception", at: instant(), attributes: described))
    }

    public func addLink(_ link: SpanLink) {
        guard identity.sampled, let other = link.context.traceIdentity else { return }
        state.withLock { if !$0.ended { $0.links.append(other) } }
    }

    public func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        let finished: FinishedSpan? = state.withLock { state in
            guard !state.ended else { return nil }
            state.ended = true
            guard identity.sampled else { return nil }
            return FinishedSpan(
                name: state.name, identity: identity, parent: parent, kind: kind, startNanoseconds: startNanoseconds,
                endNanoseconds: instant().nanosecondsSinceEpoch, attributes: state.attributes, events: state.events,
                links: state.links, status: state.status)
        }
        if let finished { onEnd(finished) }
    }
}
