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
    /// The router of a network version: built (or being built) off the actor, once.
    private var router: (version: Int64, build: Task<BuiltRouter, any Error>)?
    private var search: (version: Int64, index: PlaceSearchIndex)?
    /// The walking network's version as last read, and when: read again at most every
    /// `networkRecheck`, not on every route (a database round trip that cost a route over HTTP
    /// about a sixth of its time). A network imported meanwhile is routed on within that long.
    private var network: (version: Int64, readAt: ContinuousClock.Instant)?
    static let networkRecheck: Duration = .seconds(1)

    struct BuiltRouter: Sendable {
        var router: WalkingRouter
        var walkways: [Walkway]
    }

    init(store: Store) { self.store = store }

    func currentRouter() async throws -> WalkingRouter {
        try await current().router
    }

    /// The walkways the router was built from (the browser map draws them when it has no tiles).
    func currentWalkways() async throws -> [Walkway] {
        try await current().walkways
    }

    /// Contraction takes a while (0.3 s on the demo city, ~14 s on a 656,100-vertex grid), so it runs
    /// in a task of its own: place searches need not wait behind it on this actor, and the route
    /// requests that arrive meanwhile share the one build. A failed build is forgotten, to be tried again.
    /// It starts on the first walk asked for, not when the server starts: a build still reading the
    /// store when the server stops would find it closed (a walk in flight holds the server open).
    private func current() async throws -> BuiltRouter {
        let version: Int64
        if let network, ContinuousClock.now - network.readAt < Self.networkRecheck {
            version = network.version
        } else {
            version = try await store.places.mapVersions().network
            network = (version, ContinuousClock.now)
        }
        if let router, router.version == version { return try await value(of: router.build) }
        let store = store
        let build = Task.detached(priority: .utility) {
            let walkways = try await store.places.walkways()
            return BuiltRouter(router: WalkingRouter(walkways: walkways), walkways: walkways)
        }
        router = (version, build)
        return try await value(of: build)
    }

    private func value(of build: Task<BuiltRouter, any Error>) async throws -> BuiltRouter {
        do {
            return try await build.value
        } catch {
            if router?.build == build { router = nil }
            throw error
        }
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
    /// Off the actor: routes are worked out side by side (the router lends each its own search space).
    nonisolated func walk(
        from: Coordinate, to: Coordinate, fromName: (id: String, name: String)? = nil, toName: (id: String, name: String)? = nil
    ) async throws -> Route {
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
