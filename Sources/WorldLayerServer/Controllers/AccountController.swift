import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

/// Sign-up, login, logout, `me`, password change and account deletion.
struct AccountController {
    let accounts: AccountStore
    let ads: AdStore
    let clock: WallClock
    let service: AccountService
    let hasher: PasswordHasher
    let limiter: AttemptLimiter
    /// New accounts per client address.
    let signUps: RateLimiter
    let sessionLifetime: TimeInterval
    /// Mails a new account the link that confirms its address.
    let mail: AccountMail

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/accounts", use: signUp)
        routes.on(.post, "/v1/sessions", use: logIn)
        routes.on(.delete, "/v1/sessions/current", use: logOut)
        routes.on(.get, "/v1/me", use: me)
        routes.on(.put, "/v1/me/password", use: changePassword)
        routes.on(.delete, "/v1/me", use: deleteAccount)
    }

    /// The account as its owner sees it.
    struct AccountBody: Encodable {
        var id: String
        var username: String
        var email: String
        var displayName: String
        var birthday: String
        var role: String
        var createdAt: Date
        /// The name an advertiser account's ads show; absent for other accounts.
        var advertiser: String?
        /// Whether the address has been confirmed by the link mailed to it (only `me` says).
        var emailVerified: Bool?

        init(_ a: Account, advertiser: String? = nil, emailVerified: Bool? = nil) {
            id = a.id.text
            username = a.username
            email = a.email
            displayName = a.displayName
            birthday = a.birthday
            role = a.role.rawValue
            createdAt = a.createdAt
            self.advertiser = advertiser
            self.emailVerified = emailVerified
        }
    }

    struct SignUpBody: Decodable {
        /// Optional client-made id: a retried sign-up with the same id and password returns the same account.
        var id: Account.ID?
        var username: String
        var email: String
        var password: String
        var displayName: String
        var birthday: String
        /// The language for the account's e-mails (`en`, `fi`, `sv`); without it, the request's `Accept-Language`.
        var language: String?
    }

    @Sendable func signUp(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(SignUpBody.self, context: context)
        let signUp = SignUp(
            username: body.username, email: body.email, password: body.password, displayName: body.displayName, birthday: body.birthday,
            language: try Self.language(body.language, request: request))
        // A retry with a client-made id checks the password: limited like logins, per id and address.
        let replaySubject = body.id.map { "account-id:\($0.text)" }
        if let replaySubject, let wait = try await limiter.retryAfter(subject: replaySubject, address: context.clientAddress) {
            throw APIError.tooManyAttempts(wait: wait, what: "failed sign-up retries")
        }
        try await signUps.require(context.clientAddress, what: "sign-ups from this address")
        let outcome: AccountService.Outcome
        do {
            outcome = try await service.signUp(signUp, id: body.id)
        } catch SignUpRefusal.idTaken {
            if let replaySubject { try await limiter.recordFailure(subject: replaySubject, address: context.clientAddress) }
            throw SignUpRefusal.idTaken
        }
        switch outcome {
        case .replayed(let account):
            return try .json(AccountBody(account), status: .ok)
        case .created(let account):
            context.logger.info("account created", metadata: ["account": "\(account.id)"])
            let mail = self.mail, logger = context.logger
            Task {
                do { try await mail.sendVerification(to: account) } catch {
                    logger.error("the confirmation link was not mailed", metadata: ["error": "\(error)"])
                }
            }
            return try .json(AccountBody(account), status: .created, headers: [.location: "/v1/me"])
        }
    }

    /// The language a sign-up asks for: the body's, else the request's `Accept-Language` when it has one.
    private static func language(_ tag: String?, request: Request) throws -> Language? {
        guard let tag else { return request.headers[.acceptLanguage].map { Language.preferred(acceptLanguage: $0) } }
        return try Language.requested(tag)
    }

    struct LogInBody: Decodable {
        /// Username or email.
        var login: String
        var password: String
    }

    struct SessionBody: Encodable {
        var token: String
        var tokenType = "Bearer"
        var expiresAt: Date
        var account: AccountBody
    }

    @Sendable func logIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(LogInBody.self, context: context)
        let login = AccountRules.key(body.login)
        guard !login.isEmpty, !body.password.isEmpty else {
            throw APIError.validation([FieldError("login", "and password are required")])
        }
        if let wait = try await limiter.retryAfter(subject: login, address: context.clientAddress) {
            throw APIError.tooManyAttempts(wait: wait, what: "failed logins")
        }
        guard let found = try await accounts.credentials(login: login) else {
            try await hasher.verifyAgainstNothing(body.password)
            try await limiter.recordFailure(subject: login, address: context.clientAddress)
            throw APIError(.invalidCredentials, message: "wrong username/email or password")
        }
        guard try await hasher.verify(body.password, hash: found.passwordHash) else {
            try await limiter.recordFailure(subject: login, address: context.clientAddress)
            throw APIError(.invalidCredentials, message: "wrong username/email or password")
        }
        try await limiter.recordSuccess(subject: login, address: context.clientAddress)
        // Said only to whoever knows the password: a suspension is the person's business.
        if let suspension = try await accounts.suspension(of: found.account.id) {
            var refusal = APIError(.accountSuspended, message: suspension.explanation)
            refusal.suspension = suspension
            throw refusal
        }
        let token = SessionToken.make()
        let now = clock.now()
        let expires = now.addingTimeInterval(sessionLifetime)
        try await accounts.createSession(
            tokenHash: SessionToken.hash(token), accountID: found.account.id, now: now, expiresAt: expires)
        return try .json(SessionBody(token: token, expiresAt: expires, account: AccountBody(found.account)), status: .created)
    }

    @Sendable func logOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAccount()
        try await accounts.deleteSession(tokenHash: context.tokenHash ?? "")
        return Response(status: .noContent)
    }

    @Sendable func me(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try .json(
            AccountBody(
                account, advertiser: try await ads.advertiserName(account.id),
                emailVerified: try await accounts.emailVerifiedAt(account.id) != nil))
    }

    struct ChangePasswordBody: Decodable {
        var currentPassword: String
        var newPassword: String
    }

    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let body = try await request.decodeJSON(ChangePasswordBody.self, context: context)
        if let problem = AccountRules.validatePassword(body.newPassword, field: "newPassword") { throw APIError.validation([problem]) }
        try await requirePassword(body.currentPassword, of: account, field: "currentPassword")
        let hash = try await hasher.hash(body.newPassword)
        try await accounts.changePassword(accountID: account.id, newHash: hash, keeping: context.tokenHash)
        return Response(status: .noContent)
    }

    struct DeleteAccountBody: Decodable {
        var password: String
    }

    @Sendable func deleteAccount(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let body = try await request.decodeJSON(DeleteAccountBody.self, context: context)
        try await requirePassword(body.password, of: account, field: "password")
        try await accounts.delete(id: account.id)
        context.logger.info("account deleted", metadata: ["account": "\(account.id)"])
        return Response(status: .noContent)
    }

    /// Destructive changes ask for the password again, so a stolen token alone cannot make them.
    private func requirePassword(_ password: String, of account: Account, field: String) async throws {
        let hash = try await accounts.passwordHash(accountID: account.id) ?? ""
        guard try await hasher.verify(password, hash: hash) else {
            throw APIError(.wrongPassword, message: "the password is not correct", fields: [FieldError(field, "is not correct")])
        }
    }
}
