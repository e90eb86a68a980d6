import Foundation
import Logging
import WorldLayerCore
import WorldLayerStore

/// The links the server mails to an account's own address: choosing a new password, and showing that
/// the address is the person's. Each link is a one-time secret kept only as its hash; the page it
/// opens carries it after `#`, which no server log or Referer sees.
public struct AccountMail: Sendable {
    let accounts: AccountStore
    let sender: any MailSender
    let from: String
    let publicURL: String
    let clock: WallClock
    let logger: Logger

    public init(accounts: AccountStore, sender: any MailSender, from: String, publicURL: String, clock: WallClock, logger: Logger) {
        self.accounts = accounts
        self.sender = sender
        self.from = from
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.clock = clock
        self.logger = logger
    }

    /// A reset link works for an hour; a verification link for a week.
    public static let resetLifetime: TimeInterval = 3600
    public static let verifyLifetime: TimeInterval = 7 * 24 * 3600
    /// Links of one purpose mailed to one account in an hour, at most (one mailbox is not flooded).
    public static let perAccountPerHour = 3
    public static let resetPrefix = "wlr_"
    public static let verifyPrefix = "wlv_"

    /// Mails a password-reset link to the account's address, unless three went out this hour.
    /// Whether there was anything to send is not the caller's to tell anyone.
    public func sendReset(to account: Account) async throws {
        let token = SessionToken.make(prefix: Self.resetPrefix)
        let now = clock.now()
        guard try await issue(.passwordReset, token: token, to: account, lifetime: Self.resetLifetime, now: now) else { return }
        let words = AccountMailWords.of(account.language)
        let body = words.reset.filling(["name": account.displayName, "username": account.username, "link": "\(publicURL)/#/reset/\(token)"])
        try await send(to: account, subject: words.resetSubject, body: body, now: now)
    }

    /// Mails a link that verifies the account's current address.
    public func sendVerification(to account: Account) async throws {
        let token = SessionToken.make(prefix: Self.verifyPrefix)
        let now = clock.now()
        guard try await issue(.verifyEmail, token: token, to: account, lifetime: Self.verifyLifetime, now: now) else { return }
        let words = AccountMailWords.of(account.language)
        let body = words.verify.filling([
            "name": account.displayName, "username": account.username, "link": "\(publicURL)/#/verify/\(token)",
        ])
        try await send(to: account, subject: words.verifySubject, body: body, now: now)
    }

    /// Keeps the link, unless this hour's links of the purpose went out already.
    private func issue(_ purpose: AccountLinkPurpose, token: String, to account: Account, lifetime: TimeInterval, now: Date) async throws
        -> Bool
    {
        let issued = try await accounts.issueLink(
            purpose, tokenHash: SessionToken.hash(token), account: account, expiresAt: now.addingTimeInterval(lifetime),
            atMost: Self.perAccountPerHour, now: now)
        if !issued { logger.notice("mail held back: this hour's links already sent", metadata: ["purpose": "\(purpose.rawValue)"]) }
        return issued
    }

    private func send(to account: Account, subject: String, body: String, now: Date) async throws {
        let host = URL(string: publicURL)?.host ?? "localhost"
        try await sender.send(
            EmailMessage(
                from: from, to: EmailMessage.mailbox(name: account.displayName, address: account.email), subject: subject, body: body,
                messageID: "\(UUID().text)@\(host)", date: now))
    }
}
