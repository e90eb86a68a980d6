import ArgumentParser
import Foundation
import Instrumentation
import Logging
import WorldLayerTracing

/// `serve`'s traces: where to send them and how many to keep, from the options or OpenTelemetry's
/// own environment variables (what an operator's other services already read).
struct TraceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Send traces to this OpenTelemetry collector: OTLP over HTTP in protobuf, e.g. http://127.0.0.1:4318/v1/traces.",
            discussion:
                "Default: $OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or $OTEL_EXPORTER_OTLP_ENDPOINT with /v1/traces added; with neither, nothing is traced."
        ))
    var otlpEndpoint: String?

    @Option(
        help:
            "Of the traces that start at this server, the share kept (0 to 1); a request's traceparent decides for its own. Default $OTEL_TRACES_SAMPLER_ARG, or 1."
    )
    var traceSample: Double?

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    var endpoint: String? { otlpEndpoint ?? OTLPExporter.endpoint(environment: environment) }

    var ratio: Double? { traceSample ?? environment["OTEL_TRACES_SAMPLER_ARG"].flatMap(Double.init) }

    func validate() throws {
        if let endpoint {
            guard let url = URL(string: endpoint), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError(
                    "the OTLP endpoint must be an http or https URL, like http://127.0.0.1:4318/v1/traces (got \(endpoint))")
            }
        }
        if traceSample == nil, let text = environment["OTEL_TRACES_SAMPLER_ARG"], !text.isEmpty, Double(text) == nil {
            throw ValidationError("$OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 (got \(text))")
        }
        if let ratio, !(ratio.isFinite && (0...1).contains(ratio)) {
            throw ValidationError("--trace-sample (or $OTEL_TRACES_SAMPLER_ARG) must be 0 to 1")
        }
    }

    /// Bootstraps the process's tracer when an endpoint is set, and returns its exporter (a
    /// service to run beside the server); nil when nothing is traced.
    func start(version: String) -> OTLPExporter? {
        guard let endpoint, let url = URL(string: endpoint) else { return nil }
        let service = environment["OTEL_SERVICE_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? "worldlayer"
        let exporter = OTLPExporter(
            endpoint: url, serviceName: service, serviceVersion: version, logger: Logger(label: "worldlayer.traces"))
        InstrumentationSystem.bootstrap(OTLPTracer(exporter: exporter, ratio: ratio ?? 1))
        return exporter
    }
}
