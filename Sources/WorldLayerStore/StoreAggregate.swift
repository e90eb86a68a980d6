import Foundation
import Logging
import PostgresKit
import SQLKit
import WorldLayerCore

/// One aggregate's queries (stickers, accounts, tours…) on the shared database handle, ``Store``.
/// Each aggregate is a small value made on demand; the handle holds the connections and caches.
protocol StoreAggregate: Sendable {
    var store: Store { get }
}

extension StoreAggregate {
    var engine: Store.Engine { store.engine }
    var clock: WallClock { store.clock }
    var logger: Logger { store.logger }

    // The caller's function and file name the database span (`Store.spanName`).
    func withConnection<R: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> R, function: String = #function, file: String = #fileID
    ) async throws -> R {
        try await store.withConnection(body, function: function, file: file)
    }

    func withConnection<R: Sendable>(
        native body: @escaping @Sendable (any SQLDatabase, Store.NativeConnection) async throws -> R, function: String = #function,
        file: String = #fileID
    ) async throws -> R {
        try await store.withConnection(native: body, function: function, file: file)
    }

    func transaction<R: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> R, function: String = #function, file: String = #fileID
    ) async throws -> R {
        try await store.transaction(body, function: function, file: file)
    }

    func lock<Entity>(_ row: Store.LockedRow, id: TypedID<Entity>, on db: any SQLDatabase) async throws {
        try await store.lock(row, id: id, on: db)
    }
}

extension Store {
    public var accounts: AccountStore { AccountStore(store: self) }
    public var stickers: StickerStore { StickerStore(store: self) }
    public var nearby: NearbySearch { NearbySearch(store: self) }
    public var changes: ChangeLog { ChangeLog(store: self) }
    public var templates: TemplateStore { TemplateStore(store: self) }
    public var zones: ZoneStore { ZoneStore(store: self) }
    public var worldmaps: WorldmapStore { WorldmapStore(store: self) }
    public var community: CommunityStore { CommunityStore(store: self) }
    public var groups: GroupStore { GroupStore(store: self) }
    public var moderation: ModerationStore { ModerationStore(store: self) }
    public var ads: AdStore { AdStore(store: self) }
    public var feedback: FeedbackStore { FeedbackStore(store: self) }
    public var places: PlaceStore { PlaceStore(store: self) }
    public var tours: TourStore { TourStore(store: self) }
    public var guidedTours: GuidedTourStore { GuidedTourStore(store: self) }
    public var books: BookStore { BookStore(store: self) }
    public var blobs: BlobStore { BlobStore(store: self) }
    public var scenes: SceneStore { SceneStore(store: self) }
}
