import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// People and tags: follow and unfollow, follower lists, profiles, and the private-account setting.
struct SocialController {
    let accounts: AccountStore
    let community: CommunityStore

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/people/{username}", use: person)
        routes.on(.get, "/v1/people/{username}/followers", use: followers)
        routes.on(.get, "/v1/people/{username}/following", use: following)
        routes.on(.get, "/v1/people/{username}/stickers", use: stickers)
        routes.on(.put, "/v1/me/follows/{username}", use: follow)
        routes.on(.delete, "/v1/me/follows/{username}", use: unfollow)
        routes.on(.get, "/v1/me/follow-requests", use: followRequests)
        routes.on(.put, "/v1/me/follow-requests/{username}", use: approveFollowRequest)
        routes.on(.delete, "/v1/me/follow-requests/{username}", use: declineFollowRequest)
        routes.on(.delete, "/v1/me/followers/{username}", use: removeFollower)
        routes.on(.get, "/v1/me/tags", use: tags)
        routes.on(.put, "/v1/me/tags/{tag}", use: followTag)
        routes.on(.delete, "/v1/me/tags/{tag}", use: unfollowTag)
        routes.on(.get, "/v1/me/settings", use: settings)
        routes.on(.patch, "/v1/me/settings", use: changeSettings)
    }

    /// The account named in the path as the caller may see it; 404 for none, or across a block (the same answer).
    private func named(_ context: AppRequestContext) async throws -> PersonCard {
        let username = context.parameters.get("username") ?? ""
        guard let account = try await accounts.account(username: username),
            let card = try await community.people([account.id], viewer: context.account?.id).first
        else { throw APIError.notFound("no such person") }
        return card
    }

    @Sendable func person(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(try await named(context))
    }

    @Sendable func followers(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await followList(context, followers: true)
    }

    @Sendable func following(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await followList(context, followers: false)
    }

    /// Their stickers I may see, newest first (the profile page's grid): the same rule as every other path.
    @Sendable func stickers(_ request: Request, context: AppRequestContext) async throws -> Response {
        let card = try await named(context)
        let limit = try Query(request).int("limit", in: 1...100, default: 30)
        let viewer = try await accounts.viewer(context.account?.id)
        return try .json(["stickers": try await community.stickers(of: card.id, viewer: viewer, limit: limit)])
    }

    /// A private account's lists are its own business: only its owner reads them.
    private func followList(_ context: AppRequestContext, followers: Bool) async throws -> Response {
        let card = try await named(context)
        if card.id != context.account?.id, try await community.isPrivateAccount(card.id) {
            throw APIError(
                .privateAccount, message: "@\(card.username) has a private account; whom they follow and who follows them is theirs to see")
        }
        return try .json(["people": try await community.followList(of: card.id, followers: followers, viewer: context.account?.id)])
    }

    @Sendable func follow(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let username = context.parameters.get("username") ?? ""
        switch try await community.follow(username: username, by: me.id) {
        case .following: return try .json(try await named(context))
        // Accepted, not done: the account's owner decides.
        case .requested: return try .json(try await named(context), status: .accepted)
        case .notFound: throw APIError.notFound("no such person")
        }
    }

    @Sendable func followRequests(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["people": try await community.followRequests(to: try context.requireAccount().id)])
    }

    @Sendable func approveFollowRequest(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await answerFollowRequest(context, approve: true)
    }

    @Sendable func declineFollowRequest(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await answerFollowRequest(context, approve: false)
    }

    private func answerFollowRequest(_ context: AppRequestContext, approve: Bool) async throws -> Response {
        let me = try context.requireAccount()
        let username = context.parameters.get("username") ?? ""
        guard try await community.answerFollowRequest(from: username, to: me.id, approve: approve) else {
            throw APIError.notFound("@\(username) has not asked to follow you")
        }
        return Response(status: .noContent)
    }

    @Sendable func removeFollower(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let username = context.parameters.get("username") ?? ""
        guard try await community.removeFollower(username, of: me.id) else {
            throw APIError.notFound("@\(username) does not follow you")
        }
        return Response(status: .noContent)
    }

    @Sendable func unfollow(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        guard try await community.unfollow(username: context.parameters.get("username") ?? "", by: me.id) else {
            throw APIError.notFound("no such person")
        }
        return Response(status: .noContent)
    }

    private func tagParameter(_ context: AppRequestContext) throws -> String {
        let tag = Tag.normalize(context.parameters.get("tag")?.removingPercentEncoding ?? "")
        guard Tag.isValid(tag) else {
            throw APIError.badRequest("a tag is 1–\(StickerRules.tagMaximumLength) letters, digits or underscores", code: .invalidTag)
        }
        return tag
    }

    @Sendable func tags(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["tags": try await community.followedTags(of: try context.requireAccount().id)])
    }

    @Sendable func followTag(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let tag = try tagParameter(context)
        try await community.followTag(tag, by: me.id)
        struct Followed: Encodable {
            var tag: String
            var following = true
        }
        return try .json(Followed(tag: tag))
    }

    @Sendable func unfollowTag(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        try await community.unfollowTag(try tagParameter(context), by: me.id)
        return Response(status: .noContent)
    }

    struct Settings: Codable {
        /// Only the followers I approve; my stickers reach others only as I share them.
        var privateAccount: Bool?
        /// A weekly email: new stickers near home, popular nearby, new under what I follow.
        var weeklyDigest: Bool?
        /// Where "near me" is for the digest.
        var home: Coordinate?
        /// The language of my e-mails: `en`, `fi` or `sv`.
        var language: String?
    }

    private func current(_ id: Account.ID) async throws -> Settings {
        let digest = try await community.digestSettings(id)
        let language = try await accounts.account(id: id)?.language ?? .english
        return Settings(
            privateAccount: try await community.isPrivateAccount(id), weeklyDigest: digest.weeklyDigest, home: digest.home,
            language: language.rawValue)
    }

    @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(try await current(try context.requireAccount().id))
    }

    @Sendable func changeSettings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let body = try await request.decodeJSON(Settings.self, context: context)
        if let home = body.home, !(home.isOnEarth) {
            throw APIError.validation([FieldError("home", "must be a position on Earth")])
        }
        let language = try body.language.map { try Language.requested($0) }
        if let value = body.privateAccount { try await community.setPrivateAccount(value, accountID: me.id) }
        if let language { try await accounts.setLanguage(language, accountID: me.id) }
        if body.weeklyDigest != nil || body.home != nil {
            var digest = try await community.digestSettings(me.id)
            if let value = body.weeklyDigest { digest.weeklyDigest = value }
            if let home = body.home { digest.home = home }
            try await community.setDigestSettings(digest, accountID: me.id)
        }
        return try .json(try await current(me.id))
    }
}
