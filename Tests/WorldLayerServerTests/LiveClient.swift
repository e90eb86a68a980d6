import Foundation
import HummingbirdWSClient
import Logging
import NIOWebSocket
import Testing

/// A WebSocket subscriber to `/v1/live`, as an app would be: it sends commands and
/// collects every frame the server sends.
final class LiveClient: Sendable {
    private let commands: AsyncStream<String>.Continuation
    private let task: Task<Void, any Error>
    private let inbox = Inbox()

    init(port: Int, token: String?) {
        let (commands, commandSink) = AsyncStream<String>.makeStream()
        self.commands = commandSink
        let inbox = self.inbox
        let query = token.map { "?access_token=\($0)" } ?? ""
        var logger = Logger(label: "live-client")
        logger.logLevel = .critical
        task = Task {
            defer { Task { await inbox.finish() } }
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/v1/live\(query)", logger: logger) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await command in commands { try await outbound.writeTextMessage(command) }
                        try? await outbound.close(.normalClosure, reason: nil)
                    }
                    for try await message in inbound.messages(maxSize: 1 << 22) {
                        if case .text(let text) = message { await inbox.push(text) }
                    }
                    await inbox.finish()
                    commandSink.finish()
                    try await group.waitForAll()
                }
            }
        }
    }

    func subscribe(_ cells: [String], since: Int64? = nil) {
        var command: [String: Any] = ["type": "subscribe", "cells": cells]
        if let since { command["since"] = since }
        send(command)
    }

    func send(_ object: [String: Any]) {
        sendText(String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }

    /// A text frame as it is, whatever it holds.
    func sendText(_ text: String) {
        commands.yield(text)
    }

    /// The next frame as JSON; fails the test rather than hang if none comes within a minute.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let text = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { await self.inbox.next() }
            group.addTask {
                try await Task.sleep(for: .seconds(60))
                await self.inbox.finish()  // releases the waiting reader
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
    func next(type: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        while true {
            let message = try await next(sourceLocation: sourceLocation)
            if message["type"] as? String == type { return message }
        }
    }

    /// Whether the server closed the socket (the stream of frames ended).
    func isClosedByServer() async -> Bool {
        while await inbox.next() != nil {}
        return true
    }

    /// Whether the server closes the socket within `seconds` (false, rather than a hang, when it does not).
    func closes(within seconds: Int = 30) async -> Bool {
        await framesUntilClosed(within: seconds) != nil
    }

    /// The frames that came before the server closed the socket, or nil when it did not close
    /// within `seconds`.
    func framesUntilClosed(within seconds: Int = 30) async -> [String]? {
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
            await inbox.finish()  // releases the reader if the timer won
            group.cancelAll()
            return first
        }
    }

    /// A socket signed in (with a frame, as browsers do) when `token` is given, subscribed to `cells`;
    /// returns it with the sequence number it is current to.
    static func subscribed(port: Int, to cells: [String], token: String? = nil, since: Int64? = nil) async throws -> (LiveClient, seq: Int)
    {
        let client = LiveClient(port: port, token: nil)
        if let token { client.authenticate(token) }
        client.subscribe(cells, since: since)
        return (client, try await client.next(type: "subscribed")["seq"] as? Int ?? -1)
    }

    /// Signs the socket in with a frame, as browsers do (no token in the URL).
    func authenticate(_ token: String) {
        send(["type": "authenticate", "token": token])
    }

    func close() async {
        commands.finish()
        _ = try? await task.value
    }
}

/// Frames in arrival order, for one reader at a time.
private actor Inbox {
    private var buffer: [String] = []
    private var waiter: CheckedContinuation<String?, Never>?
    private var finished = false

    func push(_ frame: String) {
        if let w = waiter {
            waiter = nil
            w.resume(returning: frame)
        } else {
            buffer.append(frame)
        }
    }

    func finish() {
        finished = true
        waiter?.resume(returning: nil)
        waiter = nil
    }

    func next() async -> String? {
        if !buffer.isEmpty { return buffer.removeFirst() }
        if finished { return nil }
        return await withCheckedContinuation { waiter = $0 }
    }
}
