import Crypto
import Foundation

/// AWS Signature Version 4 for S3 requests (the header form), as every S3-compatible store checks it:
/// a canonical request, the string to sign and a key derived from the secret per day, region and service.
struct S3Signature: Sendable {
    var accessKey: String
    var secretKey: String
    var region: String

    /// The SHA-256 of no bytes: the payload hash of a request without a body.
    static let emptyPayload = hex(SHA256.hash(data: Data()))

    /// The headers to add to a request: `x-amz-date`, `x-amz-content-sha256` and `Authorization`.
    /// `path` is already percent-encoded; `query` is unencoded pairs; `headers` are the others signed (lower-case names).
    func headers(
        method: String, host: String, path: String, query: [(String, String)], headers extra: [String: String] = [:],
        payloadHash: String, at date: Date
    ) -> [String: String] {
        let stamp = Self.stamp(date)
        let day = String(stamp.prefix(8))
        var signed = extra.reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value.trimmingCharacters(in: .whitespaces) }
        signed["host"] = host
        signed["x-amz-date"] = stamp
        signed["x-amz-content-sha256"] = payloadHash
        let names = signed.keys.sorted()
        let canonicalQuery = query.map { (Self.encode($0.0), Self.encode($0.1)) }.sorted { $0 < $1 }.map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
        let canonical = [
            method, path, canonicalQuery, names.map { "\($0):\(signed[$0]!)\n" }.joined(), names.joined(separator: ";"), payloadHash,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/s3/aws4_request"
        let toSign = ["AWS4-HMAC-SHA256", stamp, scope, Self.hex(SHA256.hash(data: Data(canonical.utf8)))].joined(separator: "\n")
        var key = SymmetricKey(data: Data("AWS4\(secretKey)".utf8))
        for part in [day, region, "s3", "aws4_request"] { key = SymmetricKey(data: Self.hmac(part, key)) }
        let signature = Self.hex(Self.hmac(toSign, key))
        var out = signed
        out["host"] = nil  // the HTTP client writes Host itself, from the URL
        out["authorization"] =
            "AWS4-HMAC-SHA256 Credential=\(accessKey)/\(scope), SignedHeaders=\(names.joined(separator: ";")), Signature=\(signature)"
        return out
    }

    static func hmac(_ text: String, _ key: SymmetricKey) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key))
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// `20261206T194300Z`.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters, as SigV4 wants.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(Character(UnicodeScalar(byte)))
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
