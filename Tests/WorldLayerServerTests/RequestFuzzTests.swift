import Foundation
import HTTPTypes
import Testing
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 52: the server's parsers of query strings and live frames, fuzzed through the running
/// server with seeded mutations of real requests. Every answer is a 4xx or better with a JSON body
/// (never a 500, never a dropped connection), and the server answers `/health` afterwards.
@Suite("Fuzzing requests: query strings and live frames")
struct RequestFuzzTests {
    static let requests = [
        "/v1/stickers/nearby?latitude=60.17&longitude=24.94&radius=50&limit=20&cursor=abc",
        "/v1/cells/cover?latitude=60.17&longitude=24.94&radius=100", "/v1/cells/stickers?cells=52y73ge0,52y73ge1&limit=10",
        "/v1/changes?cells=52y73ge0&since=0", "/v1/places/search?q=kahvi&latitude=60.17&longitude=24.94&limit=5",
        "/v1/places/nearby?latitude=60.17&longitude=24.94&radius=200", "/v1/map/walkways?south=60.16&west=24.93&north=60.18&east=24.96",
        "/v1/feed?limit=10&before=2026-01-01T00:00:00Z", "/v1/search/tags?q=%23kah", "/v1/search/people?q=ad",
        "/v1/zones/at?latitude=60.1&longitude=24.9", "/v1/suggestions?latitude=60.17&longitude=24.94",
        "/v1/scenes/reference-images?latitude=60.17&longitude=24.94&radius=100", "/v1/ads/nearby?latitude=60.17&longitude=24.94",
    ].map { Array($0.utf8) }
    static let queryTokens = [
        "&", "=", "%", "%00", "%ff", "%2", "+", ",", "?", "#", "-", ".", "e308", "NaN", "-0", "9999999999999999999", "[]",
    ]
    .map { Array($0.utf8) }

    @Test("mutated query strings get a 4xx or an answer, never a 500", arguments: ScratchDatabase.engines)
    func queryStrings(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let token = try await api.signUpAndLogIn("ada")
            let port = api.port
            let statuses = try await offThePool {
                var mutator = Mutator(seed: 52)
                var statuses: [String: Int] = [:]
                for round in 0..<Mutator.rounds(700) {
                    let seed = Self.requests[round % Self.requests.count]
                    // The request line must stay one line of visible bytes, or HTTP itself refuses it before any parser.
                    let target = mutator.mutate(seed, tokens: Self.queryTokens).filter { $0 > 0x20 && $0 < 0x7F }
                    let socket = try LoopbackSocket(port: port, timeout: 10)
                    let head =
                        "GET \(String(decoding: target, as: UTF8.self)) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + (round.isMultiple(of: 2) ? "Authorization: Bearer \(token)\r\n" : "") + "Connection: close\r\n\r\n"
                    try socket.send(Data(head.utf8))
                    guard let bytes = try? socket.receiveAll() else {
                        statuses["first failure (no answer): \(String(decoding: target, as: UTF8.self))"] = 1
                        continue
                    }
                    let answer = String(decoding: bytes, as: UTF8.self)
                    let status = String(answer.prefix(12).suffix(3))
                    statuses[status, default: 0] += 1
                    if status.hasPrefix("5") || status.isEmpty { statuses["first failure: \(String(decoding: target, as: UTF8.self))"] = 1 }
                }
                return statuses
            }
            #expect(!statuses.keys.contains { $0.hasPrefix("5") || $0.hasPrefix("first failure") || $0.isEmpty }, "\(statuses)")
            #expect(statuses.values.reduce(0, +) >= Mutator.rounds(700))
            #expect(try await api.call(.get, "/health").status == .ok)
        }
    }

    @Test("a request HTTP/1.1 cannot parse, or whose target is not a path, is a 400 with a JSON body at once, first or kept alive")
    func unreadableRequests() async throws {
        try await withServer(.sqlite) { api in
            let port = api.port
            let answers: [String] = try await offThePool {
                func answer(_ request: String) throws -> String {
                    let socket = try LoopbackSocket(port: port, timeout: 20)
                    try socket.send(Data(request.utf8))
                    return String(decoding: try socket.receiveAll(), as: UTF8.self)
                }
                let lines = ["GET D HTTP/1.1", "GET v1/feed HTTP/1.1", "G@T /health HTTP/1.1", "GET /health HTTP/9.x"]
                // The last after a good request answered on the same connection.
                let kept = try LoopbackSocket(port: port, timeout: 20)
                try kept.send(Data("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                var second = String(decoding: try kept.receive() ?? Data(), as: UTF8.self)
                try kept.send(Data("GET D HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                second += String(decoding: try kept.receiveAll(), as: UTF8.self)
                return try lines.map { try answer("\($0)\r\nHost: 127.0.0.1\r\n\r\n") } + [second]
            }
            for answer in answers.prefix(4) {
                #expect(answer.hasPrefix("HTTP/1.1 400") && answer.contains(#""code":"bad_request""#), "\(answer)")
            }
            #expect(answers[4].hasPrefix("HTTP/1.1 200") && answers[4].contains("HTTP/1.1 400"), "\(answers[4])")
        }
    }

    @Test("mutated live frames get an error frame or an answer; the socket and the server go on")
    func liveFrames() async throws {
        try await withServer(.sqlite) { api in
            // Not `authenticate`: a frame with a bad token closes the socket, as it should.
            let seeds = [#"{"type":"subscribe","cells":["52y73ge0","52y73ge1"],"since":0}"#, #"{"type":"subscribe","cells":[]}"#].map {
                Array($0.utf8)
            }
            let tokens = [#"""#, "{", "}", "[", "]", ":", ",", "null", "true", "1e999", "-1", #"\u0000"#, #"\ud800"#].map { Array($0.utf8) }
            let live = LiveClient(port: api.port, token: nil)
            var mutator = Mutator(seed: 52)
            for round in 0..<Mutator.rounds(400) {
                let frame = String(decoding: mutator.mutate(seeds[round % seeds.count], tokens: tokens), as: UTF8.self)
                live.sendText(frame)
            }
            // Still open and answering: a good subscription after all of them is answered.
            live.sendText(String(decoding: seeds[0], as: UTF8.self))
            _ = try await live.next(type: "subscribed")
            #expect(try await api.call(.get, "/health").status == .ok)
        }
    }
}
