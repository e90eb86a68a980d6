import Foundation
import HTTPTypes
import WorldLayerTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `worldlayer serve` started as a person would, on a free loopback port, talked to over HTTP.
final class RunningServer {
    let process = Process()
    let base: String
    /// Where the server's mail is written (a test's `--mail` aside).
    let mailFolder: URL

    /// With `trusting`, the server speaks HTTPS (its `extra` arguments say how) and is checked with
    /// curl trusting only that certificate authority.
    /// `port`: a given one (to start a server again where a client expects it), or any free one.
    /// `environment` is added to the test's own (an object store's endpoint and keys).
    init(
        database: String, extra: [String] = [], trusting authority: URL? = nil, port given: Int? = nil, environment: [String: String] = [:]
    ) async throws {
        let port = try given ?? Self.freePort()
        base = authority == nil ? "http://127.0.0.1:\(port)" : "https://localhost:\(port)"
        process.executableURL = CLI.executable
        // The server's mail goes to a folder of its own unless the test says where.
        mailFolder = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-mail-\(port)-\(UUID().uuidString)")
        let mail = extra.contains("--mail") ? [] : ["--mail", mailFolder.path]
        process.arguments =
            ["serve", "--port", "\(port)", "--database", database, "--log-level", "error", "--bcrypt-cost", "4"] + mail + extra
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        // What the server says goes to a file, so that a server that never answers can say why.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-serve-\(port).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        // Poll until the server answers, with a deadline; a server that exits has failed at once.
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            let answered =
                authority == nil
                ? (try? await request("GET", "/health"))?.status == 200
                : (try? SecureClient.get(base + "/health", authority: authority))?.status == 200
            if answered {
                try? FileManager.default.removeItem(at: log)
                return
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        let exited = !process.isRunning
        stop()
        let said = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").suffix(5).joined(separator: " | ") ?? ""
        throw CLIFailure(
            exited ? "the server exited (\(process.terminationStatus)): \(said)" : "the server did not answer within 120 s: \(said)")
    }

    deinit { if process.isRunning { process.terminate() } }

    /// Sends SIGTERM and returns at once: the server drains (``ServerDrain``) while the test watches.
    func signalStop() { if process.isRunning { process.terminate() } }

    /// The exit status, once the process has ended, waiting up to `seconds` for it to end; nil if it
    /// still runs. An ended process is then awaited until Foundation has reaped it, however long a
    /// loaded run takes: `terminationStatus` traps before.
    func exitStatus(within seconds: Double) async throws -> Int32? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !hasEnded, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        guard hasEnded else { return nil }
        while process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        return process.terminationStatus
    }

    /// Whether the process has ended, by the kernel's word: Foundation's `isRunning` changes only once
    /// a thread of the test process has reaped it, and a loaded run can keep that thread waiting. An
    /// ended process not yet reaped is a zombie (state `Z` after the command's closing parenthesis).
    private var hasEnded: Bool {
        guard process.isRunning else { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8) else { return true }
        guard let name = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: name)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// Ends the process at once (SIGKILL), as a crash or an out-of-memory kill would, and waits.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Sends SIGTERM and waits; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The one HTTP client of the tests, pointed at this process.
    var api: API { API(base: URL(string: base)!) }

    /// Sends `json` text, or `bytes` of `contentType`, as the body.
    func request(
        _ method: String, _ path: String, json: String? = nil, bytes: Data? = nil, contentType: String = "application/octet-stream",
        token: String? = nil
    ) async throws -> APIResponse {
        try await api.call(
            HTTPRequest.Method(method)!, path, raw: json, bytes: bytes, token: token,
            headers: bytes == nil ? [:] : [.contentType: contentType])
    }

    /// Signs up (born on `birthday`, `YYYY-MM-DD`) and logs in; returns the token.
    func signUpAndLogIn(_ name: String, birthday: String = "1990-01-01") async throws -> String {
        try await api.signUpAndLogIn(name, birthday: birthday)
    }

    static func freePort() throws -> Int { try LoopbackSocket.freePort() }
}
