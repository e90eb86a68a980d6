import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo

/// The production recipe, `deploy/Caddyfile`, run as written: Debian's Caddy with its own
/// certificate authority in front of two `worldlayer serve` processes on loopback.
@Suite("Behind Caddy", .serialized)
struct ReverseProxyTests {
    @Test("through Caddy over HTTPS: the API, a live socket that hears a sticker placed through the other server, and a server stopping")
    func caddyInFront() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-caddy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Both servers on one database file; the second starts once the first has made it.
        let database = CLI.scratchDatabase()
        let first = try await RunningServer(database: database, extra: ["--trusted-proxy", "127.0.0.1"])
        defer { first.stop() }
        let second = try await RunningServer(database: database, extra: ["--trusted-proxy", "127.0.0.1"])
        defer { second.stop() }
        let caddy = try Caddy(folder: folder, upstreams: [first, second])
        defer { caddy.stop() }
        try await caddy.waitUntilServing()
        let site = caddy.base, authority = caddy.authority

        #expect(try SecureClient.get(site + "/ready", authority: authority).status == 200)
        #expect(try SecureClient.get(site + "/ready", authority: nil).status == 0)  // Caddy's authority, nobody else's
        let token = try await first.signUpAndLogIn("proxied")

        // A viewer subscribed through Caddy hears a sticker placed through Caddy, whichever server
        // each request reached (the live check between servers runs every 2 s on SQLite).
        let cell = CellGrid.cell(containing: Coordinate(latitude: 60.1699, longitude: 24.9384))
        let id = UUID().text
        let sticker =
            ##"{"templateId":"sticky-note","text":"through caddy","tags":[],"color":"#ff8800","size":0.4,"orientation":[0,0,0,1],"anchor":{"latitude":60.1699,"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"public","sharedWith":[]}"##
        let wss = site.replacingOccurrences(of: "https://", with: "wss://") + "/v1/live"
        let frames = try await SecureClient.frames(
            wss, authority: authority, send: [#"{"type":"subscribe","cells":["\#(cell)"]}"#], until: "event"
        ) {
            let created = try SecureClient.send("PUT", site + "/v1/stickers/\(id)", json: sticker, token: token, authority: authority)
            let placed = try SecureClient.send("POST", site + "/v1/stickers/\(id)/place", token: token, authority: authority)
            guard created.status == 201, placed.status == 200 else { throw CLIFailure("placing through Caddy: \(created) \(placed)") }
        }
        let event = try #require(frames.last)
        #expect(event.contains("\"event\":\"created\"") && event.contains(id) && event.contains("through caddy"), "\(frames)")

        // One server stops: Caddy sends every request to the other.
        first.stop()
        for _ in 0..<6 { #expect(try SecureClient.get(site + "/v1/stickers/\(id)", authority: authority).status == 200) }
    }
}

/// `caddy run` on deploy/Caddyfile, its storage and ports its own, listening on loopback only.
final class Caddy {
    let process = Process()
    let base: String
    let authority: URL

    init(folder: URL, upstreams: [RunningServer]) throws {
        let https = try RunningServer.freePort(), http = try RunningServer.freePort()
        base = "https://localhost:\(https)"
        authority = folder.appendingPathComponent("data/caddy/pki/authorities/local/root.crt")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "caddy", "run", "--adapter", "caddyfile", "--config", BrowserTests.root.appendingPathComponent("deploy/Caddyfile").path,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "HTTPS_PORT": "\(https)", "HTTP_PORT": "\(http)", "ADMIN": "off", "BIND": "127.0.0.1", "SITE": "localhost",
            "UPSTREAMS": upstreams.map { $0.base.replacingOccurrences(of: "http://", with: "") }.joined(separator: " "),
        ]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        let log = folder.appendingPathComponent("caddy.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        do { try process.run() } catch { throw CLIFailure("caddy is missing: scripts/install-packages caddy") }
    }

    /// Waits until Caddy has made its authority and answers through it.
    func waitUntilServing() async throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if FileManager.default.fileExists(atPath: authority.path),
                (try? SecureClient.get(base + "/health", authority: authority))?.status == 200
            {
                return
            }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        throw CLIFailure("Caddy did not serve \(base) within 60 s")
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
