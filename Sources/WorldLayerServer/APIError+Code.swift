import Foundation
import HTTPTypes

extension APIError {
    /// Every code a client may see, each with its one HTTP status: the only place the two are
    /// paired (as swift-nio's `FileSystemError.Code` names its cases). Clients branch on the code;
    /// the wire carries its `rawValue`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public let status: HTTPResponse.Status

        init(_ rawValue: String, _ status: HTTPResponse.Status) {
            self.rawValue = rawValue
            self.status = status
        }

        /// For an HTTP error raised below the API (the router, the body reader): its status, and
        /// its reason phrase as the code (`payload_too_large`).
        init(status: HTTPResponse.Status) {
            self.init(status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"), status)
        }

        public var description: String { rawValue }

        static let accountSuspended = Code("account_suspended", .forbidden)
        static let alreadyMember = Code("already_member", .conflict)
        static let badRequest = Code("bad_request", .badRequest)
        static let bodyTooLarge = Code("body_too_large", .contentTooLarge)
        static let busy = Code("busy", .serviceUnavailable)
        static let conflict = Code("conflict", .conflict)
        static let databaseUnavailable = Code("database_unavailable", .serviceUnavailable)
        static let draining = Code("draining", .serviceUnavailable)
        static let mediaUnavailable = Code("media_unavailable", .serviceUnavailable)
        static let emptyBody = Code("empty_body", .badRequest)
        static let farFromPaths = Code("far_from_paths", .unprocessableContent)
        static let forbidden = Code("forbidden", .forbidden)
        static let imageTooLarge = Code("image_too_large", .unprocessableContent)
        static let internalError = Code("internal_error", .internalServerError)
        static let invalidCoordinate = Code("invalid_coordinate", .badRequest)
        static let invalidCredentials = Code("invalid_credentials", .unauthorized)
        static let invalidId = Code("invalid_id", .badRequest)
        static let invalidJson = Code("invalid_json", .badRequest)
        static let invalidParameter = Code("invalid_parameter", .badRequest)
        static let invalidPasskey = Code("invalid_passkey", .forbidden)
        static let invalidTag = Code("invalid_tag", .badRequest)
        static let invalidToken = Code("invalid_token", .unauthorized)
        static let invalidTransition = Code("invalid_transition", .conflict)
        static let methodNotAllowed = Code("method_not_allowed", .methodNotAllowed)
        static let missingParameter = Code("missing_parameter", .badRequest)
        static let noNetwork = Code("no_network", .notFound)
        static let noRoute = Code("no_route", .unprocessableContent)
        static let linkExpired = Code("link_expired", .gone)
        static let linkUsed = Code("link_used", .gone)
        static let linkUnknown = Code("link_unknown", .notFound)
        static let emailChanged = Code("email_changed", .conflict)
        static let notAContributor = Code("not_a_contributor", .forbidden)
        static let notAnAdvertiser = Code("not_an_advertiser", .forbidden)
        static let notFound = Code("not_found", .notFound)
        static let notGuided = Code("not_guided", .badRequest)
        static let passkeyExpired = Code("passkey_expired", .gone)
        static let passkeyRequired = Code("passkey_required", .forbidden)
        static let passkeyUsed = Code("passkey_used", .conflict)
        static let preconditionFailed = Code("precondition_failed", .preconditionFailed)
        static let privateAccount = Code("private_account", .forbidden)
        static let questionsNotExported = Code("questions_not_exported", .conflict)
        static let quotaExceeded = Code("quota_exceeded", .forbidden)
        static let rangeNotSatisfiable = Code("range_not_satisfiable", .rangeNotSatisfiable)
        static let rateLimited = Code("rate_limited", .tooManyRequests)
        static let restrictedZone = Code("restricted_zone", .unprocessableContent)
        static let tooManyAttempts = Code("too_many_attempts", .tooManyRequests)
        static let unauthorized = Code("unauthorized", .unauthorized)
        static let undecodableImage = Code("undecodable_image", .unprocessableContent)
        static let unsupportedMediaType = Code("unsupported_media_type", .unsupportedMediaType)
        static let validationFailed = Code("validation_failed", .unprocessableContent)
        static let versionConflict = Code("version_conflict", .conflict)
        static let wrongPassword = Code("wrong_password", .forbidden)
    }
}
