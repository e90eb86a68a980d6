import Foundation
import Hummingbird
import NIOCore

/// `GET /trust`: how to make a phone trust this machine's local certificate authority, with the
/// download. Served when the server runs on certificates it made itself (`serve --tls-local`).
struct TrustController {
    let authority: LocalCertificates?

    func register(_ routes: Routes) {
        routes.on(.get, "/trust", use: page)
        routes.on(.get, "/trust/worldlayer-ca.crt", use: download)
    }

    private func requireAuthority() throws -> LocalCertificates {
        guard let authority else { throw APIError.notFound("this server does not use a local certificate authority") }
        return authority
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fingerprint = try requireAuthority().authorityFingerprint()
        return Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentSecurityPolicy: TrustPage.policy],
            body: .init(byteBuffer: ByteBuffer(string: TrustPage.html(fingerprint: fingerprint))))
    }

    @Sendable func download(_ request: Request, context: AppRequestContext) async throws -> Response {
        let der = try requireAuthority().authorityDER()
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/x-x509-ca-cert", .contentDisposition: "attachment; filename=\"worldlayer-ca.crt\"",
                .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: der)))
    }
}

/// The page's text: the steps each phone's settings take, in the words those settings use.
enum TrustPage {
    static let policy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The page, with the authority's fingerprint (hex digits and colons only) to compare before trusting it.
    static func html(fingerprint: String) -> String {
        template.replacingOccurrences(of: "FINGERPRINT", with: fingerprint)
    }

    private static let template = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Trust this WorldLayer server</title>
        <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:1rem auto;padding:0 1rem;line-height:1.5;color:#111}
        a.get{display:inline-block;margin:.5rem 0 1rem;padding:.75rem 1.25rem;background:#14532d;color:#fff;border-radius:2rem;text-decoration:none}
        h2{margin-top:1.5rem} li{margin:.25rem 0}</style></head>
        <body><main>
        <h1>Trust this WorldLayer server</h1>
        <p>This server made its own certificate authority, so that your phone can reach it over HTTPS on this network. Phones
        give a page the camera, your location and the compass only over HTTPS. Install the authority once; until you remove it,
        your phone trusts the certificates this one machine makes, and nothing else.</p>
        <p><a class="get" href="/trust/worldlayer-ca.crt">Download the certificate</a></p>
        <p>Before you trust it, check that its SHA-256 fingerprint (iPhone: tap the profile, then <strong>More Details</strong>;
        Android: the certificate's details) is the one the computer running the server printed, and this one:</p>
        <p><code style="word-break:break-all">FINGERPRINT</code></p>
        <h2>iPhone and iPad</h2>
        <ol>
        <li>Open this page in Safari and tap <strong>Download the certificate</strong>; allow the download.</li>
        <li>Open <strong>Settings</strong>, tap <strong>Profile Downloaded</strong> near the top (or <strong>General → VPN &amp; Device Management</strong>), then <strong>Install</strong>.</li>
        <li>Go to <strong>Settings → General → About → Certificate Trust Settings</strong> and turn on <strong>WorldLayer local authority</strong>.</li>
        <li>Come back and open the address you scanned.</li>
        </ol>
        <h2>Android</h2>
        <ol>
        <li>Tap <strong>Download the certificate</strong>.</li>
        <li>Open <strong>Settings → Security → More security settings → Encryption &amp; credentials → Install a certificate → CA certificate</strong> (the words vary a little by maker), confirm, and pick <strong>worldlayer-ca.crt</strong>.</li>
        <li>Come back and open the address you scanned.</li>
        </ol>
        <h2>When you are done</h2>
        <p>Remove it the same way (iPhone: <strong>VPN &amp; Device Management</strong>; Android: <strong>Trusted credentials → User</strong>).</p>
        </main></body></html>
        """
}
