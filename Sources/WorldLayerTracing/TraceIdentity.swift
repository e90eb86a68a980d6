import Foundation
import Instrumentation

/// Who a span is in its trace: W3C Trace Context's ids and flags (https://www.w3.org/TR/trace-context/).
public struct TraceIdentity: Sendable, Equatable {
    public var traceID: [UInt8]
    public var spanID: [UInt8]
    public var sampled: Bool
    /// Whether this identity arrived from another process (a `traceparent` header), not from a span here.
    public var isRemote: Bool
    /// The vendors' `tracestate` list, passed on as it came.
    public var traceState: String?

    /// Reads a `traceparent` header (version 00, or a later one read as 00); nil when it is not one,
    /// or names the all-zero ids the specification forbids.
    public init?(traceparent: String, traceState: String? = nil) {
        let parts = traceparent.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].count == 2, parts[0] != "ff", parts[0] != "00" || parts.count == 4,
            let trace = Self.bytes(hex: parts[1], count: 16), let span = Self.bytes(hex: parts[2], count: 8),
            let flags = Self.bytes(hex: parts[3], count: 1), Self.bytes(hex: parts[0], count: 1) != nil,
            trace.contains(where: { $0 != 0 }), span.contains(where: { $0 != 0 })
        else { return nil }
        self.init(traceID: trace, spanID: span, sampled: flags[0] & 1 == 1, isRemote: true, traceState: traceState)
    }

    public init(traceID: [UInt8], spanID: [UInt8], sampled: Bool, isRemote: Bool = false, traceState: String? = nil) {
        self.traceID = traceID
        self.spanID = spanID
        self.sampled = sampled
        self.isRemote = isRemote
        self.traceState = traceState
    }

    /// The `traceparent` header naming this span as the parent of what it calls.
    public var traceparent: String { "00-\(Self.hex(traceID))-\(Self.hex(spanID))-\(sampled ? "01" : "00")" }

    public static func hex(_ bytes: [UInt8]) -> String {
        String(bytes.flatMap { [Self.digits[Int($0 >> 4)], Self.digits[Int($0 & 15)]] })
    }

    private static let digits = Array("0123456789abcdef")

    private static func bytes(hex: Substring, count: Int) -> [UInt8]? {
        guard hex.count == 2 * count else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var iterator = hex.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            // Lower case only, as the specification writes them.
            guard let h = digits.firstIndex(of: high), let l = digits.firstIndex(of: low) else { return nil }
            out.append(UInt8(h << 4 | l))
        }
        return out
    }
}

enum TraceIdentityKey: InstrumentationContextKey {
    typealias Value = TraceIdentity
    static let nameOverride: String? = "trace-identity"
}

extension InstrumentationContext {
    /// The span this context is within, if a tracer of ours or a `traceparent` header put one there.
    public var traceIdentity: TraceIdentity? {
        get { self[TraceIdentityKey.self] }
        set { self[TraceIdentityKey.self] = newValue }
    }
}
