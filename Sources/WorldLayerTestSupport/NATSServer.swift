import Foundation

/// Debian's `nats-server` on a loopback port, for the live signal between servers
/// (`scripts/install-packages nats-server`; `make test` installs it).
public final class NATSServer: @unchecked Sendable {
    public let port: Int
    private var process: Process?

    /// Starts on `port`, or on a free one.
    public init(port: Int? = nil) async throws {
        self.port = try port ?? LoopbackSocket.freePort()
        try await start()
    }

    deinit { stop() }

    /// Starts (again) on the same port and waits until it accepts connections.
    public func start() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nats-server")
        process.arguments = ["--addr", "127.0.0.1", "--port", "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw HelperFailure("nats-server is missing: scripts/install-packages nats-server") }
        self.process = process
        for _ in 0..<100 {
            if (try? LoopbackSocket(port: port, timeout: 1)) != nil { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HelperFailure("nats-server did not listen on 127.0.0.1:\(port)")
    }

    public func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
