import Foundation
import WorldLayerCore
import WorldLayerStore

/// Why a sign-up was refused beyond its fields (``FieldErrors``) and a taken username or email
/// (``StoreError``, from the store).
public enum SignUpRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The client-made id belongs to another account, or the retry did not repeat the request.
    case idTaken

    public var description: String { "this id belongs to another account" }
}

/// Creating accounts, the one path shared by the HTTP API and `worldlayer user create`:
/// validate every field, hash the password with bcrypt, store.
public struct AccountService: Sendable {
    let store: Store
    public let hasher: PasswordHasher

    public init(store: Store, bcryptCost: UInt8) {
        self.store = store
        hasher = PasswordHasher(cost: bcryptCost)
    }

    /// The outcome of a sign-up: a new account, or the same one again for a retried request.
    public enum Outcome: Sendable {
        case created(Account)
        case replayed(Account)
    }

    /// Throws ``FieldErrors`` for invalid fields, ``SignUpRefusal`` for a taken id and ``StoreError``
    /// for a taken username or email. A request retried with the same `id` and password creates nothing new.
    public func signUp(_ request: SignUp, id: Account.ID? = nil, role: AccountRole = .user) async throws -> Outcome {
        let problems = request.problems(today: store.clock.now())
        guard problems.isEmpty else { throw FieldErrors(problems) }
        if let id, let existing = try await store.accounts.account(id: id) {
            // A replay must repeat the whole request: account ids are public (`author.id`), so with the
            // password alone this would tell a guesser when it is right and hand over email and birthday.
            // The hash is always checked, so the time taken does not tell which part was wrong.
            let hash = try await store.accounts.passwordHash(accountID: id) ?? ""
            let isPassword = try await hasher.verify(request.password, hash: hash)
            guard isPassword, AccountRules.key(existing.username) == AccountRules.key(request.username),
                AccountRules.key(existing.email) == AccountRules.key(request.email), existing.birthday == request.birthday
            else { throw SignUpRefusal.idTaken }
            return .replayed(existing)
        }
        let hash = try await hasher.hash(request.password)
        return .created(
            try await store.accounts.create(
                NewAccount(
                    id: id ?? Account.ID(), username: request.username, email: request.email,
                    displayName: request.displayName.trimmingCharacters(in: .whitespacesAndNewlines), birthday: request.birthday,
                    passwordHash: hash, role: role, language: request.language)))
    }
}
