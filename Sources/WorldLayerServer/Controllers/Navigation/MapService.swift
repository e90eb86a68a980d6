import Foundation
import HTTPTypes
import WorldLayerCore
import WorldLayerGeo
import WorldLayerRouting
import WorldLayerStore

/// The walking router and the place search index, built from the store and rebuilt when
/// an import or an admin's edit bumps their version — on whichever server made the change,
/// since every server reads the version from the shared database.
actor MapService {
    let store: Store
    private var router: (version: Int64, router: WalkingRouter, walkways: [Walkway])?
    private var search: (version: Int64, index: PlaceSearchIndex)?

    init(store: Store) { self.store = store }

    func currentRouter() async throws -> WalkingRouter {
        try await current().router
    }

    /// The walkways the router was built from (the browser map draws them when it has no tiles).
    func currentWalkways() async throws -> [Walkway] {
        try await current().walkways
    }

    private func current() async throws -> (router: WalkingRouter, walkways: [Walkway]) {
        let version = try await store.places.mapVersions().network
        if let router, router.version == version { return (router.router, router.walkways) }
        let walkways = try await store.places.walkways()
        let built = WalkingRouter(walkways: walkways)
        router = (version, built, walkways)
        return (built, walkways)
    }

    func searchIndex() async throws -> PlaceSearchIndex {
        let version = try await store.places.mapVersions().places
        if let search, search.version == version { return search.index }
        let index = PlaceSearchIndex(try await store.places.all())
        search = (version, index)
        return index
    }
}

extension MapService {
    /// A walking route, with routing's failures as the API's errors.
    func walk(from: Coordinate, to: Coordinate, fromName: (id: String, name: String)? = nil, toName: (id: String, name: String)? = nil)
        async throws -> Route
    {
        let router = try await currentRouter()
        do {
            return try router.route(from: from, to: to, fromName: fromName, toName: toName)
        } catch {
            switch error {
            case .noNetwork: throw APIError(.noNetwork, message: error.description)
            case .farFromPaths: throw APIError(.farFromPaths, message: error.description)
            case .disconnected: throw APIError(.noRoute, message: error.description)
            }
        }
    }
}
