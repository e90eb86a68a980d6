import HTTPTypes
import Hummingbird

/// Registers routes on the router and records them in the route table in one step,
/// so the two can never disagree.
struct Routes {
    let router: Router<AppRequestContext>
    let table: RouteTable

    func on(
        _ method: HTTPRequest.Method, _ path: String,
        use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        table.add(method, path)
    }
}
