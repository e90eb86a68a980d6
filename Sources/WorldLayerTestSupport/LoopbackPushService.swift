import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import WorldLayerCore
import WorldLayerServices

/// A Web Push service on loopback, standing in for the one a browser vendor runs: it holds what the
/// server sends to each subscriber and reads it as the subscribing browser would, with the
/// subscriber's private key: decrypted (RFC 8291), its VAPID signature checked (RFC 8292).
public final class LoopbackPushService: Sendable {
    /// One message as the browser would receive it.
    public struct Received: Sendable {
        public var subscriber: String
        /// The decrypted payload (the server's ``PushMessage`` JSON); nil when it did not decrypt.
        public var payload: Data?
        /// Whether the VAPID token was signed by `publicKey`, for this service's origin, and unexpired.
        public var vapidValid: Bool
        /// The key the request said it was signed with (`k=`).
        public var publicKey: String?
        public var headers: HTTPFields

        public var message: PushMessage? { payload.flatMap { try? JSONDecoder().decode(PushMessage.self, from: $0) } }
    }

    private struct Subscriber {
        var privateKey: Data
        var auth: Data
    }

    public let port: Int
    private let subscribers = Mutex<[String: Subscriber]>([:])
    private let received = Mutex<[Received]>([])
    /// Subscribers the service says are gone (410), as when a person revokes permission.
    private let gone = Mutex<Set<String>>([])
    private let goneAnswered = Mutex<[String: Int]>([:])

    init(port: Int) { self.port = port }

    /// Runs `body` with a push service listening on a free loopback port.
    public static func with(_ body: @escaping @Sendable (LoopbackPushService) async throws -> Void) async throws {
        let box = Mutex<LoopbackPushService?>(nil)
        let router = Router()
        router.post("/push/{name}") { request, context -> Response in
            guard let service = box.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
            let name = context.parameters.get("name") ?? ""
            let body = try await request.body.collect(upTo: 8192)
            return Response(status: service.receive(name: name, body: Data(body.readableBytesView), headers: request.headers))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            guard let port = client.port else { throw CocoaError(.featureUnsupported) }
            let service = LoopbackPushService(port: port)
            box.withLock { $0 = service }
            try await body(service)
        }
    }

    /// A new browser's subscription, as `pushManager.subscribe()` would hand it to the page.
    public func subscribe(_ name: String) -> PushSubscription {
        let key = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        subscribers.withLock { $0[name] = Subscriber(privateKey: key.rawRepresentation, auth: auth) }
        return PushSubscription(
            endpoint: "http://127.0.0.1:\(port)/push/\(name)",
            keys: .init(p256dh: Base64URL.encode(key.publicKey.x963Representation), auth: Base64URL.encode(auth)))
    }

    /// From now on the service answers 410 Gone for `name`.
    public func revoke(_ name: String) { _ = gone.withLock { $0.insert(name) } }

    /// How many times the service has answered 410 Gone for `name`.
    public func goneAnswers(for name: String) -> Int { goneAnswered.withLock { $0[name] ?? 0 } }

    /// Everything received for `name` so far.
    public func messages(for name: String) -> [Received] { received.withLock { $0.filter { $0.subscriber == name } } }

    /// Waits until `count` messages have come for `name` (or the time is up) and returns them.
    public func waitForMessages(_ count: Int, for name: String, upTo seconds: Double = 10) async throws -> [Received] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while messages(for: name).count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        return messages(for: name)
    }

    private func receive(name: String, body: Data, headers: HTTPFields) -> HTTPResponse.Status {
        if gone.withLock({ $0.contains(name) }) {
            goneAnswered.withLock { $0[name, default: 0] += 1 }
            return .gone
        }
        guard let subscriber = subscribers.withLock({ $0[name] }) else { return .notFound }
        let authorization = headers[.authorization] ?? ""
        let (valid, key) = checkVAPID(authorization)
        received.withLock {
            $0.append(
                Received(
                    subscriber: name, payload: try? decrypt(body, for: subscriber), vapidValid: valid, publicKey: key, headers: headers))
        }
        return .created
    }

    /// RFC 8188's header (salt, record size, the sender's key), then one record sealed with the
    /// key both sides derive; the text ends at the last-record delimiter 0x02.
    private func decrypt(_ body: Data, for subscriber: Subscriber) throws -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > 21 else { throw CocoaError(.coderInvalidValue) }
        let salt = Data(bytes[0..<16])
        let idLength = Int(bytes[20])
        guard bytes.count > 21 + idLength + 16 else { throw CocoaError(.coderInvalidValue) }
        let senderKey = Data(bytes[21..<(21 + idLength)])
        let record = Data(bytes[(21 + idLength)...])
        let mine = try P256.KeyAgreement.PrivateKey(rawRepresentation: subscriber.privateKey)
        let shared = try mine.sharedSecretFromKeyAgreement(with: try P256.KeyAgreement.PublicKey(x963Representation: senderKey))
        let (key, nonce) = try WebPushEncryption.contentKey(
            shared: shared, auth: subscriber.auth, browserPublic: mine.publicKey.x963Representation, serverPublic: senderKey, salt: salt)
        var plain = [UInt8](
            try AES.GCM.open(.init(nonce: nonce, ciphertext: record.dropLast(16), tag: record.suffix(16)), using: key))
        while plain.last == 0 { plain.removeLast() }
        guard plain.last == 2 else { throw CocoaError(.coderInvalidValue) }
        return Data(plain.dropLast())
    }

    /// `vapid t=<JWT>, k=<key>`: an ES256 JWT for this origin, unexpired, signed by `k`.
    private func checkVAPID(_ header: String) -> (valid: Bool, key: String?) {
        guard header.hasPrefix("vapid ") else { return (false, nil) }
        var fields: [String: String] = [:]
        for part in header.dropFirst(6).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        guard let token = fields["t"], let key = fields["k"] else { return (false, nil) }
        let parts = token.split(separator: ".").map(String.init)
        guard parts.count == 3, let keyBytes = Base64URL.decode(key), let signature = Base64URL.decode(parts[2]),
            let claimsData = Base64URL.decode(parts[1]),
            let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any],
            let publicKey = try? P256.Signing.PublicKey(x963Representation: keyBytes),
            let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
        else { return (false, key) }
        let signed = publicKey.isValidSignature(ecdsa, for: Data("\(parts[0]).\(parts[1])".utf8))
        let expiry = (claims["exp"] as? Int).map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? .distantPast
        let fresh = expiry > Date() && expiry < Date().addingTimeInterval(24 * 3600)
        let audience = claims["aud"] as? String == "http://127.0.0.1:\(port)"
        let contact = (claims["sub"] as? String)?.hasPrefix("mailto:") == true || (claims["sub"] as? String)?.hasPrefix("https:") == true
        return (signed && fresh && audience && contact, key)
    }
}
