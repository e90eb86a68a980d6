import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 50: PostgreSQL restarted under load. Two `worldlayer serve` on a PostgreSQL of the test's
/// own; writers place stickers through both, each retrying its own PUT until acknowledged; a live
/// subscriber listens on the second; the database is stopped (`-m fast`, every connection cut) and
/// started again in the middle.
@Suite("PostgreSQL restarted under load", .serialized)
struct DatabaseRestartTests {
    @Test(
        "PostgreSQL restarted under writes: both servers recover by themselves, no acknowledged write is lost, and a live subscriber hears every write"
    )
    func restartedUnderWrites() async throws {
        // Needs PostgreSQL's programs, which a run with PostgreSQL has.
        guard ScratchDatabase.engines.contains(.postgres) else { return }
        let database = try await PostgreSQLServer()
        defer { database.stop() }
        // A query stranded on a dropped connection fails after 5 s (and is retried) rather than 30.
        let first = try await RunningServer(database: database.url, extra: ["--database-timeout", "5"])
        defer { first.stop() }
        let second = try await RunningServer(database: database.url, extra: ["--database-timeout", "5"])
        defer { second.stop() }
        let token = try await first.signUpAndLogIn("writer")
        let map = try await first.request(
            "POST", "/v1/worldmaps", json: #"{"name":"probe","latitude":60.1699,"longitude":24.9384}"#, token: token)
        let cell = try #require(map.json["cell"] as? String)
        let (listener, _) = try await LiveClient.subscribed(port: second.api.port, to: [cell], token: token)

        let tally = FailoverTests.Tally()
        let stopAt = Date().addingTimeInterval(8)
        var restartedAt = Date.distantFuture
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, server) in [first.api, second.api, first.api, second.api].enumerated() {
                group.addTask {
                    var n = 0
                    while Date() < stopAt {
                        let id = UUID().text
                        n += 1
                        let body = FailoverTests.sticker(text: "writer \(writer) #\(n)", north: Double(n % 20))
                        while true {
                            var status = 0, said = ""
                            do { status = try await server.call(.put, "/v1/stickers/\(id)", raw: body, token: token).status.code } catch {
                                said = "\(error)"
                            }
                            if status == 201 || status == 200 {
                                tally.ack(id)
                                break
                            }
                            tally.fail(status)
                            guard Date() < stopAt.addingTimeInterval(30) else {
                                throw CLIFailure("\(id) never acknowledged: \(status) \(said)")
                            }
                            try await Task.sleep(for: .milliseconds(100))
                        }
                    }
                }
            }
            try await Task.sleep(for: .seconds(2))
            restartedAt = Date()
            try database.restart()
            try await group.waitForAll()
        }
        let acknowledged = Set(tally.acknowledged)
        // The writes went on through the restart (a busy machine's debug build writes slowly).
        #expect(acknowledged.count >= 8 && tally.acknowledgedSince(restartedAt) > 0, "\(acknowledged.count) writes")
        #expect(tally.failures.allSatisfy { $0.0 >= restartedAt }, "failures before the restart: \(tally.failures.prefix(5))")
        // Refused while the database was away, each a clear 503 (or a connection the server dropped), never a wrong answer.
        #expect(tally.failures.allSatisfy { [503, 0].contains($0.1) }, "\(Set(tally.failures.map(\.1)))")

        // Both answer again by themselves, and nothing acknowledged is lost.
        for server in [first, second] { #expect(try await server.request("GET", "/health/ready").status == 200) }
        var lost = 0
        for id in acknowledged where try await second.request("GET", "/v1/stickers/\(id)", token: token).status != 200 { lost += 1 }
        #expect(lost == 0, "\(lost) of \(acknowledged.count) acknowledged writes lost")

        // The listener heard every acknowledged write: on its socket, or, if the server closed it,
        // on a new one resumed from the last sequence number it had (as the apps do).
        var heard = Set<String>(), seq: Int64 = 0, socket = listener
        let deadline = Date().addingTimeInterval(15)
        while !acknowledged.isSubset(of: heard), Date() < deadline {
            let frames = await socket.drain()
            for frame in frames {
                if let s = frame["seq"] as? Int { seq = max(seq, Int64(s)) }
                if frame["type"] as? String == "event", let id = frame["stickerId"] as? String { heard.insert(id) }
            }
            if frames.isEmpty, socket.hasEnded {
                socket = try await LiveClient.subscribed(port: second.api.port, to: [cell], token: token, since: seq).0
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(
            acknowledged.subtracting(heard).isEmpty, "the listener missed \(acknowledged.subtracting(heard).count) of \(acknowledged.count)"
        )
        await socket.close()
    }
}
