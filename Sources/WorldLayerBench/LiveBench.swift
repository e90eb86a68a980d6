import ArgumentParser
import Foundation
import WorldLayerCLI

/// `worldlayer bench live-subscribers`: many WebSocket subscribers on one cell, spread over several
/// servers, timing every placement from the moment it was due (driven by bench/live.py).
///
/// The driver announces each step on stdin, `step K START_NS INTERVAL_NS`: the stickers of step K
/// say `live K I` and were due at START + I × INTERVAL (epoch ns), so a placement that waited for an
/// earlier one still counts from when it was due. A sticker saying `mark K` closes the step: once
/// every subscriber still connected has it, one JSON line with the step's latencies goes to stdout.
struct LiveSubscribersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live-subscribers",
        abstract: "Hold N WebSocket subscriptions to one cell across servers; print each step's delivery latencies as JSON lines.")

    @Option(help: "Comma-separated ws:// URLs of /v1/live on each server; subscribers are spread evenly.") var urls: String
    @Option(help: "The cell to subscribe to.") var cell: String
    @Option(help: "How many subscribers.") var count = 1_000
    @Option(help: "Give up when not every subscriber is in after this many seconds.") var timeout = 300.0

    func run() throws {
        #if os(Linux)
            let targets = try urls.split(separator: ",").map { url -> (host: String, port: UInt16) in
                guard let parsed = URL(string: String(url)), let host = parsed.host, let port = parsed.port.flatMap(UInt16.init(exactly:))
                else {
                    throw ValidationError("\(url) is not like ws://127.0.0.1:8080/v1/live")
                }
                return (host, port)
            }
            guard !targets.isEmpty, count > 0 else { throw ValidationError("give --urls and a positive --count") }
            let log = LatencyLog(subscribers: count)
            Thread.detachNewThread { Self.readAnnouncements(into: log) }
            let loop = LiveSubscriberLoop(log: log, subscribeJSON: "{\"type\":\"subscribe\",\"cells\":[\"\(cell)\"]}")
            let deadline = Date().addingTimeInterval(timeout)
            var opened = 0
            var ready = false
            while true {
                // A hundred handshakes every 20 ms, not 10,000 at once into the listen backlog.
                for i in opened..<min(count, opened + 100) {
                    // Each subscriber is a phone of its own behind the proxy the servers trust (they limit sockets per address).
                    let target = targets[i % targets.count]
                    try loop.connect(host: target.host, port: target.port, forwardedFor: "10.\(i >> 16 & 255).\(i >> 8 & 255).\(i & 255)")
                }
                opened = min(count, opened + 100)
                let until = Date().addingTimeInterval(0.02)
                repeat { try loop.poll(milliseconds: opened < count ? 5 : 100) } while opened < count && Date() < until
                if !ready, log.everyoneSubscribed {
                    ready = true
                    FileHandle.standardError.write(Data("ready\n".utf8))
                }
                guard ready || Date() < deadline else { throw CommandFailure("timed out after \(Int(timeout)) s: \(log.summary)") }
            }
        #else
            throw CommandFailure("live-subscribers waits on Linux's epoll")
        #endif
    }

    /// Reads `step K START_NS INTERVAL_NS` lines until stdin closes, then ends the process.
    static func readAnnouncements(into log: LatencyLog) {
        while let line = readLine() {
            let words = line.split(separator: " ")
            guard words.count == 4, words[0] == "step", let step = Int(words[1]), let start = Int64(words[2]),
                let interval = Int64(words[3])
            else { continue }
            log.announce(step: step, start: start, interval: interval)
        }
        // The driver is done with us; closing thousands of sockets politely adds nothing to the measurement.
        Foundation.exit(0)
    }

    /// The wall clock the driver's due times are on (microsecond resolution is plenty here).
    static func epochNanoseconds() -> Int64 { Int64(Date().timeIntervalSince1970 * 1e9) }
}

/// Latencies per step, from every subscriber's frames. A lock, not an actor: thousands of sockets report
/// here at once, and hopping onto an actor per frame would cost more than recording it.
final class LatencyLog: @unchecked Sendable {
    private let lock = NSLock()
    private let subscribers: Int
    private var subscribed = 0
    private var connected = 0
    private var schedules: [Int: (start: Int64, interval: Int64)] = [:]
    private var latencies: [Int: [Float]] = [:]
    private var marks: [Int: Int] = [:]
    private var finished: Set<Int> = []
    /// Bytes of the placements' frames on the wire (header and payload), for `live-floor` to write the same.
    private var frameBytes: [Int: (sum: Int, count: Int)] = [:]

    init(subscribers: Int) { self.subscribers = subscribers }

    var everyoneSubscribed: Bool { lock.withLock { subscribed == subscribers } }
    var summary: String { lock.withLock { "\(subscribed) of \(subscribers) subscribed" } }

    func announce(step: Int, start: Int64, interval: Int64) { lock.withLock { schedules[step] = (start, interval) } }

    /// One text frame's payload, read at `now`.
    func received(_ bytes: UnsafeBufferPointer<UInt8>, at now: Int64) {
        // Bytes, not Foundation's `range(of:)`, which went through CFString and took a quarter of the machine here.
        do {
            if Self.find(Self.subscribedType, in: bytes) != nil {
                lock.withLock {
                    subscribed += 1
                    connected += 1
                }
                return
            }
            guard Self.find(Self.createdEvent, in: bytes) != nil, let at = Self.find(Self.textKey, in: bytes) else { return }
            let start = at + Self.textKey.count
            let end = bytes[start...].prefix(40).firstIndex(of: UInt8(ascii: "\"")) ?? start
            let words = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).split(separator: " ")
            guard words.count >= 2, let step = Int(words[1]) else { return }
            if words[0] == "live", words.count == 3, let index = Int64(words[2]) {
                lock.withLock {
                    guard let schedule = schedules[step] else { return }
                    latencies[step, default: []].append(Float(now - schedule.start - index * schedule.interval) / 1e6)
                    let wire = bytes.count + (bytes.count < 126 ? 2 : 4)
                    frameBytes[step, default: (0, 0)].sum += wire
                    frameBytes[step, default: (0, 0)].count += 1
                }
            } else if words[0] == "mark" {
                lock.withLock {
                    marks[step, default: 0] += 1
                    reportFinishedSteps()
                }
            }
        }
    }

    private static let subscribedType = Array(#""type":"subscribed""#.utf8)
    private static let createdEvent = Array(#""event":"created""#.utf8)
    private static let textKey = Array(#""text":""#.utf8)

    /// Where `needle` first starts in `bytes`.
    static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first {
                var j = 1
                while j < needle.count, bytes[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// A subscriber's socket ended (the server closes one that falls 1,000 frames behind).
    func disconnected() {
        lock.withLock {
            connected -= 1
            reportFinishedSteps()
        }
    }

    /// Under the lock: each step whose mark every connected subscriber has, once.
    private func reportFinishedSteps() {
        for (step, count) in marks where count >= connected && !finished.contains(step) {
            finished.insert(step)
            let sorted = (latencies.removeValue(forKey: step) ?? []).sorted()
            let pick = { (q: Double) -> Double in
                sorted.isEmpty ? 0 : Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))])
            }
            let line: [String: Any] = [
                "step": step, "deliveries": sorted.count, "connected": connected, "p50_ms": pick(0.5), "p90_ms": pick(0.9),
                "p99_ms": pick(0.99), "p999_ms": pick(0.999), "max_ms": Double(sorted.last ?? 0),
                "frame_bytes": frameBytes[step].map { $0.sum / max(1, $0.count) } ?? 0,
            ]
            if let json = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
                FileHandle.standardOutput.write(json + Data("\n".utf8))
            }
        }
    }
}
