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

    /// The mail's words in one language: the greeting (with the name, or none), the subject and the body.
    struct Words {
        var hello: (String?) -> String
        var subject: (String) -> String
        var body: (_ tour: String, _ question: String, _ answer: String) -> String
    }

    /// English, Finnish and Swedish, as the client speaks; another language gets English.
    static func words(_ language: String?) -> Words {
        switch language?.split(separator: "-").first?.lowercased() {
        case "fi":
            Words(
                hello: { $0.map { "Hei \($0)," } ?? "Hei," }, subject: { "Kysymyksesi kierroksella \($0): oppaan vastaus" },
                body: { tour, question, answer in
                    "Kysyit kierroksella ”\(tour)”:\n\n\(question)\n\nOppaasi vastasi:\n\n\(answer)\n\n"
                        + "Annoit tämän osoitteen kysymyksesi kanssa, jotta vastaus tavoittaisi sinut; se säilytetään vain kysymyksen\n"
                        + "yhteydessä oppaalle eikä sitä käytetä mihinkään muuhun."
                })
        case "sv":
            Words(
                hello: { $0.map { "Hej \($0)," } ?? "Hej," }, subject: { "Din fråga på \($0): guidens svar" },
                body: { tour, question, answer in
                    "På ”\(tour)” frågade du:\n\n\(question)\n\nDin guide svarade:\n\n\(answer)\n\n"
                        + "Du gav den här adressen med din fråga så att svaret skulle nå dig; den sparas bara med frågan,\n"
                        + "för guiden, och används inte till något annat."
                })
        default:
            Words(
                hello: { $0.map { "Hello \($0)," } ?? "Hello," }, subject: { "Your question on \($0): the guide's answer" },
                body: { tour, question, answer in
                    "On “\(tour)” you asked:\n\n\(question)\n\nYour guide answered:\n\n\(answer)\n\n"
                        + "You gave this address with your question so that the answer could reach you; it is kept\n"
                        + "with the question only, for the guide, and is not used for anything else."
                })
        }
    }

    /// Mails `question`'s answer to its address, in the language it was asked in; nothing when it
    /// has no address or no answer.
    public func send(_ question: TourQuestion, tourTitle: String, now: Date) async throws {
        guard let address = question.email, let answer = question.answer else { return }
        let words = Self.words(question.language)
        let body = "\(words.hello(question.participantName))\n\n\(words.body(tourTitle, question.text, answer))\n\n\(publicURL)"
        let host = URL(string: publicURL)?.host ?? "localhost"
        try await sender.send(
            EmailMessage(
                from: from, to: EmailMessage.mailbox(name: question.participantName ?? "", address: address),
                subject: words.subject(tourTitle), body: body, messageID: "\(UUID().text)@\(host)", date: now))
    }
}
