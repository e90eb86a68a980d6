import HTTPTypes

/// Every route the server answers, as registered: the source for 405 answers and
/// for the test that keeps `openapi.yaml` and the router in step.
public final class RouteTable: @unchecked Sendable {
    public struct Route: Hashable, Sendable {
        public let method: HTTPRequest.Method
        /// Path with `{name}` placeholders, as OpenAPI writes them.
        public let path: String
    }

    public private(set) var routes: [Route] = []

    func add(_ method: HTTPRequest.Method, _ path: String) {
        routes.append(Route(method: method, path: path))
    }

    /// Methods of the route path the router would choose for a concrete request path: where a
    /// literal segment and a `{parameter}` both match (`/v1/ads/nearby`, `/v1/ads/{id}`), the literal
    /// wins, as in the router. Each method once.
    func methods(matching requestPath: String) -> [HTTPRequest.Method] {
        let parts = requestPath.split(separator: "/", omittingEmptySubsequences: true)
        // Per segment, whether the pattern names it literally; compared left to right.
        func literals(_ path: String) -> [Bool]? {
            let pattern = path.split(separator: "/", omittingEmptySubsequences: true)
            guard pattern.count == parts.count, zip(pattern, parts).allSatisfy({ p, s in p.hasPrefix("{") || p == s }) else { return nil }
            return pattern.map { !$0.hasPrefix("{") }
        }
        let matching = routes.compactMap { route in literals(route.path).map { (route, $0) } }
        guard let best = matching.map(\.1).max(by: { a, b in a.lexicographicallyPrecedes(b) { !$0 && $1 } }) else { return [] }
        var methods: [HTTPRequest.Method] = []
        for (route, rank) in matching where rank == best && !methods.contains(route.method) { methods.append(route.method) }
        return methods
    }
}
