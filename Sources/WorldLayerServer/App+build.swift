import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import WorldLayerStore

/// Builds the whole server: opens and migrates the store before any traffic, then
/// wires the router. `worldlayer serve` and the end-to-end tests call this same function.
public func buildApplication(_ configuration: ServerConfiguration, logger: Logger? = nil) async throws -> some ApplicationProtocol {
    var logger = logger ?? Logger(label: "worldlayer")
    logger.logLevel = configuration.logLevel
    let store = try Store.open(configuration.database, logger: logger)
    let applied = try await store.migrate()
    if !applied.isEmpty { logger.info("applied migrations \(applied) to \(configuration.database)") }
    let (router, _) = buildRouter(store: store, configuration: configuration)
    var app = Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "WorldLayer"),
        logger: logger)
    app.addServices(StoreService(store: store))
    return app
}

/// The router with every route, and the table of what it registered.
public func buildRouter(store: Store, configuration: ServerConfiguration) -> (Router<AppRequestContext>, RouteTable) {
    let router = Router(context: AppRequestContext.self)
    let table = RouteTable()
    router.add(middleware: ErrorMiddleware(routes: table))
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: AuthenticationMiddleware(store: store))
    let routes = Routes(router: router, table: table)
    OperationsController(store: store, metrics: MetricsBootstrap.registry).register(routes)
    let accounts = AccountService(store: store, bcryptCost: configuration.bcryptCost)
    AccountController(
        store: store, accounts: accounts, hasher: accounts.hasher,
        limiter: LoginRateLimiter(limits: configuration.loginLimits), sessionLifetime: configuration.sessionLifetime
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
