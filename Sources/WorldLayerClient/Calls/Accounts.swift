import Foundation
import WorldLayerAPI

public typealias Account = Components.Schemas.Account

/// Sign up, log in, log out: the session's token goes to and from the ``TokenStore``.
public struct Accounts: Sendable {
    let world: WorldLayer

    /// Whether a session's token is kept (it may still have expired on the server).
    public var isLoggedIn: Bool { ((try? world.tokens.load()) ?? nil) != nil }

    /// Creates an account. `id` is made here so that a retried sign-up is the same account.
    /// - Parameter birthday: `YYYY-MM-DD`; the server refuses people under 13.
    public func signUp(
        username: String, email: String, password: String, displayName: String, birthday: String, id: String = WorldLayer.newID()
    ) async throws(WorldLayerError) -> Account {
        let body = Components.Schemas.SignUp(
            id: id, username: username, email: email, password: password, displayName: displayName,
            birthday: birthday)
        return try await world.perform {
            switch try await world.api.signUp(body: .json(body)) {
            case .created(let created): try created.body.json
            case .ok(let retried): try retried.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// Logs in with a username or email and keeps the session's token.
    @discardableResult
    public func logIn(_ login: String, password: String) async throws(WorldLayerError) -> Account {
        let session = try await world.perform {
            switch try await world.api.logIn(body: .json(.init(login: login, password: password))) {
            case .created(let created): try created.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
        try keep(session.token)
        return session.account
    }

    /// Ends the session on the server and forgets the token. The token is forgotten even when the
    /// server cannot be reached: it expires there on its own.
    public func logOut() async throws(WorldLayerError) {
        defer { try? world.tokens.save(nil) }
        guard isLoggedIn else { return }
        _ = try await world.perform {
            switch try await world.api.logOut() {
            case .noContent: ()
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// The account of the session.
    public func me() async throws(WorldLayerError) -> Account {
        try await world.perform {
            switch try await world.api.me() {
            case .ok(let ok): try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    private func keep(_ token: String) throws(WorldLayerError) {
        do { try world.tokens.save(token) } catch { throw .localStorage(String(describing: error)) }
    }
}
