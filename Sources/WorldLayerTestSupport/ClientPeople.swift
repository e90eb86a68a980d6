import Foundation
import OpenAPIRuntime
import WorldLayerClient
import WorldLayerCore

extension Fixtures {
    /// A person using the Swift library: a new account (``signUp(_:password:email:)``), logged in,
    /// its token kept in memory.
    public static func person(_ username: String, at server: URL, middlewares: [any ClientMiddleware] = []) async throws -> WorldLayer {
        let world = WorldLayer(server: server, middlewares: middlewares)
        let person = signUp(username)
        try await world.accounts.signUp(
            username: person.username, email: person.email, password: person.password, displayName: person.displayName,
            birthday: person.birthday)
        try await world.accounts.logIn(username, password: person.password)
        return world
    }
}
