import HummingbirdBcrypt
import NIOPosix

/// bcrypt, run off the request threads: a hash at cost 12 takes a quarter of a second
/// of CPU, which must not stall every other request on the event loop.
public struct PasswordHasher: Sendable {
    public let cost: UInt8
    private let dummyHash: String

    public init(cost: UInt8) {
        self.cost = cost
        dummyHash = Bcrypt.hash("not a password", cost: cost)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Spends the same time as a real check when the login name is unknown, so response
    /// times do not reveal which usernames exist.
    public func verifyAgainstNothing(_ password: String) async throws {
        _ = try await verify(password, hash: dummyHash)
    }
}
