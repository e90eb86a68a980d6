import Foundation

/// A PostgreSQL cluster of a test's own (Debian's `postgresql`, which `scripts/with-postgres` installs),
/// on a free loopback port in a scratch folder, for a test that restarts the database under load
/// without disturbing the run's shared one. Run as the `postgres` user when the test runs as root.
public final class PostgreSQLServer: @unchecked Sendable {
    public let port: Int
    private let folder: URL
    private let bin: URL
    private var server: Process?

    public init() async throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = versions.sorted(by: { $0.compare($1, options: .numeric) == .orderedAscending }).last else {
            throw HelperFailure("PostgreSQL is missing: scripts/install-packages postgresql")
        }
        bin = URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin")
        port = try LoopbackSocket.freePort()
        // In /tmp, not $TMPDIR: the run's scratch folder is its owner's alone, and `postgres` must reach this one.
        folder = URL(fileURLWithPath: "/tmp/worldlayer-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.run("/bin/chown", ["postgres:postgres", folder.path]) }
        try pg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"])
        try start()
        try pg("createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", "worldlayer"])
    }

    deinit { stop() }

    /// What `--database` takes.
    public var url: String { "postgres://postgres@127.0.0.1:\(port)/worldlayer?sslmode=disable" }

    private var data: String { folder.appendingPathComponent("data").path }

    /// Starts the server as a child of this process (not through `pg_ctl`, whose daemon would
    /// outlive the tool and keep Foundation's `Process` from seeing it end) and waits until it answers.
    public func start() throws {
        let process = Process()
        let postgres = bin.appendingPathComponent("postgres").path
        let arguments = [
            "-D", data, "-p", "\(port)", "-k", folder.path, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c",
            "max_connections=200",
        ]
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", postgres] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: postgres)
            process.arguments = arguments
        }
        let log = folder.appendingPathComponent("server.log")
        if !FileManager.default.fileExists(atPath: log.path) { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = handle
        try process.run()
        server = process
        for _ in 0..<300 {
            if (try? pg("pg_isready", ["-h", "127.0.0.1", "-p", "\(port)", "-q"])) != nil { return }
            guard process.isRunning else { break }
            usleep(100_000)
        }
        throw HelperFailure("PostgreSQL did not start on 127.0.0.1:\(port): see \(log.path)")
    }

    /// Stops at once (a fast shutdown: open connections are cut, as when the database's machine
    /// restarts) and starts again on the same port.
    public func restart() throws {
        shutDown()
        try start()
    }

    public func stop() {
        shutDown()
        try? FileManager.default.removeItem(at: folder)
    }

    /// SIGINT to the postmaster (its fast shutdown), then waits for it to end.
    private func shutDown() {
        guard let server, server.isRunning else { return }
        let pidFile = (try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8)) ?? ""
        if let pid = pidFile.split(separator: "\n").first.flatMap({ Int32($0) }) { kill(pid, SIGINT) } else { server.interrupt() }
        server.waitUntilExit()
    }

    private func pg(_ tool: String, _ arguments: [String]) throws {
        let path = bin.appendingPathComponent(tool).path
        if getuid() == 0 {
            try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments)
        } else {
            try Self.run(path, arguments)
        }
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        // What it says goes to a file, read once it has ended.
        let said = FileManager.default.temporaryDirectory.appendingPathComponent("pg-tool-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: said.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: said) }
        process.standardError = try FileHandle(forWritingTo: said)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: said, encoding: .utf8)) ?? ""
            throw HelperFailure("\(executable) \(arguments.prefix(4).joined(separator: " ")) failed: \(text)")
        }
    }
}
