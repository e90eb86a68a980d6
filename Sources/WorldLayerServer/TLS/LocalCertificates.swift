import Crypto
import Foundation
import NIOCore
import SwiftASN1
import X509

/// A certificate authority of this machine's own, and a server certificate it signs for the
/// machine's addresses, so a phone on the same network can open the demo over HTTPS — which phone
/// browsers require before they give a page the camera, location, motion sensors or WebXR.
///
/// Kept as PEM files in one folder (`data/tls` by default). The authority is made once and kept,
/// so a phone that trusts it once keeps trusting it; the server certificate is made again when the
/// machine's addresses change or it nears its end.
public struct LocalCertificates: Sendable {
    public let folder: URL
    public var authorityCertificate: URL { folder.appendingPathComponent("worldlayer-ca.pem") }
    var authorityKey: URL { folder.appendingPathComponent("worldlayer-ca-key.pem") }
    public var serverCertificate: URL { folder.appendingPathComponent("server.pem") }
    public var serverKey: URL { folder.appendingPathComponent("server-key.pem") }

    public init(folder: URL) {
        self.folder = folder
    }

    /// Apple accepts at most 825 days for a certificate under a user-installed root; a year is plenty.
    static let serverLifetime: TimeInterval = 365 * 86_400
    static let authorityLifetime: TimeInterval = 10 * 365 * 86_400

    /// Makes what is missing or stale; returns the names the server certificate holds.
    @discardableResult
    public func prepare(names: [String], now: Date = Date()) throws -> [String] {
        // Only names on this machine's own networks: the authority is constrained to them (see `LocalNames`).
        let names = names.filter(LocalNames.permits)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let (authority, authorityKey) = try loadOrMakeAuthority(now: now)
        if let current = try? Certificate(pemEncoded: String(contentsOf: serverCertificate, encoding: .utf8)),
            FileManager.default.fileExists(atPath: serverKey.path), current.notValidAfter > now.addingTimeInterval(30 * 86_400),
            current.issuer == authority.subject, Set(Self.names(in: current)) == Set(names)
        {
            return names
        }
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: key.publicKey, notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(Self.serverLifetime), issuer: authority.subject,
            subject: try DistinguishedName { CommonName(names.first ?? "localhost") }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.map(Self.generalName))
            }, issuerPrivateKey: authorityKey)
        try write(certificate.serializeAsPEM().pemString, to: serverCertificate)
        try write(key.serializeAsPEM().pemString, to: serverKey, isSecret: true)
        return names
    }

    /// The authority's certificate in DER, for phones to install.
    public func authorityDER() throws -> Data {
        let certificate = try Certificate(pemEncoded: String(contentsOf: authorityCertificate, encoding: .utf8))
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return Data(serializer.serializedBytes)
    }

    private func loadOrMakeAuthority(now: Date) throws -> (Certificate, Certificate.PrivateKey) {
        if let pem = try? String(contentsOf: authorityCertificate, encoding: .utf8),
            let keyPEM = try? String(contentsOf: authorityKey, encoding: .utf8)
        {
            return (try Certificate(pemEncoded: pem), try Certificate.PrivateKey(pemEncoded: keyPEM))
        }
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let host = ProcessInfo.processInfo.hostName
        let name = try DistinguishedName {
            OrganizationName("WorldLayer on \(host)")
            CommonName("WorldLayer local authority (\(host))")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: key.publicKey, notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(Self.authorityLifetime), issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: key.publicKey)
                // A phone that trusts it trusts it for this machine's networks only, never for a public name.
                Critical(LocalNames.constraints)
            }, issuerPrivateKey: key)
        try write(certificate.serializeAsPEM().pemString, to: authorityCertificate)
        try write(key.serializeAsPEM().pemString, to: authorityKey, isSecret: true)
        return (certificate, key)
    }

    /// The SHA-256 fingerprint of the authority's certificate, as phones show it ("AB:CD:…").
    public func authorityFingerprint() throws -> String {
        SHA256.hash(data: try authorityDER()).map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// Writes a file whole (renamed into place); a secret one is created 0600 from its first byte, as
    /// a write then a `chmod` would leave a private key readable by anyone for a moment.
    private func write(_ text: String, to url: URL, isSecret: Bool = false) throws {
        guard isSecret else { return try Data(text.utf8).write(to: url, options: .atomic) }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// An IP address as an `ipAddress` name, anything else as a DNS name.
    static func generalName(_ name: String) -> GeneralName {
        if let bytes = ipBytes(name) { return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(bytes))) }
        return .dnsName(name)
    }

    static func ipBytes(_ text: String) -> [UInt8]? {
        // Plain bytes rather than in_addr/in6_addr: with zlib's headers in the build, two modules
        // declare those structs.
        var bytes = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, text, &bytes) == 1 { return Array(bytes.prefix(4)) }
        if inet_pton(AF_INET6, text, &bytes) == 1 { return bytes }
        return nil
    }

    static func names(in certificate: Certificate) -> [String] {
        guard let san = try? certificate.extensions.subjectAlternativeNames else { return [] }
        return san.compactMap { name in
            switch name {
            case .dnsName(let dns): return dns
            case .ipAddress(let octets): return address(Array(octets.bytes))
            default: return nil
            }
        }
    }

    static func address(_ bytes: [UInt8]) -> String? {
        (try? SocketAddress(packedIPAddress: ByteBuffer(bytes: bytes), port: 0))?.ipAddress
    }

    /// This machine's addresses other people can reach (IPv4, not loopback), then the loopback names.
    public static func machineNames() -> [String] {
        let lan = ((try? System.enumerateDevices()) ?? []).compactMap { device -> String? in
            guard case .v4 = device.address, let ip = device.address?.ipAddress, !ip.hasPrefix("127.") else { return nil }
            return ip
        }
        return Array(Set(lan)).sorted() + ["localhost", "127.0.0.1"]
    }
}
