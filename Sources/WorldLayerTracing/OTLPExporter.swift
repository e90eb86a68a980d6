import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Tracing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends ended spans to an OpenTelemetry collector over OTLP/HTTP in protobuf, in batches: every
/// `interval`, or sooner when a batch fills. Tracing never slows or stops serving: spans wait in a
/// bounded queue (the oldest are dropped and counted past `capacity`), a collector that fails is
/// logged and its batch let go, and stopping sends what is left once.
public final class OTLPExporter: Service, Sendable {
    public let endpoint: URL
    let resource: SpanAttributes
    let interval: Duration
    let batchSize: Int
    let capacity: Int
    let timeout: TimeInterval
    private let logger: Logger
    private let state = Mutex(State())
    private let wake = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))

    private struct State {
        var queue: [FinishedSpan] = []
        var dropped = 0
        var failing = false
    }

    public init(
        endpoint: URL, serviceName: String, serviceVersion: String? = nil, interval: Duration = .seconds(1), batchSize: Int = 512,
        capacity: Int = 8192, timeout: TimeInterval = 10, logger: Logger
    ) {
        self.endpoint = endpoint
        var resource: SpanAttributes = ["service.name": .string(serviceName)]
        if let serviceVersion { resource["service.version"] = serviceVersion }
        resource["telemetry.sdk.name"] = "worldlayer"
        resource["telemetry.sdk.language"] = "swift"
        resource["process.pid"] = Int64(ProcessInfo.processInfo.processIdentifier)
        resource["host.name"] = ProcessInfo.processInfo.hostName
        self.resource = resource
        self.interval = interval
        self.batchSize = batchSize
        self.capacity = capacity
        self.timeout = timeout
        self.logger = logger
    }

    /// The endpoint OpenTelemetry's environment names (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as it is,
    /// or `OTEL_EXPORTER_OTLP_ENDPOINT` with `/v1/traces`), or nil when neither is set.
    public static func endpoint(environment: [String: String]) -> String? {
        if let traces = environment["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"], !traces.isEmpty { return traces }
        guard let base = environment["OTEL_EXPORTER_OTLP_ENDPOINT"], !base.isEmpty else { return nil }
        return base.hasSuffix("/") ? "\(base)v1/traces" : "\(base)/v1/traces"
    }

    func add(_ span: FinishedSpan) {
        let full = state.withLock { state in
            if state.queue.count >= capacity {
                state.queue.removeFirst(state.queue.count - capacity + 1)
                state.dropped += 1
            }
            state.queue.append(span)
            return state.queue.count >= batchSize
        }
        if full { flushSoon() }
    }

    /// Asks the running exporter to send what waits now rather than at its next tick.
    func flushSoon() { wake.continuation.yield() }

    public func run() async throws {
        // Woken by the timer or a full batch, until the server stops; then one last send.
        let ticks = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                wake.continuation.yield()
            }
        }
        defer { ticks.cancel() }
        await cancelWhenGracefulShutdown {
            for await _ in self.wake.stream { await self.sendWaiting() }
        }
        await sendWaiting()
    }

    /// Sends every waiting span, a batch at a time.
    func sendWaiting() async {
        while true {
            let (batch, dropped) = state.withLock { state in
                let batch = Array(state.queue.prefix(batchSize))
                state.queue.removeFirst(batch.count)
                defer { state.dropped = 0 }
                return (batch, state.dropped)
            }
            if dropped > 0 { logger.warning("dropped spans the collector could not take in time", metadata: ["spans": "\(dropped)"]) }
            guard !batch.isEmpty else { return }
            await send(batch)
        }
    }

    private func send(_ spans: [FinishedSpan]) async {
        let body = OTLPRequest(resource: resource, scope: "worldlayer", spans: spans).encoded()
        var request = URLRequest(url: endpoint, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/x-protobuf", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body)
        let failure: String?
        do {
            let (_, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            failure = (200..<300).contains(status) ? nil : "the collector answered \(status)"
        } catch {
            failure = "\(error)"
        }
        // One warning when sending starts failing and one note when it works again, not one per batch.
        let changed = state.withLock { state in
            defer { state.failing = failure != nil }
            return state.failing != (failure != nil)
        }
        if let failure, changed {
            logger.warning("sending spans failed; they are dropped", metadata: ["endpoint": "\(endpoint)", "error": "\(failure)"])
        } else if failure == nil, changed {
            logger.info("sending spans works again", metadata: ["endpoint": "\(endpoint)"])
        }
    }
}
