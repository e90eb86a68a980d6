import ArgumentParser
import Foundation
import HummingbirdWSClient
import Logging
import NIOWebSocket

/// `worldlayer bench live-subscribers`: many WebSocket subscribers on one cell, spread
/// over several servers, recording when each event arrives (driven by bench/live.py).
struct LiveSubscribersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live-subscribers",
        abstract: "Hold N WebSocket subscriptions to one cell across servers; print each event's arrival times (epoch ns) as JSON.")

    @Option(help: "Comma-separated ws:// URLs of /v1/live on each server; subscribers are spread evenly.") var urls: String
    @Option(help: "The cell to subscribe to.") var cell: String
    @Option(help: "How many subscribers.") var count = 1_000
    @Option(help: "Stop after this many distinct stickers have reached every subscriber.") var expect: Int
    @Option(help: "Give up after this many seconds.") var timeout = 300.0

    func run() async throws {
        let targets = urls.split(separator: ",").map(String.init)
        guard !targets.isEmpty, count > 0 else { throw ValidationError("give --urls and a positive --count") }
        let log = ArrivalLog(subscribers: count, expect: expect)
        let logger = {
            var l = Logger(label: "bench-live"); l.logLevel = .critical; return l
        }()
        let subscribe = "{\"type\":\"subscribe\",\"cells\":[\"\(cell)\"]}"
        let timeout = self.timeout
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<count {
                let url = targets[i % targets.count]
                group.addTask {
                    try await WebSocketClient.connect(url: url, logger: logger) { inbound, outbound, _ in
                        try await outbound.writeTextMessage(subscribe)
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            guard case .text(let text) = message else { continue }
                            let now = Self.epochNanoseconds()
                            if text.contains("\"type\":\"subscribed\"") {
                                await log.subscribed()
                            } else if text.contains("\"event\":\"created\""), let id = Self.stickerID(in: text) {
                                await log.arrived(id, at: now)
                            }
                        }
                        try? await outbound.close(.normalClosure, reason: nil)
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                throw CommandFailure("timed out after \(Int(timeout)) s: \(await log.summary)")
            }
            try await log.waitUntilDone()
            let json = try JSONSerialization.data(withJSONObject: await log.arrivals, options: [.sortedKeys])
            FileHandle.standardOutput.write(json)
            // Every subscriber has what it needs; closing 1,000 sockets politely adds nothing to the measurement.
            Foundation.exit(0)
        }
    }

    static func epochNanoseconds() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }

    static func stickerID(in text: String) -> String? {
        guard let range = text.range(of: "\"stickerId\":\"") else { return nil }
        return String(text[range.upperBound...].prefix(36))
    }
}

/// Arrival times per sticker; readiness is announced on stderr once every subscriber is in.
actor ArrivalLog {
    let subscribers: Int
    let expect: Int
    private(set) var arrivals: [String: [Int64]] = [:]
    private var ready = 0
    private var complete = 0
    private var waiter: CheckedContinuation<Void, Never>?

    init(subscribers: Int, expect: Int) {
        self.subscribers = subscribers
        self.expect = expect
    }

    var summary: String { "\(ready) subscribed, \(complete) of \(expect) stickers delivered to all" }

    func subscribed() {
        ready += 1
        if ready == subscribers { FileHandle.standardError.write(Data("ready\n".utf8)) }
    }

    func arrived(_ id: String, at time: Int64) {
        arrivals[id, default: []].append(time)
        if arrivals[id]!.count == subscribers {
            complete += 1
            if complete == expect { waiter?.resume() }
        }
    }

    func waitUntilDone() async {
        if complete >= expect { return }
        await withCheckedContinuation { waiter = $0 }
    }
}
