import Foundation

/// A plain-text email, rendered as RFC 5322 with a UTF-8 body in base64 (safe through any SMTP hop).
public struct EmailMessage: Sendable, Equatable {
    public var from: String
    public var to: String
    public var subject: String
    public var body: String
    public var messageID: String
    public var date: Date

    public init(from: String, to: String, subject: String, body: String, messageID: String, date: Date) {
        self.from = from
        self.to = to
        self.subject = subject
        self.body = body
        self.messageID = messageID
        self.date = date
    }

    /// The message as it goes on the wire or into a `.eml` file (CRLF line ends).
    public var rendered: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let encodedBody = Data(body.utf8).base64EncodedString(options: [
            .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
        ])
        return [
            "From: \(from)", "To: \(to)", "Subject: \(Self.encodedWord(subject))", "Date: \(formatter.string(from: date))",
            "Message-ID: <\(messageID)>", "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64", "",
            encodedBody, "",
        ].joined(separator: "\r\n")
    }

    /// `Name <address>` for a header. A display name is chosen by its owner: anything but plain words
    /// (quotes, commas, angle brackets, line breaks that would start a header of their own, non-ASCII)
    /// goes as one RFC 2047 encoded word, which no mail reader parses as addresses or headers.
    public static func mailbox(name: String, address: String) -> String {
        let plain = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " " || $0 == "." || $0 == "-" || $0 == "_") }
        let shown = plain ? name : "=?utf-8?B?\(Data(name.utf8).base64EncodedString())?="
        return "\(shown) <\(address.filter { !$0.isNewline && $0 != "<" && $0 != ">" })>"
    }

    /// A header value with non-ASCII text as an RFC 2047 encoded word.
    public static func encodedWord(_ text: String) -> String {
        text.allSatisfy(\.isASCII) ? text : "=?utf-8?B?\(Data(text.utf8).base64EncodedString())?="
    }
}

/// Where mail goes: a folder of `.eml` files (the embedded default) or an SMTP server.
public protocol MailSender: Sendable {
    func send(_ message: EmailMessage) async throws
}

/// Writes each message to `FOLDER/<message id>.eml`, as a mail client would open it.
public struct EMLFolderSender: MailSender {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    public func send(_ message: EmailMessage) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = message.messageID.split(separator: "@").first.map(String.init) ?? UUID().uuidString
        try Data(message.rendered.utf8).write(to: folder.appendingPathComponent("\(name).eml"), options: .atomic)
    }
}
