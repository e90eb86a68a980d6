import Foundation
import HTTPTypes
import Hummingbird

/// Adds the browser's second line of defence to every response: a Content-Security-Policy that
/// runs only the server's own scripts (so text that slips into the page as HTML cannot run),
/// no framing, no MIME sniffing, and a referrer that carries only the origin off-site.
///
/// A response that sets its own policy (the server-rendered share page) keeps it.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// The policy without `connect-src`, which names the request's own host for the live WebSocket.
    let basePolicy: String

    init(tileURLs: [String]) {
        basePolicy = Self.policy(tileOrigins: tileURLs.compactMap(Self.origin(ofTileURL:)))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = basePolicy + "; " + Self.connectSource(host: request.head.authority)
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.xFrameOptions] = "DENY"
        response.headers[.referrerPolicy] = "strict-origin-when-cross-origin"
        response.headers[.crossOriginOpenerPolicy] = "same-origin"
        response.headers[.permissionsPolicy] =
            "camera=(self), geolocation=(self), microphone=(), accelerometer=(self), gyroscope=(self), magnetometer=(self)"
        return response
    }

    /// Scripts, styles and workers from this origin only; pictures also from the tile servers and
    /// from `data:`/`blob:` (three.js textures, camera frames); no plugins, no `<base>`, no framing.
    static func policy(tileOrigins: [String]) -> String {
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            (["img-src 'self' data: blob:"] + Array(Set(tileOrigins)).sorted()).joined(separator: " "),
            "media-src 'self' blob:",
            "worker-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// `'self'` covers same-origin WebSockets only in newer browsers, so the page's own host is named too.
    static func connectSource(host: String?) -> String {
        guard let host, !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:[]".contains($0) }) else {
            return "connect-src 'self'"
        }
        return "connect-src 'self' ws://\(host) wss://\(host)"
    }

    /// `https://tile.example.org` from `https://tile.example.org/{z}/{x}/{y}.png`; a `{s}` subdomain
    /// becomes a wildcard. Nil for `none` or anything that is not an http(s) URL.
    static func origin(ofTileURL url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "https" || scheme == "http" else { return nil }
        let rest = url[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" }.replacingOccurrences(of: "{s}", with: "*")
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:*".contains($0) }) else { return nil }
        return "\(scheme)://\(host)"
    }
}

extension HTTPField.Name {
    static let contentSecurityPolicy = Self("Content-Security-Policy")!
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let crossOriginOpenerPolicy = Self("Cross-Origin-Opener-Policy")!
    static let permissionsPolicy = Self("Permissions-Policy")!
}
