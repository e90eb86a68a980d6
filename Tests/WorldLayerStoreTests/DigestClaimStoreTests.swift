import Foundation
import Testing
import WorldLayerCore
import WorldLayerStore
import WorldLayerTestSupport

/// One weekly digest per person however many runs start at once, and a run that died finished by the next.
@Suite("Weekly digest claims in the store")
struct DigestClaimStoreTests {
    @Test(
        "a claim is one run's; another is refused until its lease runs out unsent, then takes it over; once sent, no one claims it",
        arguments: ScratchDatabase.engines)
    func claims(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let ada = try await store.accounts.create(
            NewAccount(username: "ada", email: "ada@example.org", displayName: "Ada", birthday: "1990-01-01", passwordHash: "x"))
        let community = store.community, week = "2026-W49", t0 = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try await community.claimDigest(accountID: ada.id, week: week, holder: "a", lease: 600, now: t0))
        #expect(try await !community.claimDigest(accountID: ada.id, week: week, holder: "b", lease: 600, now: t0.addingTimeInterval(599)))
        // "a" died before sending: after the lease, "b" finishes it.
        #expect(try await community.claimDigest(accountID: ada.id, week: week, holder: "b", lease: 600, now: t0.addingTimeInterval(601)))
        #expect(try await community.recordDigest(accountID: ada.id, week: week, stickers: 2, now: t0.addingTimeInterval(602)))
        #expect(try await !community.claimDigest(accountID: ada.id, week: week, holder: "c", lease: 600, now: t0.addingTimeInterval(9_999)))
        // A claim given back (its mail refused) is free at once, to its holder only.
        #expect(try await community.claimDigest(accountID: ada.id, week: "2026-W51", holder: "d", lease: 600, now: t0))
        try await community.releaseDigest(accountID: ada.id, week: "2026-W51", holder: "someone else")
        #expect(try await !community.claimDigest(accountID: ada.id, week: "2026-W51", holder: "e", lease: 600, now: t0))
        try await community.releaseDigest(accountID: ada.id, week: "2026-W51", holder: "d")
        #expect(try await community.claimDigest(accountID: ada.id, week: "2026-W51", holder: "e", lease: 600, now: t0))
        // Another week is another digest.
        #expect(try await community.claimDigest(accountID: ada.id, week: "2026-W50", holder: "c", lease: 600, now: t0))
        try await store.close()
    }

    @Test("eight runs claiming the same people at once: each person is claimed by exactly one", arguments: ScratchDatabase.engines)
    func concurrentClaims(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        var people: [Account.ID] = []
        for i in 0..<10 {
            people.append(
                try await store.accounts.create(
                    NewAccount(username: "p\(i)", email: "p\(i)@example.org", displayName: "P", birthday: "1990-01-01", passwordHash: "x")
                ).id)
        }
        let community = store.community, ids = people
        let won = try await withThrowingTaskGroup(of: [Account.ID].self) { group in
            for run in 0..<8 {
                group.addTask {
                    var mine: [Account.ID] = []
                    for id in ids where try await community.claimDigest(accountID: id, week: "2026-W49", holder: "run-\(run)") {
                        mine.append(id)
                    }
                    return mine
                }
            }
            return try await group.reduce(into: [Account.ID]()) { $0 += $1 }
        }
        #expect(won.count == people.count && Set(won) == Set(people), "\(won.count) claims for \(people.count) people")
        try await store.close()
    }
}
