import Instrumentation
import Tracing

/// A tracer for swift-distributed-tracing that keeps W3C Trace Context (`traceparent`,
/// `tracestate`) across processes and hands each ended span to an ``OTLPExporter``.
///
/// Sampling follows the parent: a request that arrives sampled (or not) stays so; a trace that
/// starts here is kept with probability `ratio` (OpenTelemetry's `parentbased_traceidratio`).
public struct OTLPTracer: Tracer {
    let exporter: OTLPExporter
    let ratio: Double

    public init(exporter: OTLPExporter, ratio: Double = 1) {
        self.exporter = exporter
        self.ratio = min(1, max(0, ratio))
    }

    public func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> InstrumentationContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> RecordedSpan {
        var context = context()
        let parent = context.traceIdentity
        var generator = SystemRandomNumberGenerator()
        let identity = TraceIdentity(
            traceID: parent?.traceID ?? Self.randomID(16, &generator), spanID: Self.randomID(8, &generator),
            sampled: parent?.sampled ?? (ratio >= 1 || Double.random(in: 0..<1, using: &generator) < ratio),
            traceState: parent?.traceState)
        context.traceIdentity = identity
        let exporter = self.exporter
        return RecordedSpan(
            name: operationName, context: context, identity: identity, parent: parent, kind: kind,
            startNanoseconds: instant().nanosecondsSinceEpoch, onEnd: { exporter.add($0) })
    }

    public func forceFlush() { exporter.flushSoon() }

    public func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout InstrumentationContext, using extractor: Extract
    ) where Extract.Carrier == Carrier {
        guard let header = extractor.extract(key: "traceparent", from: carrier),
            let identity = TraceIdentity(traceparent: header, traceState: extractor.extract(key: "tracestate", from: carrier))
        else { return }
        context.traceIdentity = identity
    }

    public func inject<Carrier, Inject: Injector>(
        _ context: InstrumentationContext, into carrier: inout Carrier, using injector: Inject
    ) where Inject.Carrier == Carrier {
        guard let identity = context.traceIdentity else { return }
        injector.inject(identity.traceparent, forKey: "traceparent", into: &carrier)
        if let state = identity.traceState, !state.isEmpty { injector.inject(state, forKey: "tracestate", into: &carrier) }
    }

    private static func randomID(_ count: Int, _ generator: inout SystemRandomNumberGenerator) -> [UInt8] {
        // All zeros is not a valid id; a random one is that with probability 2^-64 at worst.
        var id = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        if id.allSatisfy({ $0 == 0 }) { id[count - 1] = 1 }
        return id
    }
}
