import AsyncKit
import NIOCore
import PostgresKit
import SQLiteKit

extension Store {
    /// Whether `error` says the database cannot answer right now — PostgreSQL down, restarting, cut
    /// off or out of connections, or an SQLite file locked past the busy timeout — rather than that
    /// the request was wrong. The API answers these 503 with `Retry-After`, not 500: the client
    /// should try again, and nothing was written.
    public static func isUnavailable(_ error: any Error) -> Bool {
        switch error {
        case let e as StoreError: return e.kind == .unavailable
        case let e as SQLiteError: return e.reason == .busy || e.reason == .busyTimeout
        case is ConnectionPoolTimeoutError: return true
        case let e as ConnectionPoolError: return e == .shutdown
        case is NIOConnectionError, is ChannelError: return true
        case let e as PSQLError:
            // A connection closed under a query (by a restarting server, or by ``ConnectionDeadline``)
            // says so with the server's own reason underneath.
            if [.connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed].contains(e.code) {
                return true
            }
            // 08: connection exceptions; 57P01–57P03: shutting down or starting up; 53300: too many connections.
            let state = e.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state)
        default: return false
        }
    }
}
