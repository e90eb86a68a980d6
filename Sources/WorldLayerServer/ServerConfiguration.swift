import Foundation
import Logging
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

/// Everything `worldlayer serve` can be told, with the defaults a single campus needs.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var database = DatabaseURL.embeddedDefault
    /// bcrypt work factor; each step doubles the cost of guessing a password.
    public var bcryptCost: UInt8 = 12
    /// How long a login lasts without logging in again.
    public var sessionLifetime: TimeInterval = 30 * 24 * 3600
    public var loginLimits = AttemptLimiter.Limits()
    /// Wrong passkeys allowed per tour from one address, per address, and per tour from everywhere (a
    /// tour's keys are 8 symbols of 23, so guessing one at this rate takes longer than any group lasts).
    /// Past the last, only addresses that guessed wrong wait: the group's own phones still get in.
    public var passkeyLimits = AttemptLimiter.Limits(perSubject: 10, perAddress: 10, perSubjectFromAll: 30, window: 15 * 60)
    /// New accounts per client address: enough for a family or a classroom behind one router.
    public var signUpRate = RateLimiter.Rate(perSecond: 20.0 / 3600, burst: 20)
    /// Feedback messages per client address: a person rarely writes more than a few an hour.
    public var feedbackRate = RateLimiter.Rate.count(10, per: 3600)
    /// Sounds and videos uploaded for stickers, per account.
    public var stickerMediaRate = RateLimiter.Rate.count(30, per: 3600)
    /// Bytes of worldmap assets (snapshots, device maps) per account: 64 MB an hour.
    public var uploadRate = RateLimiter.Rate(perSecond: Double(64 << 20) / 3600, burst: Double(64 << 20))
    /// Camera frames sent for recognition per client address: a phone sends a few a second.
    public var frameRate = RateLimiter.Rate(perSecond: 10, burst: 20)
    /// Bytes of scene indexes kept in memory for `locate` (one per ~200 m block with scenes);
    /// the least recently used are dropped first.
    public var sceneIndexBytes = 256 << 20
    /// Scene indexes built (not found ready) per client address and per account: a phone walking
    /// needs a new one every ~200 m.
    public var sceneIndexBuildRate = RateLimiter.Rate.count(30, per: 60)
    /// Timeouts on slow or idle connections, and connections held per client address and in all.
    public var connectionLimits = ConnectionLimits()
    /// Long polls (`GET /v1/changes?wait=…`) held at once per client address and per account.
    public var longPollLimits = LongPollLimits()
    /// Bytes each account may keep in sticker clips and in scene pictures.
    public var storageQuotas = StorageQuotas()
    /// How often the media library is swept of files nothing refers to, and how long such a file is kept first.
    public var mediaSweep = MediaSweep()
    /// Where media files (tour audio, photos, video, models) are kept.
    public var mediaDirectory = URL(fileURLWithPath: "./data/media")
    /// Where media are kept for good when several servers share them; `mediaDirectory` is then this server's cache.
    public var mediaBucket: S3Bucket? = nil
    /// The media library these settings describe.
    public var mediaLibrary: MediaLibrary { MediaLibrary(root: mediaDirectory, bucket: mediaBucket) }
    /// The browser client's files, served at `/`; nil serves no client.
    public var webDirectory: URL? = nil
    /// Where Debian installs JavaScript libraries (`libjs-leaflet`, `libjs-three`), served at `/vendor/`.
    public var vendorDirectory = URL(fileURLWithPath: "/usr/share/javascript")
    /// Map tiles the browser client draws under its layers; `{z}/{x}/{y}` as Leaflet takes them.
    public var tileURL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    /// Aerial or satellite imagery tiles (`{z}/{x}/{y}`), offered as a map style when set.
    public var satelliteTileURL: String?
    /// Who the imagery is from, shown on the map (required by every imagery licence).
    public var satelliteAttribution: String?
    /// When position reports stamp a tour's stops.
    public var stampRule = StampRule()
    /// What time it is for every rule that depends on time; tests give a clock they move themselves.
    public var clock = WallClock.system
    public var logLevel: Logger.Level = .info
    /// How long deleted and expired stickers, old log entries and old asset versions are kept.
    public var retention = RetentionPolicy()
    /// How often purging runs (and, as a safety net, live subscribers' sessions are checked).
    public var maintenanceInterval: Duration = .seconds(30)
    /// How often stickers whose timer ran out are ended: they leave open screens within about this long.
    public var expiryInterval: Duration = .seconds(1)
    /// How long a server's claim on the site's maintenance lasts unrenewed: when the server running
    /// it dies, another takes it over within about this long (expired stickers end that much late).
    public var maintenanceLease: TimeInterval = 15
    /// How often the live hub re-reads the log even without a signal (a missed NOTIFY, another SQLite process).
    public var livePollInterval: Duration = .seconds(2)
    /// Bytes a live socket may have waiting beyond its kernel buffer before it is closed with 1013 and
    /// its client resumes with `since`: one slow phone never holds the others back.
    public var liveMaximumQueuedBytes = 512 << 10
    /// Where the server's mail goes (password resets, address checks): a folder of `.eml` files by default.
    public var mailSender: any MailSender = EMLFolderSender(folder: URL(fileURLWithPath: "./data/mail"))
    /// Whom the server's mail is from.
    public var mailFrom = "WorldLayer <noreply@localhost>"
    /// The site's address as people open it, for links in mail (never taken from a request's Host header,
    /// which a client chooses).
    public var publicURL = "http://localhost:8080"
    /// What a stop signal does (readiness 503, live sockets closed, a deadline): `serve` runs it beside the app.
    public var drain = ServerDrain()
    /// Mailed links per client address (password resets asked for, verifications resent).
    public var mailRate = RateLimiter.Rate(perSecond: 10.0 / 3600, burst: 10)
    /// How often owed Web Push messages are looked for and sent.
    public var pushInterval: Duration = .seconds(1)
    /// Who push services may contact about this server (VAPID's `sub`): a mailto: or https: URL.
    public var pushContact = "mailto:webmaster@localhost"
    /// How servers sharing a PostgreSQL database tell each other that they committed live changes.
    public var liveSignal = LiveSignal.database
    /// Whether a server on an SQLite file keeps every sticker's place and audience in memory, where its
    /// nearby searches then run (~165 MiB a million stickers, read at start); off, they run in SQL.
    public var residentSpots = true
    /// Pooled PostgreSQL connections this server may hold in all (nil: eight per core).
    public var databaseConnections: Int?
    /// How long one piece of work may hold a PostgreSQL connection before it fails as unavailable
    /// (503) and the connection is closed: a query left waiting on a dropped connection does not
    /// hold its request for ever (``ConnectionDeadline``).
    public var databaseTimeout: Duration = .seconds(30)

    /// HTTPS: PEM files of the certificate chain and its key; nil serves plain HTTP.
    public var tls: TLSFiles? = nil
    /// The local certificate authority behind `tls`, when the server made its own (served at `/trust`).
    public var localAuthority: LocalCertificates? = nil
    /// Reverse proxies whose `X-Forwarded-For` is believed (see `ClientAddressMiddleware`).
    public var trustedProxies: Set<String> = []
    /// Whether `/metrics` answers anyone, not only loopback clients and admins.
    public var publicMetrics = false
    /// Whether each request gets a server span (`TraceMiddleware`); the tracer itself is the
    /// process's, bootstrapped by `serve` when an OTLP endpoint is given.
    public var tracing = false

    public init() {}
}

/// The path by which a commit on one server wakes the live hubs of the others.
public enum LiveSignal: Sendable, Equatable {
    /// PostgreSQL's `LISTEN`/`NOTIFY` (nothing to run besides the database; on SQLite there is one process).
    case database
    /// A NATS server at this address (`nats://host:port`), taking the signal off the database.
    case nats(host: String, port: Int)

    /// Reads `database`, or `nats://host[:port]` (port 4222 when not given).
    public init(parsing text: String) throws {
        if text == "database" {
            self = .database
            return
        }
        // No user, password or token: the client does not sign in, so a server that wants it would refuse every time.
        guard let url = URL(string: text), url.scheme == "nats", let host = url.host, !host.isEmpty, url.path.isEmpty || url.path == "/",
            url.user == nil, url.password == nil, url.query == nil, (1...65535).contains(url.port ?? 4222)
        else { throw LiveSignalError(text: text) }
        self = .nats(host: host, port: url.port ?? 4222)
    }
}

public struct LiveSignalError: Error, CustomStringConvertible {
    let text: String
    public var description: String { "a live signal is database or looks like nats://127.0.0.1:4222 (no credentials), not \(text)" }
}

/// A certificate chain and its private key, as PEM files.
public struct TLSFiles: Sendable {
    public var certificateChain: URL
    public var privateKey: URL

    public init(certificateChain: URL, privateKey: URL) {
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }
}

/// The long polls one client may hold at once; beyond them a poll is refused with a 429. An
/// address is generous (a campus or a carrier puts many phones behind one), an account is not.
/// Bytes each account may keep: without a bound one account's scenes and clips could fill the disk
/// (issue 52, finding 7). A clip counts once however many stickers carry it; a sticker's new scene
/// replaces its old one's bytes.
public struct StorageQuotas: Sendable {
    /// Sticker sounds and videos: some fifty 10 MiB videos, or hundreds of sounds.
    public var clipBytesPerAccount = 512 << 20
    /// Scene anchors' pictures and features: some hundreds of scenes.
    public var sceneBytesPerAccount = 256 << 20

    public init() {}
}

/// The media library's sweep of files nothing refers to (clips of deleted accounts, half-written uploads).
public struct MediaSweep: Sendable {
    public var interval: Duration = .seconds(3600)
    /// Longer than any upload takes between being written and being recorded.
    public var grace: TimeInterval = 3600

    public init() {}
}

public struct LongPollLimits: Sendable {
    public var perAddress = 50
    public var perAccount = 10

    public init() {}
}
