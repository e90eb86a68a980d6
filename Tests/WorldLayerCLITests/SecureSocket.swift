import Foundation
import HummingbirdWSClient
import Logging
import NIOSSL
import NIOWebSocket

/// Real HTTPS and WSS clients for the TLS tests: `curl` (which checks the chain against the CA it is
/// given) and a WebSocket client that trusts only that CA.
enum SecureClient {
    /// `curl` against `url`, trusting only `authority`; the status (0 when TLS or the connection failed) and body.
    static func get(_ url: String, authority: URL?) throws -> (status: Int, body: String) {
        try send("GET", url, authority: authority)
    }

    /// `curl` with a method, a JSON body and a bearer token.
    static func send(_ method: String, _ url: String, json: String? = nil, token: String? = nil, authority: URL?) throws -> (
        status: Int, body: String
    ) {
        var arguments = ["-s", "-X", method, "-o", "-", "-w", "\n%{http_code}", url]
        if let authority { arguments += ["--cacert", authority.path] }
        if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
        if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        let result = try Shell.run("curl", arguments)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    /// Opens `url` (wss://…) trusting only `authority`, sends each command and returns the frames
    /// received until one of type `until` (or an error) arrives. `whenSubscribed` runs once the
    /// server has confirmed a subscription, while the socket keeps listening.
    static func frames(
        _ url: String, authority: URL, send commands: [String], until type: String,
        whenSubscribed: @escaping @Sendable () async throws -> Void = {}
    ) async throws -> [String] {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .file(authority.path)
        var logger = Logger(label: "wss-test")
        logger.logLevel = .critical
        let received = FrameBox()
        try await WebSocketClient.connect(url: url, tlsConfiguration: tls, logger: logger) { inbound, outbound, _ in
            for command in commands { try await outbound.writeTextMessage(command) }
            for try await message in inbound.messages(maxSize: 1 << 20) {
                guard case .text(let text) = message else { continue }
                received.append(text)
                if text.contains("\"type\":\"subscribed\"") { Task { try await whenSubscribed() } }
                if text.contains("\"type\":\"\(type)\"") || text.contains("\"type\":\"error\"") { break }
            }
            try? await outbound.close(.normalClosure, reason: nil)
        }
        return received.all
    }
}

final class FrameBox: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [String] = []
    var all: [String] { lock.withLock { frames } }
    func append(_ frame: String) { lock.withLock { frames.append(frame) } }
}

/// A program from PATH, run to its end.
enum Shell {
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile(), err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
