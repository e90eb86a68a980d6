import Foundation
import WorldLayerCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One bucket of an S3-compatible object store (SeaweedFS, MinIO, AWS S3…), addressed by path
/// (`ENDPOINT/BUCKET/KEY`) and signed with SigV4: the few calls the media library needs.
public struct S3Bucket: Sendable {
    public var endpoint: URL
    public var name: String
    /// Seconds a call may take before it fails.
    public var timeout: TimeInterval = 60
    let signature: S3Signature

    /// What went wrong talking to the store: its status and what it said.
    public struct Failure: Error, CustomStringConvertible {
        public var operation: String
        public var status: Int
        public var body: String
        /// The store's `<Code>` and `<Message>` when it sent an XML error, else the start of what it sent.
        public var description: String {
            let said = [S3Bucket.element("Code", in: body[...]), S3Bucket.element("Message", in: body[...])].compactMap { $0 }
            return "S3 \(operation) answered \(status): \(said.isEmpty ? String(body.prefix(300)) : said.joined(separator: ": "))"
        }
    }

    /// An object's key, when it was last written, and its size.
    public struct Object: Sendable, Equatable {
        public var key: String
        public var modified: Date
        public var size: Int
    }

    public init(endpoint: URL, name: String, accessKey: String, secretKey: String, region: String = "us-east-1") {
        self.endpoint = endpoint
        self.name = name
        self.signature = S3Signature(accessKey: accessKey, secretKey: secretKey, region: region)
    }

    /// `s3://BUCKET`, with the endpoint and keys from the environment: `WORLDLAYER_S3_ENDPOINT`
    /// (e.g. `http://127.0.0.1:8333`), `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_REGION`
    /// (default `us-east-1`). Nil for anything that is not an `s3://` address; throws when a part is missing.
    public static func fromEnvironment(_ address: String, _ environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> S3Bucket?
    {
        guard address.hasPrefix("s3://") else { return nil }
        let name = String(address.dropFirst(5).prefix { $0 != "/" })
        guard !name.isEmpty else { throw ConfigurationProblem("s3:// needs a bucket name, like s3://worldlayer-media") }
        guard let text = environment["WORLDLAYER_S3_ENDPOINT"], let endpoint = URL(string: text), endpoint.host != nil else {
            throw ConfigurationProblem("media in \(address) needs WORLDLAYER_S3_ENDPOINT, like http://127.0.0.1:8333")
        }
        guard let key = environment["AWS_ACCESS_KEY_ID"], let secret = environment["AWS_SECRET_ACCESS_KEY"] else {
            throw ConfigurationProblem("media in \(address) needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
        }
        return S3Bucket(endpoint: endpoint, name: name, accessKey: key, secretKey: secret, region: environment["AWS_REGION"] ?? "us-east-1")
    }

    public struct ConfigurationProblem: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: Calls

    /// Whether the bucket answers (for readiness).
    public func reachable() async -> Bool {
        (try? await exists()) == true
    }

    /// Whether the bucket exists; throws when the store cannot say.
    public func exists() async throws -> Bool {
        let (status, body) = try await send("HEAD", key: nil)
        if status == 404 { return false }
        guard status == 200 else { throw Failure(operation: "HEAD bucket", status: status, body: body) }
        return true
    }

    /// Makes the bucket; one that exists already is fine.
    public func create() async throws {
        let (status, body) = try await send("PUT", key: nil)
        guard status == 200 || body.contains("BucketAlreadyOwnedByYou") || body.contains("BucketAlreadyExists") else {
            throw Failure(operation: "create bucket", status: status, body: body)
        }
    }

    public func contains(_ key: String) async throws -> Bool {
        let (status, body) = try await send("HEAD", key: key)
        if status == 404 { return false }
        guard status == 200 else { throw Failure(operation: "HEAD \(key)", status: status, body: body) }
        return true
    }

    /// Writes `file` under `key`; `sha256` is the file's hash in hex, which the store checks.
    public func put(_ file: URL, key: String, sha256: String, contentType: String) async throws {
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        let (status, body) = try await send(
            "PUT", key: key, headers: ["content-type": contentType, "content-length": "\(size)"], payloadHash: sha256, bodyFile: file)
        guard status == 200 else { throw Failure(operation: "PUT \(key)", status: status, body: body) }
    }

    /// Copies `key` onto itself, so its time of writing is now (a sweep then leaves it alone for a while).
    public func touch(_ key: String) async throws {
        let (status, body) = try await send(
            "PUT", key: key, headers: ["x-amz-copy-source": "/\(name)/\(key)", "x-amz-metadata-directive": "REPLACE"])
        guard status == 200 else { throw Failure(operation: "copy \(key)", status: status, body: body) }
    }

    /// Reads `key` into `file`; false when there is no such object.
    public func fetch(_ key: String, to file: URL) async throws -> Bool {
        let (data, status) = try await dataOf("GET", key: key)
        if status == 404 { return false }
        guard status == 200 else {
            throw Failure(operation: "GET \(key)", status: status, body: String(decoding: data.prefix(300), as: UTF8.self))
        }
        try data.write(to: file, options: .atomic)
        return true
    }

    public func delete(_ key: String) async throws {
        let (status, body) = try await send("DELETE", key: key)
        guard status == 204 || status == 200 || status == 404 else { throw Failure(operation: "DELETE \(key)", status: status, body: body) }
    }

    /// Every object, a thousand at a time (ListObjectsV2).
    public func list() async throws -> [Object] {
        var objects: [Object] = [], token: String? = nil
        repeat {
            var query = [("list-type", "2"), ("max-keys", "1000")]
            if let token { query.append(("continuation-token", token)) }
            let (status, body) = try await send("GET", key: nil, query: query)
            guard status == 200 else { throw Failure(operation: "list", status: status, body: body) }
            objects += Self.objects(inListing: body)
            // A store may name a next token on the last page too: only a truncated page has a next.
            let truncated = Self.element("IsTruncated", in: body[...]) == "true"
            token = truncated ? Self.element("NextContinuationToken", in: body[...]).map(String.init) : nil
        } while token != nil
        return objects
    }

    // MARK: Listing

    /// The `<Contents>` of a ListObjectsV2 answer. Keys here are the library's hex hashes, so the
    /// XML needs no entity decoding; an entry missing a part is passed over.
    static func objects(inListing xml: String) -> [Object] {
        xml.components(separatedBy: "<Contents>").dropFirst().compactMap { entry in
            let part = entry[...]
            guard let key = element("Key", in: part),
                let modified = element("LastModified", in: part).flatMap({ WireJSON.parseTime(String($0)) }),
                let size = element("Size", in: part).flatMap({ Int($0) })
            else { return nil }
            return Object(key: String(key), modified: modified, size: size)
        }
    }

    static func element(_ name: String, in text: Substring) -> Substring? {
        guard let open = text.range(of: "<\(name)>"), let close = text[open.upperBound...].range(of: "</\(name)>") else { return nil }
        return text[open.upperBound..<close.lowerBound]
    }

    // MARK: HTTP

    /// The request's address and its percent-encoded path (what SigV4 signs).
    private func url(key: String?, query: [(String, String)]) -> (URL, path: String) {
        var base = endpoint.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let prefix = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
        var tail = "/" + S3Signature.encode(name)
        if let key {
            tail +=
                "/"
                + key.split(separator: "/", omittingEmptySubsequences: false).map { S3Signature.encode(String($0)) }.joined(separator: "/")
        }
        let queryText = query.map { "\(S3Signature.encode($0.0))=\(S3Signature.encode($0.1))" }.joined(separator: "&")
        return (URL(string: base + tail + (queryText.isEmpty ? "" : "?" + queryText))!, prefix + tail)
    }

    private func request(
        _ method: String, key: String?, query: [(String, String)] = [], headers: [String: String] = [:],
        payloadHash: String = S3Signature.emptyPayload
    ) -> URLRequest {
        let (url, path) = url(key: key, query: query)
        let host = endpoint.port.map { "\(endpoint.host!):\($0)" } ?? endpoint.host!
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        let signed = signature.headers(
            method: method, host: host, path: path, query: query, headers: headers.filter { $0.key != "content-length" },
            payloadHash: payloadHash, at: Date())
        for (name, value) in signed.merging(headers, uniquingKeysWith: { a, _ in a }) { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    private func send(
        _ method: String, key: String?, query: [(String, String)] = [], headers: [String: String] = [:],
        payloadHash: String = S3Signature.emptyPayload, bodyFile: URL? = nil
    ) async throws -> (status: Int, body: String) {
        // Mapped, not read: a 256 MiB video is not copied into memory to be sent.
        let body = try bodyFile.map { try Data(contentsOf: $0, options: .alwaysMapped) }
        let (data, status) = try await retrying {
            var request = request(method, key: key, query: query, headers: headers, payloadHash: payloadHash)
            request.httpBody = body
            return request
        }
        return (status, String(decoding: data, as: UTF8.self))
    }

    private func dataOf(_ method: String, key: String) async throws -> (Data, Int) {
        try await retrying { request(method, key: key) }
    }

    /// Sends a freshly signed request, and again after 0.1, 0.2 and 0.4 s (with jitter) when the store
    /// answers 500, 502, 503 or 504 or the connection fails, as AWS's own clients do: every call here
    /// is idempotent (objects are named by their hash).
    private func retrying(_ make: () -> URLRequest) async throws -> (Data, Int) {
        var attempt = 0
        while true {
            attempt += 1
            do {
                let (data, response) = try await URLSession.shared.data(for: make())
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if attempt == Self.attempts || ![500, 502, 503, 504].contains(status) { return (data, status) }
            } catch let error as URLError where attempt < Self.attempts && error.code != .cancelled {
                // tried again below
            }
            let pause = 0.1 * Double(1 << (attempt - 1))
            try await Task.sleep(for: .seconds(pause * Double.random(in: 0.5...1.5)))
        }
    }

    static let attempts = 4
}
