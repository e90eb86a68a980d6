import Tracing

/// A span once it has ended: what the exporter sends.
public struct FinishedSpan: Sendable {
    public var name: String
    public var identity: TraceIdentity
    public var parent: TraceIdentity?
    public var kind: SpanKind
    public var startNanoseconds: UInt64
    public var endNanoseconds: UInt64
    public var attributes: SpanAttributes
    public var events: [SpanEvent]
    public var links: [TraceIdentity]
    public var status: SpanStatus?
}
