import Foundation
import HTTPTypes
import Hummingbird

/// Behind a reverse proxy every request comes from the proxy's address, so limits keyed on the
/// address would make all users share one budget. When the peer is one of the configured trusted
/// proxies, the client is the right-most address in `X-Forwarded-For` that is not itself a trusted
/// proxy (addresses left of that are the client's own claim and may be forged).
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let trustedProxies: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !trustedProxies.isEmpty, let peer = context.remoteAddress?.ipAddress, trustedProxies.contains(peer),
            let header = request.headers[values: .xForwardedFor].last
        else { return try await next(request, context) }
        let hops = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let client = hops.last(where: { !trustedProxies.contains($0) }) ?? hops.first else { return try await next(request, context) }
        var context = context
        context.forwardedFor = client
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
}
