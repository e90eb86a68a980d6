import Crypto
import Foundation
import WorldLayerCore

/// Message encryption for Web Push (RFC 8291): a content key agreed between a fresh key pair of
/// ours and the browser's, mixed with the browser's auth secret, sealing one `aes128gcm` record
/// (RFC 8188). Only the browser that subscribed can read what the push service carries.
public enum WebPushEncryption {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The record size written in the header: one record holds any payload a push service accepts.
    static let recordSize: UInt32 = 4096
    /// Push services take at most 4,096 bytes of body; the header and the tag leave this for the text.
    public static let maximumPayload = 3_993

    /// The encrypted body for `subscription`. `salt` and `ephemeral` are for reproducible tests only.
    public static func encrypt(
        _ payload: Data, to subscription: PushSubscription, salt: Data? = nil, ephemeral: P256.KeyAgreement.PrivateKey? = nil
    ) throws -> Data {
        guard payload.count <= maximumPayload else { throw Failure(description: "a push payload is at most \(maximumPayload) bytes") }
        guard let browserKeyBytes = Base64URL.decode(subscription.keys.p256dh), let auth = Base64URL.decode(subscription.keys.auth) else {
            throw Failure(description: "the subscription's keys are not base64url")
        }
        let browserKey = try P256.KeyAgreement.PublicKey(x963Representation: browserKeyBytes)
        let ours = ephemeral ?? P256.KeyAgreement.PrivateKey()
        let ourPublic = ours.publicKey.x963Representation
        let salt = salt ?? Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let (key, nonce) = try contentKey(
            shared: try ours.sharedSecretFromKeyAgreement(with: browserKey), auth: auth, browserPublic: browserKeyBytes,
            serverPublic: ourPublic, salt: salt)
        // One record, the last: the text, then the delimiter 0x02 (no padding).
        let sealed = try AES.GCM.seal(payload + [2], using: key, nonce: nonce)
        var body = salt
        withUnsafeBytes(of: recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(ourPublic.count))
        body.append(ourPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// The content key and nonce both sides derive (RFC 8291 §3.3–3.4, RFC 8188 §2.2).
    public static func contentKey(shared: SharedSecret, auth: Data, browserPublic: Data, serverPublic: Data, salt: Data) throws -> (
        SymmetricKey, AES.GCM.Nonce
    ) {
        let keyInfo = Data("WebPush: info".utf8) + [0] + browserPublic + serverPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        return (key, try AES.GCM.Nonce(data: nonceBytes.withUnsafeBytes { Data($0) }))
    }
}
