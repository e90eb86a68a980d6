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

    /// Methods registered for paths matching a concrete request path.
    func methods(matching requestPath: String) -> [HTTPRequest.Method] {
        let parts = requestPath.split(separator: "/", omittingEmptySubsequences: true)
        return routes.filter { route in
            let pattern = route.path.split(separator: "/", omittingEmptySubsequences: true)
            return pattern.count == parts.count && zip(pattern, parts).allSatisfy { p, s in p.hasPrefix("{") || p == s }
        }.map(\.method)
    }
}
