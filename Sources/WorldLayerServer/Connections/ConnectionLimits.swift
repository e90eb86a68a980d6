import Foundation

/// How long a connection may keep the server waiting, and how many one client address may hold.
/// Without them 1,100 idle connections made `/health` time out and ran the process out of file
/// descriptors (issue 52). The numbers follow common practice: nginx closes a connection whose
/// request head has not come in 60 s and an idle keep-alive in 75 s; ours are shorter, as a
/// phone that stalls reconnects anyway.
public struct ConnectionLimits: Sendable {
    /// From the connection's opening to the end of its first request's head (an idle or slowloris socket).
    public var firstRequestTimeout: Duration = .seconds(10)
    /// Between requests on a kept-alive connection, and between the parts of a request body that
    /// stalls. A request being answered (a long poll) and a WebSocket (pinged every 30 s) are not idle.
    public var idleTimeout: Duration = .seconds(60)
    /// After the server sends a WebSocket's close frame, how long the client has to answer before the
    /// connection is cut (what is still queued for it, the close frame included, is then dropped).
    public var webSocketCloseTimeout: Duration = .seconds(15)
    /// How often the server pings a WebSocket; a client that has not answered by the next ping is
    /// closed (1001) and resumes with `since`, as a phone whose link died must.
    public var webSocketPingInterval: Duration = .seconds(30)
    /// Connections held at once from one client address; trusted proxies are not limited (every
    /// client behind them shares their address). A campus behind one NAT opens a few per phone.
    public var perAddress = 256
    /// Connections held at once in all: the rest wait in the listen backlog. Nil: the process's
    /// open-file limit less ``reservedDescriptors`` for the database, media files and logs.
    public var total: Int? = nil

    public static let reservedDescriptors = 256

    public init() {}

    /// ``total``, or what the open-file limit leaves.
    var resolvedTotal: Int {
        if let total { return total }
        var limit = rlimit()
        // rlim_t.max is RLIM_INFINITY.
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return 4096 }
        return max(16, Int(clamping: limit.rlim_cur) - Self.reservedDescriptors)
    }

    /// Raises the process's open-file limit to its hard limit, as Go's runtime does at start: the soft
    /// limit (1,024 in a Debian shell) is a relic of `select`, which no server here uses.
    public static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
