import Foundation
import Testing
import WorldLayerCore
import WorldLayerTestSupport

@testable import WorldLayerStore

@Suite("Media in an S3 bucket (SeaweedFS on loopback)")
struct S3MediaTests {
    @Test("SigV4: AWS's published example of a signed GET with a Range header gives AWS's signature")
    func signatureVector() {
        // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "GET Object".
        let signer = S3Signature(
            accessKey: "AKIAIOSFODNN7EXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1")
        let headers = signer.headers(
            method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/test.txt", query: [], headers: ["Range": "bytes=0-9"],
            payloadHash: S3Signature.emptyPayload, at: Date(timeIntervalSince1970: 1_369_353_600))  // 2013-05-24T00:00:00Z
        #expect(
            headers["authorization"]
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test("a store's XML error is told by its code and message, on one line")
    func failureNamesTheCode() {
        let body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Error><Code>InternalError</Code><Message>We encountered an internal error, please try again.</Message><Key>k</Key></Error>
            """
        let failure = S3Bucket.Failure(operation: "PUT k", status: 500, body: body)
        #expect(failure.description == "S3 PUT k answered 500: InternalError: We encountered an internal error, please try again.")
        #expect(S3Bucket.Failure(operation: "GET k", status: 502, body: "Bad gateway").description == "S3 GET k answered 502: Bad gateway")
    }

    @Test(
        "a file adopted by one server's library is served by another's from the bucket; a wrong key is refused; a sweep removes what nothing uses"
    )
    func sharedLibrary() async throws {
        let s3 = try await SeaweedFS()
        defer { s3.stop() }
        let bucket = s3.bucket("media-\(UUID().uuidString.prefix(8).lowercased())")
        try await bucket.create()
        try await bucket.create()  // again: fine
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("s3-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let one = MediaLibrary(root: scratch.appendingPathComponent("one"), bucket: bucket)
        let two = MediaLibrary(root: scratch.appendingPathComponent("two"), bucket: bucket)

        let bytes = try Speech.mp3("kept once, served by every server")
        let upload = try one.temporaryFile()
        try bytes.write(to: upload)
        let ref = try await one.adopt(upload, name: "spoken.mp3")
        #expect(try await bucket.contains(ref.id))
        #expect(!FileManager.default.fileExists(atPath: two.path(of: ref.id).path))
        #expect(try await two.contains(ref.id))
        let fetched = try #require(try await two.file(of: ref.id))
        #expect(try Data(contentsOf: fetched) == bytes)
        #expect(try await two.file(of: String(repeating: "0", count: 64)) == nil)
        #expect(try await two.ids() == [ref.id])

        let stranger = S3Bucket(endpoint: s3.endpoint, name: bucket.name, accessKey: SeaweedFS.accessKey, secretKey: "not the secret")
        await #expect(throws: S3Bucket.Failure.self) { _ = try await stranger.contains(ref.id) }

        // In use, or written within the grace: kept. Neither: gone from the bucket and the cache.
        #expect(try await two.sweep(keeping: [ref.id], untouchedSince: Date().addingTimeInterval(60)).files == 0)
        #expect(try await two.sweep(keeping: [], untouchedSince: Date().addingTimeInterval(-60)).files == 0)
        let swept = try await two.sweep(keeping: [], untouchedSince: Date().addingTimeInterval(60))
        #expect(swept.files == 2 && swept.bytes == 2 * bytes.count, "the bucket's object and two's cached copy: \(swept)")
        #expect(try await !bucket.contains(ref.id))
    }
}
