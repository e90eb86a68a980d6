import Foundation
import Testing
import WorldLayerTestSupport

/// A WebSocket subscriber to `/v1/live`, as an app would be: it sends commands and collects every
/// frame the server sends. It speaks the protocol itself over a loopback socket, on a thread of its
/// own: HummingbirdWSClient, used before, lost or hung on frames that came in the same read as the
/// `101` (a refused socket's error frame and close, about half the time with the CPU busy).
public final class LiveClient: @unchecked Sendable {
    private let inbox = Inbox()
    private let lock = NSLock()
    /// Once the upgrade is answered; frames sent before then wait in `queued`, in order.
    private var socket: LoopbackSocket?
    private var queued: [Data] = []
    private var closing = false
    private let ended = DispatchSemaphore(value: 0)

    public init(port: Int, token: String?) {
        let path = "/v1/live" + (token.map { "?access_token=\($0)" } ?? "")
        Thread.detachNewThread { [self] in
            run(port: port, path: path)
            inbox.finish()
            ended.signal()
        }
    }

    /// Connects, upgrades, then reads frames until the server closes (or the connection ends).
    private func run(port: Int, path: String) {
        do {
            let socket = try LoopbackSocket(port: port, timeout: 3600)
            try socket.send(WebSocketFrames.upgradeRequest(port: port, path: path))
            var head = Data()
            while head.range(of: Data("\r\n\r\n".utf8)) == nil {
                guard let chunk = try socket.receive() else { return }
                head.append(chunk)
            }
            let end = head.range(of: Data("\r\n\r\n".utf8))!
            guard String(decoding: head[..<end.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.1 101") else { return }
            var reader = WebSocketFrames.Reader()
            reader.append(Data(head[end.upperBound...]))
            try lock.withLock {
                self.socket = socket
                for frame in queued { try socket.send(frame) }
                queued = []
                if closing { try socket.send(Self.closeFrame) }
            }
            while true {
                while let frame = reader.next() {
                    switch frame.opcode {
                    case 1: inbox.push(frame.text)
                    case 8:
                        // The server closes (or answers this client's close): answer it, as the protocol asks, and stop reading.
                        if !lock.withLock({ closing }) {
                            try? write(WebSocketFrames.clientFrame(opcode: 8, payload: frame.payload.prefix(2)))
                        }
                        return
                    case 9: try write(WebSocketFrames.clientFrame(opcode: 10, payload: frame.payload))
                    default: continue
                    }
                }
                guard let chunk = try socket.receive() else { return }
                reader.append(chunk)
            }
        } catch {
            return
        }
    }

    private static let closeFrame = WebSocketFrames.clientFrame(opcode: 8, payload: Data([0x03, 0xe8]))  // 1000, normal

    /// Writes a frame now, or once the upgrade is answered; nothing after `close`.
    private func write(_ frame: Data) throws {
        try lock.withLock {
            if let socket { try socket.send(frame) } else if !closing { queued.append(frame) }
        }
    }

    public func subscribe(_ cells: [String], since: Int64? = nil) {
        var command: [String: Any] = ["type": "subscribe", "cells": cells]
        if let since { command["since"] = since }
        send(command)
    }

    public func send(_ object: [String: Any]) {
        sendText(String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }

    /// A text frame as it is, whatever it holds.
    public func sendText(_ text: String) {
        try? write(WebSocketFrames.clientFrame(opcode: 1, payload: Data(text.utf8)))
    }

    /// The next frame as JSON; fails the test rather than hang if none comes within a minute.
    public func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let text = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { await self.inbox.next() }
            group.addTask {
                try await Task.sleep(for: .seconds(60))
                self.inbox.finish()  // releases the waiting reader
                return nil
            }
            let first = try await group.next()!
            group.cancelAll()
            return first
        }
        guard let text else {
            Issue.record("no live message arrived (or the socket closed)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// The next frame of a type, skipping others (for example `subscribed`).
    public func next(type: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        while true {
            let message = try await next(sourceLocation: sourceLocation)
            if message["type"] as? String == type { return message }
        }
    }

    /// The frames that have arrived and not been read, without waiting for more.
    public func drain() async -> [[String: Any]] {
        inbox.takeAll().map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
    }

    /// Whether the socket has ended (closed by the server or cut), without waiting.
    public var hasEnded: Bool { inbox.isFinished }

    /// Whether the server closed the socket (the stream of frames ended).
    public func isClosedByServer() async -> Bool {
        while await inbox.next() != nil {}
        return true
    }

    /// Whether the server closes the socket within `seconds` (false, rather than a hang, when it does not).
    public func closes(within seconds: Int = 30) async -> Bool {
        await framesUntilClosed(within: seconds) != nil
    }

    /// The frames that came before the server closed the socket, or nil when it did not close
    /// within `seconds`.
    public func framesUntilClosed(within seconds: Int = 30) async -> [String]? {
        await withTaskGroup(of: [String]?.self) { group in
            group.addTask {
                var frames: [String] = []
                while let frame = await self.inbox.next() { frames.append(frame) }
                return frames
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            inbox.finish()  // releases the reader if the timer won
            group.cancelAll()
            return first
        }
    }

    /// A socket signed in (with a frame, as browsers do) when `token` is given, subscribed to `cells`;
    /// returns it with the sequence number it is current to.
    public static func subscribed(port: Int, to cells: [String], token: String? = nil, since: Int64? = nil) async throws -> (
        LiveClient, seq: Int
    ) {
        let client = LiveClient(port: port, token: nil)
        if let token { client.authenticate(token) }
        client.subscribe(cells, since: since)
        return (client, try await client.next(type: "subscribed")["seq"] as? Int ?? -1)
    }

    /// A socket subscribed to `cells`, or nil when the server refuses or closes it first (no issue
    /// recorded: for a test that tries again until a place is free).
    public static func subscribedIfAdmitted(port: Int, to cells: [String]) async -> LiveClient? {
        let client = LiveClient(port: port, token: nil)
        client.subscribe(cells)
        while let text = await client.inbox.next() {
            let frame = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            if frame?["type"] as? String == "subscribed" { return client }
        }
        return nil
    }

    /// Signs the socket in with a frame, as browsers do (no token in the URL).
    public func authenticate(_ token: String) {
        send(["type": "authenticate", "token": token])
    }

    /// Closes the socket as a client does (a close frame, then the server's answer ends it); one
    /// whose server does not answer within 10 s is cut.
    public func close() async {
        lock.withLock {
            closing = true
            try? socket?.send(Self.closeFrame)
        }
        let answered =
            (try? await offThePool { [ended] in
                guard ended.wait(timeout: .now() + 10) == .success else { return false }
                ended.signal()  // for a later close
                return true
            }) ?? false
        if !answered { lock.withLock { socket?.shutdown() } }
    }
}

/// Frames in arrival order, for one reader at a time; filled by the client's thread.
private final class Inbox: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer: [String] = []
    private var waiter: CheckedContinuation<String?, Never>?
    private var finished = false

    func push(_ frame: String) {
        let w: CheckedContinuation<String?, Never>? = lock.withLock {
            guard let w = waiter else {
                buffer.append(frame)
                return nil
            }
            waiter = nil
            return w
        }
        w?.resume(returning: frame)
    }

    func finish() {
        let w: CheckedContinuation<String?, Never>? = lock.withLock {
            finished = true
            defer { waiter = nil }
            return waiter
        }
        w?.resume(returning: nil)
    }

    var isFinished: Bool { lock.withLock { finished } }

    func takeAll() -> [String] {
        lock.withLock {
            defer { buffer.removeAll() }
            return buffer
        }
    }

    public func next() async -> String? {
        await withCheckedContinuation { continuation in
            let ready: String?? = lock.withLock {
                if !buffer.isEmpty { return .some(buffer.removeFirst()) }
                if finished { return .some(nil) }
                waiter = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
