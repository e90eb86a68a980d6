import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import Metrics
import NIOCore
import NIOSSL
import Prometheus
import ServiceLifecycle
import WorldLayerServices
import WorldLayerStore

/// Builds the whole server: opens and migrates the store before any traffic, then
/// wires the router. `worldlayer serve` and the end-to-end tests call this same function.
/// `onListening` learns the port once the server accepts connections (the one it chose, given port 0).
public func buildApplication(
    _ configuration: ServerConfiguration, logger: Logger? = nil, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    var logger = logger ?? Logger(label: "worldlayer")
    logger.logLevel = configuration.logLevel
    let store = try Store.open(
        configuration.database, logger: logger, clock: configuration.clock, notifiesOnCommit: configuration.liveSignal == .database,
        postgresConnections: configuration.databaseConnections)
    let applied = try await store.migrate()
    if !applied.isEmpty { logger.info("applied migrations \(applied) to \(configuration.database)") }
    // After the migrations, which may rightly take long on a large database.
    store.connectionDeadline = configuration.databaseTimeout
    let installed = try await BuiltinTemplates.install(into: store)
    logger.debug("template library has \(installed.count) built-in templates")
    if !installed.taken.isEmpty {
        logger.warning("built-in templates left out: people's templates hold their ids", metadata: ["ids": "\(installed.taken)"])
    }
    if configuration.residentSpots {
        let start = ContinuousClock.now
        if let count = try await store.nearby.keepResident() {
            logger.info("kept \(count) stickers' places in memory for nearby searches (\(ContinuousClock.now - start))")
        }
    }
    let hub = LiveHub(store: store, logger: logger, longPollLimits: configuration.longPollLimits)
    let views = ViewTally()
    // Every server of a site signs pushes with one key pair, made by the first to start.
    let pushKey = try VAPIDKey(stored: try await store.serverKey(named: "vapid", orMake: { VAPIDKey().stored }))
    let sockets = SocketCounter(shared: store.engine == .postgres ? store.liveSocketCounts : nil)
    let lease = MaintenanceLease(store: store, lease: configuration.maintenanceLease, port: configuration.port, logger: logger)
    let signalStatus = LiveSignalStatus()
    let (router, _) = buildRouter(
        store: store, configuration: configuration, hub: hub, views: views, pushKey: pushKey, sockets: sockets, lease: lease,
        signalStatus: signalStatus)
    var app = Application(
        router: router,
        server: try serverBuilder(
            router: router, tls: configuration.tls, limits: configuration.connectionLimits, trustedProxies: configuration.trustedProxies),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "WorldLayer",
            availableConnectionsDelegate: MaximumAvailableConnections(configuration.connectionLimits.resolvedTotal, logger: logger)),
        onServerRunning: { channel in await onListening(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
    // Services stop in reverse order: live updates and maintenance before the store closes.
    app.addServices(
        StoreService(store: store),
        LiveService(
            store: store, hub: hub, pollInterval: configuration.livePollInterval, signal: configuration.liveSignal, status: signalStatus,
            logger: logger),
        MaintenanceService(
            store: store, hub: hub, views: views, policy: configuration.retention, interval: configuration.maintenanceInterval,
            expiryInterval: configuration.expiryInterval, library: configuration.mediaLibrary,
            sweep: configuration.mediaSweep, sockets: sockets, lease: lease, logger: logger),
        PushService(
            sender: PushSender(store: store, key: pushKey, contact: configuration.pushContact, logger: logger), store: store,
            interval: configuration.pushInterval, logger: logger))
    return app
}

/// HTTP/1.1 with WebSocket upgrades, over TLS when given certificates, each connection guarded by
/// `limits` (``ConnectionGuard`` inside TLS, Hummingbird's idle timer after the first head). Not
/// HTTP/2: Hummingbird's HTTP/2 channel falls back to plain HTTP/1.1 without WebSocket upgrades, and
/// the live socket needs them; in production Caddy in front speaks HTTP/2 and HTTP/3 to browsers
/// (deploy/Caddyfile).
func serverBuilder(router: Router<AppRequestContext>, tls: TLSFiles?, limits: ConnectionLimits, trustedProxies: Set<String>) throws
    -> HTTPServerBuilder
{
    let tlsConfiguration = try tls.map { tls in
        let chain = try NIOSSLCertificate.fromPEMFile(tls.certificateChain.path).map { NIOSSLCertificateSource.certificate($0) }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain, privateKey: .privateKey(try NIOSSLPrivateKey(file: tls.privateKey.path, format: .pem)))
        configuration.applicationProtocols = ["http/1.1"]
        return configuration
    }
    let connections = OpenConnections(perAddress: limits.perAddress, unlimited: trustedProxies)
    let webSocketResponder = router.buildResponder()
    return HTTPServerBuilder { responder in
        let http = HTTP1WebSocketUpgradeChannel(
            responder: responder, webSocketResponder: webSocketResponder,
            configuration: .init(
                http1: .init(
                    additionalChannelHandlers: [MalformedRequestHandler(), HangUpHandler()], idleTimeout: TimeAmount(limits.idleTimeout)),
                ws: .init(autoPing: .enabled(timePeriod: limits.webSocketPingInterval), closeTimeout: limits.webSocketCloseTimeout)))
        let guarded = GuardedChildChannel(base: http, connections: connections, firstRequestTimeout: limits.firstRequestTimeout)
        guard let tlsConfiguration else { return guarded }
        return try TLSChannel(guarded, tlsConfiguration: tlsConfiguration)
    }
}

/// The router with every route, and the table of what it registered.
func buildRouter(
    store: Store, configuration: ServerConfiguration, hub: LiveHub, views: ViewTally = ViewTally(), pushKey: VAPIDKey = VAPIDKey(),
    sockets: SocketCounter = SocketCounter(), lease: MaintenanceLease? = nil, signalStatus: LiveSignalStatus = LiveSignalStatus()
) -> (
    Router<AppRequestContext>, RouteTable
) {
    let router = Router(context: AppRequestContext.self)
    let table = RouteTable()
    // Outermost, so that a span covers the whole answer and sees the status the client got.
    if configuration.tracing { router.add(middleware: TraceMiddleware()) }
    router.add(
        middleware: SecurityHeadersMiddleware(tileURLs: [configuration.tileURL] + [configuration.satelliteTileURL].compactMap { $0 }))
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ErrorMiddleware(routes: table))
    router.add(middleware: ClientAddressMiddleware(trustedProxies: configuration.trustedProxies))
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: CompressionMiddleware())
    if let web = configuration.webDirectory {
        // The browser client: its own files re-checked on every load (no build step, so no
        // hashed names: an unchanged file is a 304 by its ETag), the system's libraries cached
        // for a week. Only what no route answers.
        router.add(
            middleware: FileMiddleware(web.path, cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true))
        router.add(
            middleware: FileMiddleware(
                configuration.vendorDirectory.path, urlBasePath: "/vendor",
                cacheControl: .init([(MediaType(type: .any), [.maxAge(7 * 86_400)])])))
    }
    router.add(middleware: AuthenticationMiddleware(store: store))
    let routes = Routes(router: router, table: table)
    OperationsController(
        engine: store.engine, ping: store.ping, metrics: MetricsBootstrap.registry, isMetricsPublic: configuration.publicMetrics,
        media: configuration.mediaLibrary, drain: configuration.drain, liveSignal: signalStatus,
        gauges: { [drain = configuration.drain] in
            let live = await hub.load()
            let nearby = store.nearbyMemory
            return [
                "worldlayer_nearby_resident_stickers": Double(nearby.residentStickers),
                "worldlayer_sticker_cache_entries": Double(nearby.cachedStickers),
                "worldlayer_db_connections_in_use": Double(store.connectionsInUse),
                "worldlayer_live_subscribers": Double(live.subscribers), "worldlayer_live_cells_followed": Double(live.cells),
                "worldlayer_live_topics_followed": Double(live.topics), "worldlayer_draining": drain.isDraining ? 1 : 0,
                "worldlayer_maintenance_lease_held": lease?.isHeld == true ? 1 : 0,
                "worldlayer_live_signal_connected": signalStatus.connected == false ? 0 : 1,
            ]
        }
    ).register(routes)
    let accounts = AccountService(store: store, bcryptCost: configuration.bcryptCost)
    // Servers sharing PostgreSQL count failed logins and passkeys in it: a guesser's budget does not
    // grow with the servers. The embedded default (one process) counts in memory.
    let sharedFailures = store.engine == .postgres ? store.failedAttempts : nil
    // And the request limits the same way, each under its name in the one table.
    let limit = { (rate: RateLimiter.Rate, name: String) in
        RateLimiter(rate, shared: store.engine == .postgres ? store.rateBuckets : nil, name: name)
    }
    let mail = AccountMail(
        accounts: store.accounts, sender: configuration.mailSender, from: configuration.mailFrom, publicURL: configuration.publicURL,
        clock: store.clock, logger: Logger(label: "worldlayer.mail"))
    AccountController(
        accounts: store.accounts, ads: store.ads, clock: store.clock, service: accounts, hasher: accounts.hasher,
        limiter: AttemptLimiter(limits: configuration.loginLimits, shared: sharedFailures),
        signUps: limit(configuration.signUpRate, "sign-ups"),
        sessionLifetime: configuration.sessionLifetime, mail: mail
    ).register(routes)
    AccountEmailController(accounts: store.accounts, mail: mail, hasher: accounts.hasher, mailings: limit(configuration.mailRate, "mail"))
        .register(routes)
    StickerController(
        accounts: store.accounts, changes: store.changes, community: store.community,
        editing: StickerEditing(stickers: store.stickers, clock: store.clock),
        nearby: store.nearby, stickers: store.stickers, views: views
    ).register(routes)
    ChangesController(
        accounts: store.accounts, changes: store.changes, clock: store.clock, community: store.community, nearby: store.nearby,
        bell: hub.bell
    ).register(
        routes)
    TemplateController(blobs: store.blobs, templates: store.templates).register(routes)
    ZoneController(zones: store.zones).register(routes)
    WorldmapController(
        accounts: store.accounts, blobs: store.blobs, worldmaps: store.worldmaps,
        invites: WorldmapInvites(worldmaps: store.worldmaps, clock: store.clock),
        uploadBytes: limit(configuration.uploadRate, "upload-bytes")
    ).register(routes)
    BlockController(accounts: store.accounts).register(routes)
    SocialController(accounts: store.accounts, community: store.community).register(routes)
    FeedController(accounts: store.accounts, clock: store.clock, community: store.community, nearby: store.nearby, views: views).register(
        routes)
    SuspensionController(accounts: store.accounts, suspensions: Suspensions(accounts: store.accounts, clock: store.clock)).register(routes)
    NotificationController(notifications: store.notifications, pushKey: pushKey.publicKey).register(routes)
    ModerationController(
        ads: store.ads, moderating: Moderation(accounts: store.accounts, moderation: store.moderation), moderation: store.moderation,
        templates: store.templates
    ).register(routes)
    GroupController(groups: store.groups).register(routes)
    AdController(ads: store.ads, advertising: Advertising(ads: store.ads, templates: store.templates)).register(routes)
    FeedbackController(feedback: store.feedback, messages: limit(configuration.feedbackRate, "feedback")).register(routes)
    SharePageController(accounts: store.accounts, stickers: store.stickers, templates: store.templates).register(routes)
    LiveController(
        accounts: store.accounts, guidedTours: store.guidedTours, tours: store.tours, hub: hub,
        maximumQueuedBytes: configuration.liveMaximumQueuedBytes, sockets: sockets, drain: configuration.drain
    ).register(routes)
    let maps = MapService(store: store)
    PlaceController(blobs: store.blobs, clock: store.clock, places: store.places, maps: maps).register(routes)
    RouteController(places: store.places, maps: maps).register(routes)
    MapFeatureController(maps: maps, places: store.places).register(routes)
    MediaController(tours: store.tours, library: configuration.mediaLibrary).register(routes)
    StickerMediaController(
        accounts: store.accounts, stickers: store.stickers, library: configuration.mediaLibrary,
        uploads: limit(configuration.stickerMediaRate, "sticker-media"),
        quota: configuration.storageQuotas.clipBytesPerAccount
    ).register(routes)
    TourController(tours: store.tours, maps: maps, rule: configuration.stampRule).register(routes)
    let frames = limit(configuration.frameRate, "camera-frames")  // books' and scenes' camera frames, from one address
    BookController(books: store.books, recognizers: BookRecognizers(store: store), framesPerAddress: frames).register(routes)
    TourSignController(
        tours: store.tours, recognizers: TourSignRecognizers(library: configuration.mediaLibrary),
        framesPerAddress: frames
    ).register(routes)
    let sceneIndexes = SceneIndexes(store: store, byteBudget: configuration.sceneIndexBytes, buildRate: configuration.sceneIndexBuildRate)
    SceneController(
        accounts: store.accounts,
        anchoring: SceneAnchoring(
            scenes: store.scenes, zones: store.zones, clock: store.clock, quota: configuration.storageQuotas.sceneBytesPerAccount),
        blobs: store.blobs, scenes: store.scenes, stickers: store.stickers, indexes: sceneIndexes, framesPerAddress: frames
    ).register(routes)
    ClientConfigController(
        tileURL: configuration.tileURL, satelliteTileURL: configuration.satelliteTileURL,
        satelliteAttribution: configuration.satelliteAttribution
    ).register(routes)
    TrustController(authority: configuration.localAuthority).register(routes)
    GuidedTourController(
        clock: store.clock, groups: TourGroups(guidedTours: store.guidedTours, clock: store.clock), guidedTours: store.guidedTours,
        tours: store.tours, limiter: AttemptLimiter(limits: configuration.passkeyLimits, shared: sharedFailures),
        answerMail: TourAnswerMail(sender: configuration.mailSender, from: configuration.mailFrom, publicURL: configuration.publicURL)
    ).register(routes)
    return (router, table)
}

/// Closes the store's connections after the HTTP server has finished its requests.
struct StoreService: Service {
    let store: Store

    func run() async throws {
        try? await gracefulShutdown()
        try await store.close()
    }
}

/// swift-metrics can be bootstrapped once per process; every app in it shares the registry.
enum MetricsBootstrap {
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
}
