import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `kill -9` in the middle of concurrent writes: every write the server acknowledged is there after
/// a restart, on both engines.
@Suite("Crash safety of acknowledged writes", .serialized)
struct CrashSafetyTests {
    static func sticker(_ n: Int) -> String {
        ##"{"templateId":"sticky-note","text":"write \##(n)","tags":[],"color":"#ff8800","size":0.4,"orientation":[0,0,0,1],"anchor":{"latitude":\##(60.1699 + Double(n % 50) * 1e-5),"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"private","sharedWith":[]}"##
    }

    @Test("every acknowledged write survives kill -9 under four concurrent writers", arguments: ServerProcessTests.engines)
    func killDuringWrites(engine: String) async throws {
        let db = ServerProcessTests.database(engine)
        let server = try await RunningServer(database: db)
        let name = "crash\(UUID().uuidString.prefix(6).lowercased())"
        let token = try await server.signUpAndLogIn(name)
        let acknowledged = Acknowledged()
        let base = server.base
        let writers = (0..<4).map { writer in
            Task {
                // Each writer stops at its first unanswered request: the server is gone.
                for n in 0..<10_000 {
                    let id = UUID().text
                    guard let status = await putSticker(base: base, id: id, body: Self.sticker(writer * 10_000 + n), token: token) else {
                        return
                    }
                    if status == 201 { await acknowledged.add(id) }
                }
            }
        }
        // Killed once enough writes are acknowledged, whatever the time that takes.
        let deadline = Date().addingTimeInterval(120)
        while await acknowledged.count < 200, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        kill(server.process.processIdentifier, SIGKILL)
        for writer in writers { await writer.value }
        server.process.waitUntilExit()
        let ids = await acknowledged.ids
        #expect(ids.count >= 200)

        let again = try await RunningServer(database: db)
        defer { again.stop() }
        let fresh = try await again.request("POST", "/v1/sessions", json: #"{"login":"\#(name)","password":"correct horse"}"#)
        let newToken = try #require((try JSONSerialization.jsonObject(with: Data(fresh.text.utf8)) as? [String: Any])?["token"] as? String)
        var missing: [String] = []
        for id in ids where try await again.request("GET", "/v1/stickers/\(id)", token: newToken).status != 200 { missing.append(id) }
        #expect(missing.isEmpty, "\(missing.count) of \(ids.count) acknowledged writes lost")
    }
}

/// Acknowledged sticker ids, collected by the writers.
private actor Acknowledged {
    var ids: [String] = []
    func add(_ id: String) { ids.append(id) }
    var count: Int { ids.count }
}

/// One PUT of a sticker; the status, or nil when the server did not answer.
private func putSticker(base: String, id: String, body: String, token: String) async -> Int? {
    var r = URLRequest(url: URL(string: "\(base)/v1/stickers/\(id)")!)
    r.httpMethod = "PUT"
    r.httpBody = Data(body.utf8)
    r.setValue("application/json", forHTTPHeaderField: "Content-Type")
    r.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    guard let (_, response) = try? await URLSession.shared.data(for: r) else { return nil }
    return (response as? HTTPURLResponse)?.statusCode
}
