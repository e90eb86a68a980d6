import ArgumentParser
import Foundation
import WorldLayerServices

/// Where the server's own mail goes (password resets, address checks) and what its links open.
struct MailOptions: ParsableArguments {
    @Option(
        name: .customLong("mail"),
        help: ArgumentHelp(
            "A folder for the server's mail as .eml files, or an SMTP relay, smtp://host:port (also $WORLDLAYER_MAIL).",
            valueName: "folder|url"))
    var destination: String = ProcessInfo.processInfo.environment["WORLDLAYER_MAIL"] ?? "./data/mail"

    @Option(help: "Whom the server's mail is from.")
    var mailFrom = "WorldLayer <noreply@localhost>"

    @Option(
        help:
            "The site's address as people open it, for links in mail (also $WORLDLAYER_PUBLIC_URL, which `digest run` reads too; default: http(s)://localhost:PORT)."
    )
    var publicURL: String?

    /// `--public-url`, else `$WORLDLAYER_PUBLIC_URL`: one setting for the server and the digest.
    var configuredPublicURL: String? { publicURL ?? ProcessInfo.processInfo.environment["WORLDLAYER_PUBLIC_URL"] }

    /// Whether `text` is an address people can open: http(s) with a host.
    static func isPublicURL(_ text: String) -> Bool {
        URL(string: text)?.host != nil && (text.hasPrefix("http://") || text.hasPrefix("https://"))
    }

    func validate() throws {
        if destination.hasPrefix("smtp://"), Self.hostPort(String(destination.dropFirst("smtp://".count))) == nil {
            throw ValidationError("--mail smtp://host:port needs a host and a port")
        }
        if let url = configuredPublicURL, !Self.isPublicURL(url) {
            throw ValidationError("--public-url (or $WORLDLAYER_PUBLIC_URL) must be an http(s) address, like https://worldlayer.example")
        }
    }

    var sender: any MailSender {
        if destination.hasPrefix("smtp://"), let (host, port) = Self.hostPort(String(destination.dropFirst("smtp://".count))) {
            return SMTPSender(host: host, port: port)
        }
        return EMLFolderSender(folder: URL(fileURLWithPath: destination))
    }

    static func hostPort(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port),
            colon > text.startIndex
        else { return nil }
        return (String(text[..<colon]), port)
    }
}
