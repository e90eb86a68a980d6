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

    /// The mail's words in one language; `{name}` and `{tour}` are filled in.
    struct Words {
        var hello, helloName, subject, asked, answered, kept: String
    }

    /// English, Finnish and Swedish, as the client speaks; another language gets English.
    static func words(_ language: String?) -> Words {
        switch language.flatMap(Language.init(tag:)) ?? .english {
        case .finnish:
            Words(
                hello: "Hei,", helloName: "Hei {name},", subject: "Kysymyksesi kierroksella {tour}: oppaan vastaus",
                asked: "Kysyit kierroksella ”{tour}”:", answered: "Oppaasi vastasi:",
                kept: "Annoit tämän osoitteen kysymyksesi kanssa, jotta vastaus tavoittaisi sinut; se säilytetään vain kysymyksen\n"
                    + "yhteydessä oppaalle eikä sitä käytetä mihinkään muuhun.")
        case .swedish:
            Words(
                hello: "Hej,", helloName: "Hej {name},", subject: "Din fråga på {tour}: guidens svar", asked: "På ”{tour}” frågade du:",
                answered: "Din guide svarade:",
                kept: "Du gav den här adressen med din fråga så att svaret skulle nå dig; den sparas bara med frågan,\n"
                    + "för guiden, och används inte till något annat.")
        case .english:
            Words(
                hello: "Hello,", helloName: "Hello {name},", subject: "Your question on {tour}: the guide's answer",
                asked: "On “{tour}” you asked:", answered: "Your guide answered:",
                kept: "You gave this address with your question so that the answer could reach you; it is kept\n"
                    + "with the question only, for the guide, and is not used for anything else.")
        }
    }

    /// Mails `question`'s answer to its address, in the language it was asked in; nothing when it
    /// has no address or no answer.
    public func send(_ question: TourQuestion, tourTitle: String, now: Date) async throws {
        guard let address = question.email, let answer = question.answer else { return }
        let words = Self.words(question.language)
        let fill = { (text: String) in text.filling(["tour": tourTitle]) }
        let hello = question.participantName.map { words.helloName.filling(["name": $0]) } ?? words.hello
        let body = [hello, fill(words.asked), question.text, words.answered, answer, words.kept, publicURL].joined(separator: "\n\n")
        let host = URL(string: publicURL)?.host ?? "localhost"
        try await sender.send(
            EmailMessage(
                from: from, to: EmailMessage.mailbox(name: question.participantName ?? "", address: address),
                subject: fill(words.subject), body: body, messageID: "\(UUID().text)@\(host)", date: now))
    }
}
