import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 50: the production recipe under write load when a server dies. Two servers on one database
/// (PostgreSQL when the run has one), one S3 bucket (SeaweedFS) and NATS, behind `deploy/Caddyfile`;
/// writers place stickers through Caddy, each retrying its own request (a PUT with the client's
/// id, so a retry is never applied twice) until it is acknowledged, and one server is killed.
@Suite("Failover behind Caddy", .serialized)
struct FailoverTests {
    static let writers = 4

    /// What the writers saw: acknowledged ids, and each attempt that failed, with its status.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var acknowledged: [String] = []
        private(set) var failures: [(Date, Int)] = []
        private var acknowledgedAt: [Date] = []
        func ack(_ id: String) {
            lock.withLock {
                acknowledged.append(id)
                acknowledgedAt.append(Date())
            }
        }
        func acknowledgedSince(_ moment: Date) -> Int { lock.withLock { acknowledgedAt.filter { $0 > moment }.count } }
        func fail(_ status: Int) { lock.withLock { failures.append((Date(), status)) } }
    }

    @Test("a server killed (SIGKILL) under writes through Caddy: no acknowledged write lost, at most the requests in flight on it fail")
    func killedUnderWrites() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-failover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine: Store.Engine = ScratchDatabase.engines.contains(.postgres) ? .postgres : .sqlite
        let database = try await BackupToolTests.database(engine).cli
        let s3 = try await SeaweedFS()
        defer { s3.stop() }
        try await s3.bucket("failover").create()
        let nats = try await NATSServer()
        defer { nats.stop() }
        func server(_ name: String) async throws -> RunningServer {
            try await RunningServer(
                database: database,
                extra: [
                    "--trusted-proxy", "127.0.0.1", "--media", "s3://failover", "--media-cache", folder.appendingPathComponent(name).path,
                    "--live-signal", "nats://127.0.0.1:\(nats.port)", "--maintenance-lease", "3",
                ], environment: s3.environment)
        }
        let first = try await server("first")
        defer { first.stop() }
        let second = try await server("second")
        defer { second.stop() }
        let caddy = try Caddy(folder: folder, upstreams: [first, second])
        defer { caddy.stop() }
        try await caddy.waitUntilServing()
        let token = try await second.signUpAndLogIn("writer")
        // The site's maintenance runs on one of them: the first, which started first.
        let firstHolds = try await Self.holdsMaintenance(first), secondHolds = try await Self.holdsMaintenance(second)
        #expect(firstHolds && !secondHolds)

        let tally = Tally()
        let stopAt = Date().addingTimeInterval(8)
        let site = caddy.base, authority = caddy.authority
        var killedAt = Date.distantFuture
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<Self.writers {
                group.addTask {
                    try await Self.onThread {
                        var n = 0
                        while Date() < stopAt {
                            let id = UUID().text
                            n += 1
                            let body = Self.sticker(text: "writer \(writer) #\(n)", north: Double(writer * 50 + n % 40))
                            // Until acknowledged: the same request again, whatever happened to the last.
                            while true {
                                let r = try SecureClient.send(
                                    "PUT", site + "/v1/stickers/\(id)", json: body, token: token, authority: authority)
                                if r.status == 201 || r.status == 200 {
                                    tally.ack(id)
                                    break
                                }
                                tally.fail(r.status)
                                guard Date() < stopAt.addingTimeInterval(20) else { throw CLIFailure("\(id) never acknowledged: \(r)") }
                                usleep(100_000)
                            }
                        }
                    }
                }
            }
            try await Task.sleep(for: .seconds(2))
            killedAt = Date()
            first.kill()
            try await group.waitForAll()
        }

        // Every acknowledged write is there, read from the server that lived.
        var lost: [String] = []
        for id in tally.acknowledged where try await second.request("GET", "/v1/stickers/\(id)", token: token).status != 200 {
            lost.append(id)
        }
        #expect(lost.isEmpty, "\(lost.count) of \(tally.acknowledged.count) acknowledged writes lost")
        #expect(tally.acknowledged.count > 40, "the load went on: \(tally.acknowledged.count) writes")
        // What failed: the requests that were on the killed server when it died, no more.
        let failures = tally.failures.filter { $0.0 >= killedAt.addingTimeInterval(-0.5) }
        #expect(tally.failures.count == failures.count, "failures before the kill: \(tally.failures)")
        #expect(failures.count <= Self.writers, "\(failures.count) failed requests: \(failures.map(\.1))")
        // The survivor took the maintenance over once the dead one's lease ran out.
        var tookOver = false
        for _ in 0..<50 where !tookOver {
            tookOver = try await Self.holdsMaintenance(second)
            if !tookOver { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(tookOver, "the second server runs the site's maintenance after the first died")
        if let report = ProcessInfo.processInfo.environment["WORLDLAYER_FAILOVER_REPORT"] {
            try Data("\(tally.acknowledged.count) acknowledged, \(failures.count) failed: \(failures.map(\.1))\n".utf8).write(
                to: URL(fileURLWithPath: report), options: .atomic)
        }
    }

    static func holdsMaintenance(_ server: RunningServer) async throws -> Bool {
        try await server.request("GET", "/metrics").text.contains("worldlayer_maintenance_lease_held 1")
    }

    static func sticker(text: String, north: Double) -> String {
        let latitude = 60.1699 + north / 111_000
        return
            ##"{"templateId":"sticky-note","text":"\##(text)","tags":[],"color":"#ff8800","size":0.4,"orientation":[0,0,0,1],"anchor":{"latitude":\##(latitude),"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"private","sharedWith":[]}"##
    }

    /// Runs blocking work (curl) on a thread of its own, not the concurrency pool's two.
    static func onThread(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            Thread { done.resume(with: Result { try work() }) }.start()
        }
    }
}
