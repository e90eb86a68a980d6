import Foundation
import Testing
import WorldLayerCore

/// Who may suspend whom, and what a suspension request must say: no database.
@Suite("Suspensions")
struct SuspensionTests {
    func account(_ role: AccountRole) -> Account {
        Account(
            id: Account.ID(), username: "\(role)", email: "x@example.org", displayName: "X", birthday: "1990-01-01", role: role,
            createdAt: Date())
    }

    @Test("moderators suspend people; admins suspend moderators too; nobody suspends an admin or themselves")
    func whoMay() {
        let user = account(.user), moderator = account(.moderator), admin = account(.admin)
        #expect(Suspension.maySuspend(user, by: moderator) && Suspension.maySuspend(user, by: admin))
        #expect(Suspension.maySuspend(moderator, by: admin))
        #expect(!Suspension.maySuspend(account(.moderator), by: moderator))
        #expect(!Suspension.maySuspend(admin, by: account(.admin)) && !Suspension.maySuspend(moderator, by: moderator))
        #expect(!Suspension.maySuspend(account(.user), by: user))
    }

    @Test("an hour to a year, with a reason the person is shown")
    func request() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let week = SuspensionRequest(hours: 168, reason: "  spam stickers  ")
        #expect(week.problems.isEmpty)
        #expect(week.suspension(from: now) == Suspension(until: now.addingTimeInterval(604_800), reason: "spam stickers"))
        #expect(week.suspension(from: now).explanation.contains("spam stickers"))
        #expect(SuspensionRequest(hours: 0.5, reason: "x").problems.map(\.field) == ["hours"])
        #expect(SuspensionRequest(hours: .infinity, reason: "x").problems.map(\.field) == ["hours"])
        #expect(SuspensionRequest(hours: 9_000, reason: " ").problems.map(\.field) == ["hours", "reason"])
        #expect(SuspensionRequest(hours: 24, reason: String(repeating: "x", count: 501)).problems.map(\.field) == ["reason"])
    }
}
