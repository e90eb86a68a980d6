import X509

/// The names a local certificate authority may vouch for: this machine on its own networks
/// (loopback, private and link-local IPv4, carrier-grade NAT as VPNs use it, `localhost`, mDNS
/// `.local`). Its name constraints hold it to those DNS names, so a phone that installed it is not
/// exposed for any public site should its key leak. The constraints name no IP ranges: BoringSSL
/// (Android's and swift-nio-ssl's TLS) refuses every certificate under an authority that has them
/// ("unsupported constraint type"). A public address is still left out of the server's certificate
/// (serve a public name through Caddy and a real certificate instead).
enum LocalNames {
    /// IPv4 networks as (address, mask).
    static let networks: [([UInt8], [UInt8])] = [
        ([127, 0, 0, 0], [255, 0, 0, 0]), ([10, 0, 0, 0], [255, 0, 0, 0]), ([172, 16, 0, 0], [255, 240, 0, 0]),
        ([192, 168, 0, 0], [255, 255, 0, 0]), ([169, 254, 0, 0], [255, 255, 0, 0]), ([100, 64, 0, 0], [255, 192, 0, 0]),
    ]
    /// DNS names and every name under them.
    static let domains = ["localhost", "local"]

    static var constraints: NameConstraints { NameConstraints(permittedDNSDomains: domains) }

    /// Whether the authority may put `name` (an IP address or a DNS name) in a certificate.
    static func permits(_ name: String) -> Bool {
        if let bytes = LocalCertificates.ipBytes(name) {
            guard bytes.count == 4 else { return false }
            return networks.contains { network in (0..<4).allSatisfy { bytes[$0] & network.1[$0] == network.0[$0] } }
        }
        let lowered = name.lowercased()
        return domains.contains { lowered == $0 || lowered.hasSuffix(".\($0)") }
    }
}
