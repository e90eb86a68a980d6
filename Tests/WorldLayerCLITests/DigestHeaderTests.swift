import Foundation
import Testing
import WorldLayerServices

@testable import WorldLayerCLI

@Suite("Digest mail headers")
struct DigestHeaderTests {
    @Test("a display name goes into To: as one encoded word unless it is plain words; it can add no address or header")
    func toHeader() {
        #expect(EmailMessage.mailbox(name: "Ben", address: "ben@example.org") == "Ben <ben@example.org>")
        let hostile = EmailMessage.mailbox(name: "Eve, \"Admin\" <admin@example.org>\r\nBcc: all@example.org", address: "eve@example.org")
        #expect(hostile.hasSuffix(" <eve@example.org>") && !hostile.contains("\r") && !hostile.contains("\n"))
        #expect(hostile.hasPrefix("=?utf-8?B?") && hostile.components(separatedBy: "@").count == 2)
        #expect(EmailMessage.mailbox(name: "Åsa", address: "asa@example.org") == "=?utf-8?B?w4VzYQ==?= <asa@example.org>")
    }
}
