import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerStore

/// What people wrote from the app's feedback form, for whoever runs the server.
struct FeedbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feedback", abstract: "Read feedback sent from the app, and mark it done.",
        subcommands: [List.self, Done.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Messages not yet handled, newest first: when, topic, who, the screen, then the message.")

        @OptionGroup var database: DatabaseOptions
        @Flag(help: "Handled messages too.") var all = false
        @Flag(help: "Print the messages as the API returns them.") var json = false

        func run() async throws {
            let messages = try await database.withStore { try await $0.feedback.list(includingDone: all, limit: 10_000) }
            if json {
                return print(String(decoding: try WireJSON.prettyEncoder.encode(["feedback": messages]), as: UTF8.self))
            }
            if messages.isEmpty { return print(all ? "no feedback yet" : "no feedback waiting") }
            for m in messages {
                let who = m.username.map { "@\($0)" } ?? "signed out"
                let answer = m.email.map { " <\($0)>" } ?? ""
                let status = m.status == .done ? " (done)" : ""
                let heading =
                    "\(WireJSON.time(m.createdAt))  \(m.topic.rawValue)  \(who)\(answer)  \(m.screen ?? "-")  \(m.id.text)\(status)"
                print(TerminalText.safe(heading))
                print("    " + TerminalText.safe(m.message, keepingNewlines: true).replacingOccurrences(of: "\n", with: "\n    "))
            }
        }
    }

    struct Done: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a message handled.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The message's id (from `worldlayer feedback list`).") var id: String

        func run() async throws {
            guard let feedbackID = Feedback.ID(id) else { throw ValidationError("'\(id)' is not a message id") }
            let marked = try await database.withStore { try await $0.feedback.mark(feedbackID, .done) }
            guard marked != nil else { throw CommandFailure("no message with id \(id)") }
            print("marked \(id) done")
        }
    }
}
