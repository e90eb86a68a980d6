import Foundation
import Testing
import WorldLayerGeo
import WorldLayerServer

/// HTTPS as a phone meets it: `serve --tls-local` makes a certificate authority and a certificate
/// for this machine, a client that trusts the authority gets the API, the live socket and `/trust`,
/// and one that does not is refused.
@Suite("HTTPS with a local certificate authority", .serialized)
struct HTTPSTests {
    @Test("serve --tls-local: the API, the live socket over wss and /trust for a client trusting the authority; nobody else")
    func localAuthority() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = folder.appendingPathComponent("worldlayer-ca.pem")
        // The certificates are made before the server listens, so the health check can trust them.
        try LocalCertificates(folder: folder).prepare(names: LocalCertificates.machineNames())
        let server = try await RunningServer(database: CLI.scratchDatabase(), extra: ["--tls-local", folder.path], trusting: authority)
        defer { server.stop() }

        #expect(try SecureClient.get(server.base + "/health", authority: authority).body.contains("ok"))
        #expect(try SecureClient.get(server.base + "/health", authority: nil).status == 0)  // not trusted: no answer
        let page = try SecureClient.get(server.base + "/trust", authority: authority)
        #expect(page.status == 200 && page.body.contains("Certificate Trust Settings") && page.body.contains("/trust/worldlayer-ca.crt"))
        let download = try Shell.run(
            "curl",
            [
                "-s", "--cacert", authority.path, server.base + "/trust/worldlayer-ca.crt", "-o",
                folder.appendingPathComponent("got.crt").path,
            ])
        #expect(download.status == 0)
        let parsed = try Shell.run(
            "openssl", ["x509", "-inform", "DER", "-in", folder.appendingPathComponent("got.crt").path, "-noout", "-subject"])
        #expect(parsed.status == 0 && parsed.stdout.contains("WorldLayer local authority"), "\(parsed.stderr)")

        let senateSquare = CellGrid.cell(containing: Coordinate(latitude: 60.1695, longitude: 24.9525))
        let wss = server.base.replacingOccurrences(of: "https://", with: "wss://") + "/v1/live"
        let frames = try await SecureClient.frames(
            wss, authority: authority, send: [#"{"type":"subscribe","cells":["\#(senateSquare)"]}"#], until: "subscribed")
        #expect(frames.last?.contains("\"subscribed\"") == true)
    }

    @Test("the authority is kept across runs; the server certificate is made again when the machine's names change")
    func certificatesKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let local = LocalCertificates(folder: folder)
        try local.prepare(names: ["192.0.2.7", "localhost"])
        let authority = try Data(contentsOf: local.authorityCertificate), first = try Data(contentsOf: local.serverCertificate)
        try local.prepare(names: ["192.0.2.7", "localhost"])
        #expect(try Data(contentsOf: local.serverCertificate) == first)
        try local.prepare(names: ["192.0.2.8", "localhost"])
        #expect(try Data(contentsOf: local.serverCertificate) != first && Data(contentsOf: local.authorityCertificate) == authority)
        let text = try Shell.run("openssl", ["x509", "-in", local.serverCertificate.path, "-noout", "-text"]).stdout
        #expect(text.contains("IP Address:192.0.2.8") && text.contains("DNS:localhost") && text.contains("TLS Web Server Authentication"))
        let verified = try Shell.run("openssl", ["verify", "-CAfile", local.authorityCertificate.path, local.serverCertificate.path])
        #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: local.serverKey.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
