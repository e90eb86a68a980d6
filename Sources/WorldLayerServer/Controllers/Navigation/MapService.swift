import Foundation
import WorldLayerCore
import WorldLayerRouting
import WorldLayerStore

/// The walking router and the place search index, built from the store and rebuilt when
/// an import or an admin's edit bumps their version — on whichever server made the change,
/// since every server reads the version from the shared database.
actor MapService {
    let store: Store
    private var router: (version: Int64, router: WalkingRouter)?
    private var search: (version: Int64, index: PlaceSearchIndex)?

    init(store: Store) { self.store = store }

    func currentRouter() async throws -> WalkingRouter {
        let version = try await store.mapVersions().network
        if let router, router.version == version { return router.router }
        let built = WalkingRouter(walkways: try await store.walkways())
        router = (version, built)
        return built
    }

    func searchIndex() async throws -> PlaceSearchIndex {
        let version = try await store.mapVersions().places
        if let search, search.version == version { return search.index }
        let index = PlaceSearchIndex(try await store.allPlaces())
        search = (version, index)
        return index
    }
}
