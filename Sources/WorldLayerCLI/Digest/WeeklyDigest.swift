import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServices
import WorldLayerStore

/// One person's week: new stickers near home, the most popular of them, and what is new under the
/// people, tags and groups they follow — all through the visibility rule, as their own feed would show.
struct WeeklyDigest {
    var recipient: DigestRecipient
    var week: ISOWeek
    var nearby: [NearbySticker]
    var popular: [NearbySticker]
    var followed: [FeedItem]

    var isEmpty: Bool { nearby.isEmpty && followed.isEmpty }
    var stickerCount: Int { Set(nearby.map(\.sticker.id) + followed.map(\.sticker.id)).count }

    static func build(for recipient: DigestRecipient, week: ISOWeek, store: Store) async throws -> WeeklyDigest {
        let viewer = try await store.accounts.viewer(recipient.account.id)
        let found = try await store.community.stickers(createdIn: week.interval, viewer: viewer, near: recipient.home)
        let popularity = try await store.community.popularity(of: found.nearby.map(\.sticker.id), since: week.interval.start)
        let popular = found.nearby.filter { (popularity[$0.sticker.id]?.views ?? 0) > 0 }
            .sorted { (popularity[$0.sticker.id]?.views ?? 0) > (popularity[$1.sticker.id]?.views ?? 0) }.prefix(5)
        return WeeklyDigest(recipient: recipient, week: week, nearby: found.nearby, popular: Array(popular), followed: found.followed)
    }

    /// The e-mail, in the recipient's language.
    func message(from: String, baseURL: String) -> EmailMessage {
        let a = recipient.account
        let words = DigestWords.of(a.language)
        var lines = [words.hello.filling(["name": a.displayName]), "", words.week.filling(["week": week.text])]
        func item(_ s: Sticker, _ extra: String) -> String {
            let text = s.text.isEmpty ? words.textless.filling(["template": s.templateId]) : "“\(s.text)”"
            return words.item.filling(["text": text, "author": s.author.username, "extra": extra, "link": "\(baseURL)/s/\(s.id.text)"])
        }
        func away(_ n: NearbySticker) -> String { words.away.filling(["metres": String(format: "%.0f", n.distance)]) }
        if recipient.home != nil {
            lines += ["", words.nearby.filling(["count": "\(nearby.count)"])]
            lines += nearby.prefix(20).map { item($0.sticker, away($0)) }
            if nearby.isEmpty { lines.append(words.nothing) }
            if !popular.isEmpty {
                lines += ["", words.popular]
                lines += popular.map { item($0.sticker, away($0)) }
            }
        }
        lines += ["", words.followed.filling(["count": "\(followed.count)"])]
        lines += followed.prefix(30).map { f in
            item(
                f.sticker,
                f.reason == .tag ? words.underTag.filling(["tag": f.sticker.tags.first ?? ""]) : f.reason == .group ? words.inGroup : "")
        }
        if followed.isEmpty { lines.append(words.nothing) }
        lines += [""] + words.footer.map { $0.filling(["base": baseURL]) } + [""]
        let subject = stickerCount == 1 ? words.subjectOne : words.subjectMany.filling(["count": "\(stickerCount)"])
        return EmailMessage(
            from: from, to: EmailMessage.mailbox(name: a.displayName, address: a.email), subject: subject,
            body: lines.joined(separator: "\n"),
            messageID: "digest-\(week.text)-\(a.id.text)@worldlayer", date: Date())
    }
}

/// An ISO 8601 week (`2026-W47`): Monday 00:00 UTC to the next Monday.
struct ISOWeek: Equatable {
    var year: Int
    var week: Int

    static var calendar: Calendar {
        var c = Calendar(identifier: .iso8601)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }

    init(containing date: Date) {
        let c = Self.calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        year = c.yearForWeekOfYear ?? 1970
        week = c.weekOfYear ?? 1
    }

    init?(_ text: String) {
        let parts = text.uppercased().split(separator: "-W")
        guard parts.count == 2, let y = Int(parts[0]), let w = Int(parts[1]), (1...53).contains(w), (1970...9999).contains(y) else {
            return nil
        }
        year = y
        week = w
        // Week 53 exists only in some years.
        guard ISOWeek(containing: interval.start).week == w else { return nil }
    }

    var text: String { String(format: "%04d-W%02d", year, week) }

    var interval: DateInterval {
        let start = Self.calendar.date(from: DateComponents(weekday: 2, weekOfYear: week, yearForWeekOfYear: year))!
        return DateInterval(start: start, duration: 7 * 86_400)
    }
}
