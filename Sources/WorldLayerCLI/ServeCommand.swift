import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the HTTP server (stops gracefully on SIGINT or SIGTERM).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var media: MediaOptions
    @OptionGroup var mail: MailOptions
    @OptionGroup(title: "Traces") var traces: TraceOptions

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "bcrypt cost for new password hashes (4–31).")
    var bcryptCost: UInt8 = 12

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    @Option(help: "Days deleted and expired stickers stay archived (invisible, for moderation) before they are purged.")
    var archiveDays = 30.0

    @Option(help: "Days the live change log and old worldmap asset versions are kept.")
    var historyDays = 7.0

    @Option(help: "The browser client's folder, served at / (none when it does not exist).")
    var web = "Web"

    @Option(help: "Map tile URL template for the browser client ({z}/{x}/{y}); \"none\" draws only WorldLayer's own map data.")
    var tiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

    @Option(help: "Aerial or satellite imagery tile URL template ({z}/{x}/{y}), offered as the map's satellite style.")
    var satelliteTiles: String?

    @Option(help: "Who the satellite imagery is from, shown on the map (with --satellite-tiles).")
    var satelliteAttribution: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help: "Address of a reverse proxy whose X-Forwarded-For names the client (repeatable); rate limits then key on the client.")
    var trustedProxies: [String] = []

    @Flag(help: "Serve /metrics to anyone (default: only to loopback clients and admins).")
    var publicMetrics = false

    @Flag(
        help:
            "On an SQLite file, search nearby in SQL rather than in memory (~165 MiB a million stickers, read at start)."
    )
    var nearbyInSql = false

    @Option(help: "Serve HTTPS with this PEM certificate chain (with --tls-key).")
    var tlsCertificate: String?

    @Option(help: "The PEM private key of --tls-certificate.")
    var tlsKey: String?

    @Option(
        help:
            "Serve HTTPS with a certificate authority of this machine's own, kept in this folder (e.g. ./data/tls), for phones on the network; /trust explains how to trust it."
    )
    var tlsLocal: String?

    @Option(
        help:
            "How servers sharing one PostgreSQL tell each other about live changes: \"database\" (LISTEN/NOTIFY) or a NATS server, nats://host:port."
    )
    var liveSignal = "database"

    @Option(
        help:
            "Seconds between a stop signal and the listener closing, while /health/ready answers 503 and live sockets are sent elsewhere (a balancer's health check sees it; 5 behind Caddy's, 0 alone). The process ends within 20 s of the signal whatever its clients do."
    )
    var drainDelay: Double = 0

    @Option(
        help:
            "PostgreSQL connections this server may hold in all (default: eight per core); with several servers, keep their sum under the database's max_connections."
    )
    var databaseConnections: Int?

    @Option(
        help:
            "Seconds one piece of work may hold a PostgreSQL connection before it fails with 503 and the connection is closed (a query stranded on a dropped connection does not hold its request for ever)."
    )
    var databaseTimeout: Double = 30

    @Option(
        help:
            "Seconds a server's claim on the site's maintenance (ending expired stickers, purges, the media sweep) lasts unrenewed: of several servers one runs it, and when that one dies another takes over within this long."
    )
    var maintenanceLease: Double = 15

    func validate() throws {
        guard databaseTimeout.isFinite, (1...3600).contains(databaseTimeout) else {
            throw ValidationError("--database-timeout must be 1 to 3600 seconds")
        }
        guard maintenanceLease.isFinite, (2...600).contains(maintenanceLease) else {
            throw ValidationError("--maintenance-lease must be 2 to 600 seconds")
        }
        guard drainDelay.isFinite, (0...15).contains(drainDelay) else { throw ValidationError("--drain-delay must be 0 to 15 seconds") }
        if let databaseConnections, !(1...1_000).contains(databaseConnections) {
            throw ValidationError("--database-connections must be 1 to 1000")
        }
        do { _ = try LiveSignal(parsing: liveSignal) } catch { throw ValidationError("--live-signal: \(error)") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (4...31).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be between 4 and 31") }
        guard archiveDays >= 0, historyDays > 0, archiveDays.isFinite, historyDays.isFinite else {
            throw ValidationError("--archive-days must be 0 or more and --history-days more than 0")
        }
        guard (tlsCertificate == nil) == (tlsKey == nil) else { throw ValidationError("--tls-certificate and --tls-key go together") }
        guard tlsLocal == nil || tlsCertificate == nil else { throw ValidationError("use --tls-local or --tls-certificate, not both") }
        for (option, file) in [("--tls-certificate", tlsCertificate), ("--tls-key", tlsKey)] {
            if let file, !FileManager.default.isReadableFile(atPath: file) { throw ValidationError("cannot read \(option) \(file)") }
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }

    func run() async throws {
        if let problem = await ListeningPort.problem(host: host, port: port) { throw CommandFailure(problem) }
        ConnectionLimits.raiseOpenFileLimit()
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.database = database.url
        let library = try media.library()
        configuration.mediaDirectory = library.root
        configuration.mediaBucket = library.bucket
        configuration.bcryptCost = bcryptCost
        configuration.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        configuration.residentSpots = !nearbyInSql
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: web, isDirectory: &isFolder), isFolder.boolValue {
            configuration.webDirectory = URL(fileURLWithPath: web)
        }
        configuration.tileURL = tiles
        configuration.satelliteTileURL = satelliteTiles
        configuration.satelliteAttribution = satelliteAttribution
        configuration.trustedProxies = Set(trustedProxies)
        configuration.publicMetrics = publicMetrics
        configuration.liveSignal = try LiveSignal(parsing: liveSignal)
        if let tlsCertificate, let tlsKey {
            configuration.tls = TLSFiles(certificateChain: URL(fileURLWithPath: tlsCertificate), privateKey: URL(fileURLWithPath: tlsKey))
        }
        var addresses: [String] = []
        if let tlsLocal {
            let local = LocalCertificates(folder: URL(fileURLWithPath: tlsLocal))
            do {
                addresses = try local.prepare(names: LocalCertificates.machineNames())
            } catch {
                throw CommandFailure("cannot make the local certificates in \(tlsLocal): \(error)")
            }
            configuration.tls = TLSFiles(certificateChain: local.serverCertificate, privateKey: local.serverKey)
            configuration.localAuthority = local
        }
        configuration.mailSender = mail.sender
        configuration.mailFrom = mail.mailFrom
        configuration.publicURL = mail.configuredPublicURL ?? "\(configuration.tls == nil ? "http" : "https")://localhost:\(port)"
        configuration.databaseConnections = databaseConnections
        configuration.maintenanceLease = maintenanceLease
        configuration.databaseTimeout = .milliseconds(Int(databaseTimeout * 1000))
        configuration.drain = ServerDrain(delay: .milliseconds(Int(drainDelay * 1000)), logger: Logger(label: "worldlayer.drain"))
        configuration.retention = RetentionPolicy(
            archive: archiveDays * 86_400, events: historyDays * 86_400, assetVersions: historyDays * 86_400)
        let exporter = traces.start(version: "\(WorldLayerVersion.current)")
        configuration.tracing = exporter != nil
        let app: any ApplicationProtocol
        do {
            app = try await buildApplication(configuration)
        } catch {
            throw CommandFailure("cannot start: \(error)")
        }
        if configuration.localAuthority != nil {
            PhoneInvitation.print(
                host: host, port: port, addresses: addresses, fingerprint: try? configuration.localAuthority?.authorityFingerprint())
        }
        // One group, shut down in reverse order: the drain is told first (ServerDrain), the trace
        // exporter last, so that it sends the spans of the requests answered while draining.
        let services: [any Service] = (exporter.map { [$0] } ?? []) + [app, configuration.drain]
        let group = ServiceGroup(
            configuration: .init(
                services: services.map { .init(service: $0) }, gracefulShutdownSignals: [.sigterm, .sigint],
                logger: Logger(label: "worldlayer")))
        try await group.run()
    }
}

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Bring the database schema up to date (serve does this at start too).")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let (store, applied) = try await database.openAndMigrate()
        try await store.close()
        print(
            applied.isEmpty
                ? "schema is up to date (version \(Store.schemaVersion))"
                : "applied migrations \(applied.map(String.init).joined(separator: ", ")); schema version \(Store.schemaVersion)")
    }
}
