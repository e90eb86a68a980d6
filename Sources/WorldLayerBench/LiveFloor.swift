import ArgumentParser
import Foundation
import WorldLayerCLI

#if os(Linux)
    import CLinuxEpoll
    import CoreFoundation  // where Swift finds timespec's fields on Linux
    import Glibc
#endif

/// `worldlayer-bench live-floor`: what fanning frames out costs with nothing but the kernel's
/// `write(2)`, on this machine's loopback, shaped like the live bench (bench/live.py): `--writers`
/// threads stand for the servers, each writing every event's frame once to its share of `--count`
/// TCP sockets, while one thread on epoll reads them all as the subscribers do.
///
/// The servers' deliveries per CPU-second cannot beat the writers' writes per CPU-second: a
/// subscriber is its own socket, so a delivery is at least one such write.
struct LiveFloorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live-floor",
        abstract: "Time write(2) alone fanning frames out to N loopback sockets; print one JSON line.")

    @Option(help: "How many sockets (subscribers).") var count = 10_000
    @Option(help: "Threads writing, each to its share of the sockets (the servers).") var writers = 3
    @Option(help: "Bytes per frame (the server's frame, as the subscribers measured it).") var bytes = 600
    @Option(help: "Events per second.") var rate = 5.0
    @Option(help: "Seconds of events.") var seconds = 10.0

    @Option(help: .hidden) var readerOf: Int?

    func run() throws {
        #if os(Linux)
            guard count > 0, writers > 0, bytes > 0, rate > 0, seconds > 0 else { throw ValidationError("every option must be positive") }
            let events = max(1, Int(rate * seconds))
            if let readerOf { return try FloorReader(count: readerOf, frameBytes: bytes, events: events).run() }
            // The reading end is a process of its own, as the subscribers are: each side holds its 10,000 sockets.
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            reader.arguments = [
                "live-floor", "--reader-of", "\(count)", "--bytes", "\(bytes)", "--rate", "\(rate)", "--seconds", "\(seconds)",
            ]
            let toReader = Pipe()
            let fromReader = Pipe()
            reader.standardInput = toReader
            reader.standardOutput = fromReader
            try reader.run()
            var lines = FloorLines(fromReader.fileHandleForReading)
            guard let portLine = lines.next(), let port = UInt16(portLine) else {
                throw CommandFailure("the reading process did not start")
            }
            let sending = try (0..<count).map { _ in try Self.connect(port: port) }
            guard lines.next() == "accepted" else { throw CommandFailure("the reading process did not take every socket") }
            let frame = [UInt8](repeating: UInt8(ascii: "x"), count: bytes)
            let shares = (0..<writers).map { w in Array(sending[(w * count / writers)..<((w + 1) * count / writers)]) }
            let cpu = CPUTally()
            let begin = Date()
            for event in 0..<events {
                Thread.sleep(until: begin.addingTimeInterval(Double(event) / rate))
                toReader.fileHandleForWriting.write(Data("\(event) \(FloorClock.nanoseconds())\n".utf8))
                DispatchQueue.concurrentPerform(iterations: writers) { w in
                    let before = FloorClock.threadCPU()
                    for fd in shares[w] { Self.writeAll(frame, to: fd) }
                    cpu.add(FloorClock.threadCPU() - before)
                }
            }
            guard let result = lines.next(), var line = try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any] else {
                throw CommandFailure("the reading process gave no result")
            }
            reader.waitUntilExit()
            let deliveries = Double(events * count)
            line["writers"] = writers
            line["writes_per_cpu_s"] = deliveries / cpu.total
            line["write_cpu_us"] = cpu.total / deliveries * 1e6
            let json = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
            FileHandle.standardOutput.write(json + Data("\n".utf8))
        #else
            throw CommandFailure("live-floor waits on Linux's epoll")
        #endif
    }

    #if os(Linux)
        /// One `write(2)` as a rule; a blocking socket only writes part of a frame when a signal cuts in.
        private static func writeAll(_ frame: [UInt8], to fd: Int32) {
            var sent = 0
            while sent < frame.count {
                let written = frame.withUnsafeBytes { write(fd, $0.baseAddress! + sent, $0.count - sent) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }  // the reader is gone: its result line never comes, and the run fails
                sent += written
            }
        }

        private static func connect(port: UInt16) throws -> Int32 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard fd >= 0, connected == 0 else { throw CommandFailure("cannot open a socket: \(String(cString: strerror(errno)))") }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            return fd
        }
    #endif
}

#if os(Linux)
    /// The writers' CPU seconds, summed.
    private final class CPUTally: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 0.0
        func add(_ spent: Double) { lock.withLock { seconds += spent } }
        var total: Double { lock.withLock { seconds } }
    }

    private enum FloorClock {
        static func nanoseconds() -> Int64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        }

        /// Seconds of CPU the calling thread has used, in user and kernel mode.
        static func threadCPU() -> Double {
            var used = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &used)
            return Double(used.tv_sec) + Double(used.tv_nsec) / 1e9
        }
    }

    /// Lines from a pipe, read as they come.
    private struct FloorLines {
        let handle: FileHandle
        var pending = Data()

        init(_ handle: FileHandle) { self.handle = handle }

        mutating func next() -> String? {
            while true {
                if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    defer { pending = Data(pending[(end + 1)...]) }
                    return String(decoding: pending[..<end], as: UTF8.self)
                }
                let more = handle.availableData
                guard !more.isEmpty else { return nil }
                pending.append(more)
            }
        }
    }

    /// The reading process: accepts `count` sockets on loopback, reads them all on one thread with
    /// epoll as the live bench's subscribers do, and times each whole frame from when its event began
    /// (`K NANOSECONDS` lines on stdin, on the same monotonic clock). A socket's frames arrive in
    /// order, so its n-th frame is event n's.
    private final class FloorReader: @unchecked Sendable {
        private let count: Int
        private let frameBytes: Int
        private let events: Int
        private let lock = NSLock()
        private var starts: [Int64]

        init(count: Int, frameBytes: Int, events: Int) {
            self.count = count
            self.frameBytes = frameBytes
            self.events = events
            self.starts = [Int64](repeating: 0, count: events)
        }

        func run() throws {
            let sockets = try accept()
            Thread.detachNewThread { [self] in
                while let line = readLine() {
                    let words = line.split(separator: " ").compactMap { Int64($0) }
                    guard words.count == 2, words[0] >= 0, words[0] < Int64(events) else { continue }
                    lock.withLock { starts[Int(words[0])] = words[1] }
                }
            }
            let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
            for (index, fd) in sockets.enumerated() {
                var event = epoll_event()
                event.events = EPOLLIN.rawValue
                event.data.u64 = UInt64(index)
                epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
            }
            var received = [Int](repeating: 0, count: sockets.count)
            var latencies: [Float] = []
            latencies.reserveCapacity(sockets.count * events)
            var ready = [epoll_event](repeating: epoll_event(), count: 512)
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            let before = FloorClock.threadCPU()
            while latencies.count < sockets.count * events {
                let n = epoll_wait(epoll, &ready, Int32(ready.count), 1000)
                guard n > 0 else { continue }
                let now = FloorClock.nanoseconds()
                for event in ready[0..<Int(n)] {
                    let index = Int(event.data.u64)
                    let got = buffer.withUnsafeMutableBytes { read(sockets[index], $0.baseAddress, $0.count) }
                    // The writing process ended early: stop rather than wait for frames that will never come.
                    if got == 0 { throw CommandFailure("a socket closed before every frame arrived") }
                    guard got > 0 else { continue }
                    let framesBefore = received[index] / frameBytes
                    received[index] += got
                    for frame in framesBefore..<min(events, received[index] / frameBytes) {
                        latencies.append(Float(now - startOf(frame)) / 1e6)
                    }
                }
            }
            let cpu = FloorClock.threadCPU() - before
            latencies.sort()
            let pick = { (q: Double) in Double(latencies[min(latencies.count - 1, Int(Double(latencies.count) * q))]) }
            let line: [String: Any] = [
                "count": count, "bytes": frameBytes, "events": events, "deliveries": latencies.count,
                "reader_cpu_us": cpu / Double(latencies.count) * 1e6, "p50_ms": pick(0.5), "p99_ms": pick(0.99),
            ]
            FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) + Data("\n".utf8))
        }

        /// When event `frame` began. Its line is written before its frames, but read by another
        /// thread: a frame can be here first, by microseconds.
        private func startOf(_ frame: Int) -> Int64 {
            while true {
                let start = lock.withLock { starts[frame] }
                if start != 0 { return start }
                usleep(20)
            }
        }

        /// Listens on a free loopback port, says which on stdout, and takes `count` connections.
        private func accept() throws -> [Int32] {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(listener, $0, length) == 0 && listen(listener, 4096) == 0 && getsockname(listener, $0, &length) == 0
                }
            }
            guard listening else { throw CommandFailure("cannot listen on loopback: \(String(cString: strerror(errno)))") }
            FileHandle.standardOutput.write(Data("\(UInt16(bigEndian: address.sin_port))\n".utf8))
            var sockets: [Int32] = []
            while sockets.count < count {
                let fd = Glibc.accept(listener, nil, nil)
                guard fd >= 0 else { throw CommandFailure("accept: \(String(cString: strerror(errno)))") }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                sockets.append(fd)
            }
            close(listener)
            FileHandle.standardOutput.write(Data("accepted\n".utf8))
            return sockets
        }
    }
#endif
