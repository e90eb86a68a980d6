import Foundation
import HTTPTypes
import Testing
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 52, finding 11: when PostgreSQL cannot be reached, a request is told to come back (503 with
/// `Retry-After`), not that the server failed (500); once the network is back, so is the server.
@Suite("A database outage")
struct DatabaseOutageTests {
    @Test("with the network to PostgreSQL cut, requests are 503 with Retry-After and change nothing; restored, they work again")
    func outage() async throws {
        guard ScratchDatabase.engines.contains(.postgres) else { return }
        guard case .postgres(let text) = try await ScratchDatabase.makeURL(.postgres), var url = URLComponents(string: text),
            let postgresPort = url.port
        else { throw HelperFailure("no PostgreSQL URL") }
        let network = try await TCPForwarder.start(to: postgresPort)
        url.port = network.port
        let database = try DatabaseURL(parsing: url.string!)
        try await withServer(.postgres, configure: { $0.database = database }) { api in
            let ada = try await api.signUpAndLogIn("ada")
            #expect(try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(), token: ada).status == .created)

            await network.cut()
            let refused = UUID().uuidString
            for path in ["/v1/stickers/\(refused)", "/v1/me"] {
                let answer =
                    path == "/v1/me"
                    ? try await api.call(.get, path, token: ada)
                    : try await api.call(.put, path, json: Fixtures.sticker(), token: ada)
                #expect(
                    answer.status == .serviceUnavailable && answer.errorCode == "database_unavailable", "\(answer.status) \(answer.text)")
                #expect(Int(answer.headers[.retryAfter] ?? "") ?? 0 > 0)
            }
            #expect(try await api.call(.get, "/ready").status == .serviceUnavailable)
            #expect(try await api.call(.get, "/health").status == .ok, "the process itself is alive")

            try await network.restore()
            let deadline = Date().addingTimeInterval(30)
            var again = try await api.call(.get, "/v1/stickers/\(refused)", token: ada)
            while again.status == .serviceUnavailable, Date() < deadline {
                try await Task.sleep(for: .milliseconds(200))
                again = try await api.call(.get, "/v1/stickers/\(refused)", token: ada)
            }
            #expect(again.status == .notFound, "back, and the refused write was not made: \(again.status) \(again.text)")
            #expect((try await api.call(.get, "/v1/me/stickers", token: ada).json["stickers"] as? [Any])?.count == 1)
        }
    }
}
