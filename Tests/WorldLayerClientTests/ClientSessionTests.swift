import Foundation
import Testing
import WorldLayerClient
import WorldLayerStore
import WorldLayerTestSupport

@Suite("WorldLayerClient: sessions")
struct ClientSessionTests {
    @Test("sign up, log in (the token kept in a 0600 file), who am I, log out", arguments: ScratchDatabase.engines)
    func session(engine: Store.Engine) async throws {
        try await withLiveServer(engine) { server in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("wl-token-\(UUID().uuidString)/token")
            let world = WorldLayer(server: server, tokens: FileTokenStore(at: file))
            let account = try await world.accounts.signUp(
                username: "ada", email: "ada@example.org", password: "correct horse", displayName: "Ada", birthday: "1990-05-17")
            #expect(account.username == "ada")
            #expect(!world.accounts.isLoggedIn)

            try await world.accounts.logIn("ada", password: "correct horse")
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            // A second client reading the same file is the same session (the app, launched again).
            let relaunched = WorldLayer(server: server, tokens: FileTokenStore(at: file))
            #expect(try await relaunched.accounts.me().id == account.id)

            try await relaunched.accounts.logOut()
            #expect(!FileManager.default.fileExists(atPath: file.path))
            await #expect(throws: WorldLayerError.self) { try await relaunched.accounts.me() }
        }
    }

    @Test("a wrong password is a refusal with the server's code, and keeps no token", arguments: ScratchDatabase.engines)
    func wrongPassword(engine: Store.Engine) async throws {
        try await withLiveServer(engine) { server in
            let world = try await Fixtures.person("bob", at: server)
            try await world.accounts.logOut()
            do {
                try await world.accounts.logIn("bob", password: "wrong horse")
                Issue.record("a wrong password logged in")
            } catch let error as WorldLayerError {
                #expect(error.refusal?.status == 401)
                #expect(error.refusal?.code == "invalid_credentials")
                #expect(!error.isTransient)
            }
            #expect(!world.accounts.isLoggedIn)
        }
    }

    @Test("a server that is not there is 'unreachable', worth trying again")
    func unreachable() async throws {
        let world = WorldLayer(server: URL(string: "http://127.0.0.1:9")!)
        let error = await #expect(throws: WorldLayerError.self) { try await world.stickers.nearby(ClientFixtures.centre) }
        #expect(error?.isTransient == true)
        #expect(error?.refusal == nil)
    }
}
