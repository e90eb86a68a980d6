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
        #expect(page.body.contains(try LocalCertificates(folder: folder).authorityFingerprint()), "the fingerprint to compare")
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
        try local.prepare(names: ["192.168.2.7", "localhost"])
        let authority = try Data(contentsOf: local.authorityCertificate), first = try Data(contentsOf: local.serverCertificate)
        try local.prepare(names: ["192.168.2.7", "localhost"])
        #expect(try Data(contentsOf: local.serverCertificate) == first)
        // A public address is left out: the authority may vouch only for this machine's own networks.
        #expect(try local.prepare(names: ["192.168.2.8", "198.51.100.4", "example.org", "localhost"]) == ["192.168.2.8", "localhost"])
        #expect(try Data(contentsOf: local.serverCertificate) != first && Data(contentsOf: local.authorityCertificate) == authority)
        let text = try Shell.run("openssl", ["x509", "-in", local.serverCertificate.path, "-noout", "-text"]).stdout
        #expect(text.contains("IP Address:192.168.2.8") && text.contains("DNS:localhost") && text.contains("TLS Web Server Authentication"))
        #expect(!text.contains("198.51.100.4") && !text.contains("example.org"))
        let ca = try Shell.run("openssl", ["x509", "-in", local.authorityCertificate.path, "-noout", "-text"]).stdout
        #expect(
            ca.contains("X509v3 Name Constraints: critical") && ca.contains("DNS:local") && ca.contains("DNS:localhost"),
            "\(ca)")
        let verified = try Shell.run("openssl", ["verify", "-CAfile", local.authorityCertificate.path, local.serverCertificate.path])
        #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
        for key in [local.serverKey, folder.appendingPathComponent("worldlayer-ca-key.pem")] {
            #expect(try FileManager.default.attributesOfItem(atPath: key.path)[.posixPermissions] as? Int == 0o600)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700)
        // A certificate the authority's key signs for a public name anyway is refused by a verifier.
        let rogue = folder.appendingPathComponent("rogue")
        _ = try Shell.run(
            "openssl",
            [
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", rogue.path + "-key.pem",
                "-out", rogue.path + ".csr", "-subj", "/CN=example.org", "-addext", "subjectAltName=DNS:example.org",
            ])
        _ = try Shell.run(
            "openssl",
            [
                "x509", "-req", "-in", rogue.path + ".csr", "-CA", local.authorityCertificate.path, "-CAkey",
                folder.appendingPathComponent("worldlayer-ca-key.pem").path, "-set_serial", "7", "-days", "1", "-copy_extensions", "copy",
                "-out", rogue.path + ".pem",
            ])
        let refused = try Shell.run("openssl", ["verify", "-CAfile", local.authorityCertificate.path, rogue.path + ".pem"])
        #expect(refused.status != 0 && (refused.stdout + refused.stderr).contains("permitted subtree violation"), "\(refused.stderr)")
        // The fingerprint the page and the console show is the one openssl reads.
        let fingerprint = try local.authorityFingerprint()
        let openssl = try Shell.run("openssl", ["x509", "-in", local.authorityCertificate.path, "-noout", "-fingerprint", "-sha256"]).stdout
        #expect(openssl.contains(fingerprint), "\(openssl) vs \(fingerprint)")
    }
}
