import Foundation
import NIOCore
import NIOPosix

/// Whether `serve` may listen where it was told, asked by binding the address for a moment before
/// anything else starts: a port already taken is then one line and a non-zero exit, not a server
/// that opened its database and fails while starting its services.
enum ListeningPort {
    static func problem(host: String, port: Int) async -> String? {
        guard port != 0 else { return nil }
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: host, port: port).get()
            try await channel.close()
            return nil
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            return "port \(port) on \(host) is already in use: stop what listens there, or start with another --port"
        } catch let error as IOError where error.errnoCode == EACCES {
            return "may not listen on port \(port) (ports below 1024 need privileges): start with --port 8080"
        } catch {
            return "cannot listen on \(host):\(port): \(error)"
        }
    }
}
