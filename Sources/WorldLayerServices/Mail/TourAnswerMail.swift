import Foundation
import WorldLayerCore

/// A guide's answer mailed to the visitor who asked for it by giving an address with the question
/// (a prospective student who wants the answer after the tour). Only the question, the answer and
/// the tour's name go out: nothing of the group or the other visitors.
public struct TourAnswerMail: Sendable {
    let sender: any MailSender
    let from: String
    let publicURL: String

    public init(sender: any MailSender, from: String, publicURL: String) {
        self.sender = sender
        self.from = from
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
    }

    /// Mails `question`'s answer to its address; nothing when it has no address or no answer.
    public func send(_ question: TourQuestion, tourTitle: String, now: Date) async throws {
        guard let address = question.email, let answer = question.answer else { return }
        let greeting = question.participantName.map { "Hello \($0)," } ?? "Hello,"
        let body = """
            \(greeting)

            On “\(tourTitle)” you asked:

            \(question.text)

            Your guide answered:

            \(answer)

            You gave this address with your question so that the answer could reach you; it is kept
            with the question only, for the guide, and is not used for anything else.

            \(publicURL)
            """
        let host = URL(string: publicURL)?.host ?? "localhost"
        try await sender.send(
            EmailMessage(
                from: from, to: EmailMessage.mailbox(name: question.participantName ?? "", address: address),
                subject: "Your question on \(tourTitle): the guide's answer", body: body, messageID: "\(UUID().text)@\(host)", date: now))
    }
}
