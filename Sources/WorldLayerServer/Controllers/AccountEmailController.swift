import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

/// A forgotten password reset by a link mailed to the account's address, and that address checked.
/// The links' secrets travel in request bodies, never in paths, which logs keep.
struct AccountEmailController {
    let accounts: AccountStore
    let mail: AccountMail
    let hasher: PasswordHasher
    /// Mailings asked for per client address.
    let mailings: RateLimiter

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/password-resets", use: askForReset)
        routes.on(.post, "/v1/password-resets/redeem", use: reset)
        routes.on(.post, "/v1/email-verifications", use: verify)
        routes.on(.post, "/v1/me/email-verification", use: resendVerification)
    }

    struct AskBody: Decodable {
        /// Username or email.
        var login: String
    }

    /// The same answer whether or not the account exists (no oracle for who has one), and at once:
    /// the mail is sent after the answer, so its time says nothing either.
    @Sendable func askForReset(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(AskBody.self, context: context)
        let login = AccountRules.key(body.login.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !login.isEmpty else { throw APIError.validation([FieldError("login", "is your username or email")]) }
        try await mailings.require(context.clientAddress, what: "password resets asked for from this address")
        if let account = try await accounts.credentials(login: login)?.account {
            let mail = self.mail, logger = context.logger
            Task {
                do { try await mail.sendReset(to: account) } catch {
                    logger.error("a reset link was not mailed", metadata: ["error": "\(error)"])
                }
            }
        }
        return try .json(
            ["message": "If an account has this username or address, a link to choose a new password is on its way to its email."],
            status: .accepted)
    }

    struct ResetBody: Decodable {
        var token: String
        var password: String
    }

    @Sendable func reset(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(ResetBody.self, context: context)
        if let problem = AccountRules.validatePassword(body.password) { throw APIError.validation([problem]) }
        try await mailings.require(context.clientAddress, cost: 0.2, what: "password reset attempts from this address")
        let hash = try await hasher.hash(body.password)
        do {
            let account = try await accounts.resetPassword(tokenHash: SessionToken.hash(body.token), newHash: hash)
            return try .json(["username": account.username])
        } catch let refusal as AccountLinkRefusal {
            throw Self.error(refusal, what: "reset")
        }
    }

    struct VerifyBody: Decodable {
        var token: String
    }

    @Sendable func verify(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(VerifyBody.self, context: context)
        do {
            let account = try await accounts.verifyEmail(tokenHash: SessionToken.hash(body.token))
            struct Verified: Encodable {
                var email: String
                var emailVerified = true
            }
            return try .json(Verified(email: account.email))
        } catch let refusal as AccountLinkRefusal {
            throw Self.error(refusal, what: "confirmation")
        }
    }

    @Sendable func resendVerification(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        if try await accounts.emailVerifiedAt(account.id) != nil {
            return try .json(["message": "\(account.email) is confirmed already."])
        }
        try await mailings.require(context.clientAddress, what: "confirmation mails asked for from this address")
        try await mail.sendVerification(to: account)
        return try .json(["message": "A new confirmation link is on its way to \(account.email)."], status: .accepted)
    }

    static func error(_ refusal: AccountLinkRefusal, what: String) -> APIError {
        switch refusal {
        case .unknown: APIError(.linkUnknown, message: "this \(what) link is not one we sent; ask for a new one")
        case .used: APIError(.linkUsed, message: "this \(what) link has been used; ask for a new one")
        case .expired: APIError(.linkExpired, message: "this \(what) link has expired; ask for a new one")
        case .addressChanged: APIError(.emailChanged, message: "this link was for an address the account no longer has")
        }
    }
}
