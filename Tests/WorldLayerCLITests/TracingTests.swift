import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport
import WorldLayerTracing

/// Issue 50: traces of each request, sent to an OpenTelemetry collector over OTLP/HTTP.
@Suite("Traces reach an OpenTelemetry collector")
struct TracingTests {
    static let caller = "4bf92f3577b34da6a3ce929d0e0e4736"
    static let callerSpan = "00f067aa0ba902b7"

    @Test(
        "a request continues its caller's trace: a server span named by its route, the store's spans under it, OpenTelemetry's own decoder reads every byte; no query string; an unsampled caller is not recorded; what was answered before SIGTERM is sent before the exit"
    )
    func requestTraces() async throws {
        let receiver = try TraceReceiver()
        let server = try await RunningServer(database: CLI.scratchDatabase(), extra: ["--otlp-endpoint", receiver.endpoint])
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("tracy")

        // Not sampled by its caller: traced nowhere, though what it calls would carry the trace on.
        let quiet = "0af7651916cd43dd8448eb211c80319c"
        let unsampled = try await server.api.call(
            .get, "/v1/me", token: token, headers: [HTTPField.Name("traceparent")!: "00-\(quiet)-b7ad6b7169203331-00"])
        #expect(unsampled.status == .ok)

        let asked = try await server.api.call(
            .get, "/v1/stickers/nearby?latitude=60.1699&longitude=24.9384", token: token,
            headers: [HTTPField.Name("traceparent")!: "00-\(Self.caller)-\(Self.callerSpan)-01"])
        #expect(asked.status == .ok, "\(asked.text)")
        let spans = try await receiver.spans(ofTrace: Self.caller) { found in
            found.contains { $0.kind == 2 } && found.contains { $0.kind == 3 }
        }
        let server_ = try #require(spans.first { $0.kind == 2 }, "no server span among \(spans.map(\.name))")
        #expect(server_.parent_span_id == Self.callerSpan)
        #expect(server_.name == "GET /v1/stickers/nearby")
        #expect(server_.attributes["http.route"] == .string("/v1/stickers/nearby"))
        #expect(server_.attributes["http.request.method"] == .string("GET"))
        #expect(server_.attributes["http.response.status_code"] == .number(200))
        #expect(server_.flags & 0x301 == 0x301, "sampled, with a remote parent")
        #expect(server_.end >= server_.start)
        #expect(server_.resource["service.name"] == .string("worldlayer"))
        let store = spans.filter { $0.kind == 3 }
        #expect(!store.isEmpty && store.allSatisfy { $0.parent_span_id == server_.span_id })
        #expect(store.allSatisfy { $0.attributes["db.system.name"] == .string("sqlite") && $0.name.contains(".") }, "\(store.map(\.name))")
        // Where the person is never leaves in a trace, nor their token.
        let everything = spans.flatMap { $0.attributes.values.map(\.description) }.joined(separator: " ")
        #expect(!everything.contains("60.1699") && !everything.contains("latitude") && !everything.contains(token))
        #expect(try receiver.spans().allSatisfy { $0.trace_id != quiet }, "an unsampled caller's request was recorded")

        // A request with no caller starts a trace of its own; one answered just before SIGTERM is sent on the way out.
        let before = Set(try receiver.spans().map(\.trace_id))
        #expect(try await server.request("GET", "/v1/templates").status == .ok)
        #expect(server.stop() == 0)
        let fresh = try receiver.spans().filter { !before.contains($0.trace_id) && $0.name == "GET /v1/templates" }
        #expect(fresh.count == 1 && fresh.first?.parent_span_id == "", "\(fresh.map(\.name))")
    }

    @Test("the live fan-out is traced: a pass that sends a placed sticker to a subscriber is a span with its events and deliveries")
    func liveFanOut() async throws {
        let receiver = try TraceReceiver()
        let server = try await RunningServer(database: CLI.scratchDatabase(), extra: ["--otlp-endpoint", receiver.endpoint])
        defer { server.stop() }
        let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
        let ada = try await server.signUpAndLogIn("ada")
        let probe = try await server.api.call(
            .post, "/v1/worldmaps",
            json: ["name": "probe", "latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude],
            token: ada)
        let listener = LiveClient(port: port, token: nil)
        listener.subscribe([try #require(probe.json["cell"] as? String)])
        _ = try await listener.next(type: "subscribed")
        let id = UUID().uuidString.lowercased()
        #expect(
            try await server.api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(text: "traced"), token: ada).status == .created)
        #expect(try await server.api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
        #expect(try await listener.next(type: "event")["stickerId"] as? String == id)
        await listener.close()
        var passes: [TraceReceiver.Span] = []
        for _ in 0..<100 where passes.isEmpty {
            try await Task.sleep(for: .milliseconds(100))
            passes = try receiver.spans().filter {
                $0.name == "live fan-out" && $0.kind == 5 && ($0.attributes["worldlayer.live.deliveries"]?.description ?? "0") != "0"
            }
        }
        let pass = try #require(passes.first, "no fan-out span that delivered")
        #expect(pass.attributes["worldlayer.live.events"] != nil && pass.parent_span_id == "")
        // Its reads of the change log are its children.
        #expect(try receiver.spans().contains { $0.trace_id == pass.trace_id && $0.parent_span_id == pass.span_id && $0.kind == 3 })
    }

    @Test("a collector that is down costs the requests nothing, and the server still stops at once")
    func collectorDown() async throws {
        let nobody = try LoopbackSocket.freePort()
        let server = try await RunningServer(
            database: CLI.scratchDatabase(), extra: ["--otlp-endpoint", "http://127.0.0.1:\(nobody)/v1/traces"])
        for _ in 0..<20 { #expect(try await server.request("GET", "/v1/templates").status == .ok) }
        server.signalStop()
        // 20 s, as `DrainTests` allow: on a loaded run (eight suites on two cores) this stop once took
        // over 10 s. A sender that waited on the refused collector would hang it, not slow it.
        let stopped = ContinuousClock.now
        let status = try await server.exitStatus(within: 20)
        #expect(status == 0, "exit status \(status.map(String.init) ?? "none: still running") after \(ContinuousClock.now - stopped)")
    }

    @Test("the endpoint and sample ratio are checked in one line each")
    func badSettings() throws {
        let url = try CLI.run(["serve", "--otlp-endpoint", "collector:4318", "--database", CLI.scratchDatabase()])
        #expect(url.status != 0 && url.stderr.contains("OTLP endpoint must be an http or https URL"), "\(url.stderr)")
        let ratio = try CLI.run(["serve", "--trace-sample", "2", "--database", CLI.scratchDatabase()])
        #expect(ratio.status != 0 && ratio.stderr.contains("--trace-sample"), "\(ratio.stderr)")
        let word = try CLI.run(
            ["serve", "--database", CLI.scratchDatabase()], environment: ["OTEL_TRACES_SAMPLER_ARG": "half"])
        #expect(word.status != 0 && word.stderr.contains("OTEL_TRACES_SAMPLER_ARG must be a number"), "\(word.stderr)")
    }

    @Test("traceparent as W3C Trace Context writes it: version 00, lower-case hex, no all-zero ids; a later version read as 00")
    func traceparent() {
        let good = TraceIdentity(traceparent: "00-\(Self.caller)-\(Self.callerSpan)-01")
        #expect(good?.sampled == true && good?.isRemote == true)
        #expect(good?.traceparent == "00-\(Self.caller)-\(Self.callerSpan)-01")
        #expect(TraceIdentity(traceparent: "00-\(Self.caller)-\(Self.callerSpan)-00")?.sampled == false)
        #expect(TraceIdentity(traceparent: "cc-\(Self.caller)-\(Self.callerSpan)-01-what-comes-later") != nil)
        for bad in [
            "00-\(Self.caller.uppercased())-\(Self.callerSpan)-01", "00-\(String(repeating: "0", count: 32))-\(Self.callerSpan)-01",
            "00-\(Self.caller)-0000000000000000-01", "ff-\(Self.caller)-\(Self.callerSpan)-01", "00-\(Self.caller)-\(Self.callerSpan)-01-x",
            "00-\(Self.caller.dropLast())-\(Self.callerSpan)-01", "00-\(Self.caller)-\(Self.callerSpan)", "", "0-0-0-0",
        ] {
            #expect(TraceIdentity(traceparent: bad) == nil, "\(bad)")
        }
    }

    @Test("mutated traceparent headers are read or refused, never trusted half-way: what is read writes back as the same ids")
    func mutatedTraceparent() {
        var random = SystemRandomNumberGenerator()
        let valid = Array("00-\(Self.caller)-\(Self.callerSpan)-01".utf8)
        let alphabet = Array("0123456789abcdefABCDEF-xz \u{0}\u{e9}".unicodeScalars)
        for _ in 0..<20_000 {
            var bytes = String(decoding: valid, as: UTF8.self).unicodeScalars.map { $0 }
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<max(1, bytes.count), using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !bytes.isEmpty: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: min(at, bytes.count))
                default: if !bytes.isEmpty { bytes.remove(at: at) }
                }
            }
            let header = String(String.UnicodeScalarView(bytes))
            guard let read = TraceIdentity(traceparent: header) else { continue }
            #expect(read.traceID.count == 16 && read.spanID.count == 8, "\(header)")
            #expect(TraceIdentity(traceparent: read.traceparent) == read, "\(header)")
        }
    }
}
