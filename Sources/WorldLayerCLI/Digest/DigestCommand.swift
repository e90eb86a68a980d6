import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

/// `worldlayer digest run`: builds and sends the week's digest to everyone who opted in, once per person and week.
struct DigestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "digest", abstract: "Weekly digests by email.", subcommands: [Run.self])

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build and send this week's digest to each opted-in person who has not had it yet (safe to run again).")

        @OptionGroup var database: DatabaseOptions
        @Option(help: "ISO week, like 2026-W47 (default: the current week).") var week: String?
        @Option(help: "Folder for .eml files (the default sender).") var out = "./data/digests"
        @Option(help: "Send through this SMTP server (host:port) instead of writing files.") var smtp: String?
        @Option(help: "The From address.") var from = "WorldLayer <digest@worldlayer.localhost>"
        @Option(
            name: [.customLong("public-url"), .customLong("base-url")],
            help: "Where people open WorldLayer: links in the digest point here (as serve's --public-url; default: $WORLDLAYER_PUBLIC_URL)."
        )
        var publicURL = ProcessInfo.processInfo.environment["WORLDLAYER_PUBLIC_URL"] ?? "http://localhost:8080"

        func validate() throws {
            if let week, ISOWeek(week) == nil { throw ValidationError("--week must be an ISO week like 2026-W47") }
            if let smtp, MailOptions.hostPort(smtp) == nil { throw ValidationError("--smtp must be host:port") }
            if !MailOptions.isPublicURL(publicURL) {
                throw ValidationError(
                    "--public-url (or $WORLDLAYER_PUBLIC_URL) must be an http(s) address, like https://worldlayer.example")
            }
        }

        func run() async throws {
            let week = week.flatMap(ISOWeek.init) ?? ISOWeek(containing: Date())
            let sender: any MailSender =
                smtp.flatMap(MailOptions.hostPort).map { SMTPSender(host: $0.0, port: $0.1) }
                ?? EMLFolderSender(folder: URL(fileURLWithPath: out))
            let summary = try await database.withStore { store in
                let (due, alreadySent) = try await store.community.digestRecipients(week: week.text)
                var sent = 0, quiet = 0
                let progress = ProgressBar(label: "digests for \(week.text)", quiet: due.count < 20)
                defer { progress.finish() }
                // Each person claimed before their mail goes out: a run started beside this one sends them nothing.
                let holder = "digest-run-\(UUID().text)"
                var elsewhere = 0
                for (i, recipient) in due.enumerated() {
                    progress.update(i + 1, of: due.count)
                    guard try await store.community.claimDigest(accountID: recipient.account.id, week: week.text, holder: holder) else {
                        elsewhere += 1
                        continue
                    }
                    let digest = try await WeeklyDigest.build(for: recipient, week: week, store: store)
                    if digest.isEmpty {
                        quiet += 1
                    } else {
                        do {
                            try await sender.send(digest.message(from: from, baseURL: publicURL))
                        } catch {
                            try? await store.community.releaseDigest(accountID: recipient.account.id, week: week.text, holder: holder)
                            throw CommandFailure(
                                "sending @\(recipient.account.username)'s digest failed: \(error); \(sent) sent before it, run again to continue"
                            )
                        }
                        sent += 1
                    }
                    // Recorded once handed over (or found empty): a second run sends nobody twice.
                    _ = try await store.community.recordDigest(
                        accountID: recipient.account.id, week: week.text, stickers: digest.stickerCount)
                }
                return
                    "\(week.text): sent \(sent) digest\(sent == 1 ? "" : "s"), \(quiet) with nothing new, \(alreadySent) already sent this week"
                    + (elsewhere > 0 ? ", \(elsewhere) left to another run" : "")
            }
            print(summary)
        }
    }
}
