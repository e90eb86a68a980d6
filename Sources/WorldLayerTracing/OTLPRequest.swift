import Tracing

/// An OTLP `ExportTraceServiceRequest` in protobuf (opentelemetry-proto's `trace/v1/trace.proto` and
/// `collector/trace/v1/trace_service.proto`): what `POST /v1/traces` takes as `application/x-protobuf`.
struct OTLPRequest {
    var resource: SpanAttributes
    var scope: String
    var spans: [FinishedSpan]

    func encoded() -> [UInt8] {
        var request = ProtobufWriter()
        request.message(1) { resourceSpans in  // ResourceSpans
            resourceSpans.message(1) { Self.attributes(resource, into: &$0, field: 1) }  // Resource
            resourceSpans.message(2) { scopeSpans in  // ScopeSpans
                scopeSpans.message(1) { $0.string(1, scope) }  // InstrumentationScope
                for span in spans { scopeSpans.message(2) { Self.span(span, into: &$0) } }
            }
        }
        return request.bytes
    }

    private static func span(_ span: FinishedSpan, into w: inout ProtobufWriter) {
        w.bytes(1, span.identity.traceID)
        w.bytes(2, span.identity.spanID)
        if let state = span.parent?.traceState, !state.isEmpty { w.string(3, state) }
        if let parent = span.parent { w.bytes(4, parent.spanID) }
        w.string(5, span.name)
        w.int(6, kind(span.kind))
        w.fixed64(7, span.startNanoseconds)
        w.fixed64(8, span.endNanoseconds)
        attributes(span.attributes, into: &w, field: 9)
        for event in span.events {
            w.message(11) { e in
                e.fixed64(1, event.nanosecondsSinceEpoch)
                e.string(2, event.name)
                attributes(event.attributes, into: &e, field: 3)
            }
        }
        for link in span.links {
            w.message(13) { l in
                l.bytes(1, link.traceID)
                l.bytes(2, link.spanID)
            }
        }
        if let status = span.status {
            w.message(15) { s in
                if let message = status.message { s.string(2, message) }
                s.int(3, status.code == .ok ? 1 : 2)
            }
        }
        // W3C flags in the low byte; bit 8 says whether the parent is known to be remote, bit 9 that it is.
        let remote: UInt32 = span.parent.map { $0.isRemote ? 0x300 : 0x100 } ?? 0
        w.fixed32(16, (span.identity.sampled ? 1 : 0) | remote)
    }

    private static func kind(_ kind: SpanKind) -> Int64 {
        switch kind {
        case .internal: 1
        case .server: 2
        case .client: 3
        case .producer: 4
        case .consumer: 5
        }
    }

    private static func attributes(_ attributes: SpanAttributes, into w: inout ProtobufWriter, field: Int) {
        attributes.forEach { key, value in
            w.message(field) { pair in  // KeyValue
                pair.string(1, key)
                pair.message(2) { anyValue(&$0, value) }
            }
        }
    }

    /// An `AnyValue`: one of its fields is always written, even when zero, since it is a oneof.
    private static func anyValue(_ w: inout ProtobufWriter, _ value: SpanAttribute) {
        func array(_ items: [SpanAttribute]) {
            w.message(5) { list in for item in items { list.message(1) { anyValue(&$0, item) } } }
        }
        switch value {
        case .int32(let v): w.int(3, Int64(v))
        case .int64(let v): w.int(3, v)
        case .double(let v): w.double(4, v)
        case .bool(let v): w.bool(2, v)
        case .string(let v): w.string(1, v)
        case .int32Array(let v): array(v.map { .int64(Int64($0)) })
        case .int64Array(let v): array(v.map { .int64($0) })
        case .doubleArray(let v): array(v.map { .double($0) })
        case .boolArray(let v): array(v.map { .bool($0) })
        case .stringArray(let v): array(v.map { .string($0) })
        case .stringConvertibleArray(let v): array(v.map { .string($0.description) })
        case .stringConvertible(let v): w.string(1, v.description)
        default: w.string(1, "\(value)")
        }
    }
}
