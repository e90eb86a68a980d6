import Foundation
import Testing
import WorldLayerCore
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Accounts and sessions in the store")
struct AccountStoreTests {
    func newAccount(_ name: String, email: String? = nil) -> NewAccount {
        NewAccount(
            username: name, email: email ?? "\(name)@example.org", displayName: name.capitalized, birthday: "1990-01-01",
            passwordHash: "hash-\(name)")
    }

    @Test("create, read back by id and by login in any case", arguments: ScratchDatabase.engines)
    func createAndRead(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let created = try await store.accounts.create(newAccount("Ada"))
        #expect(try await store.accounts.account(id: created.id) == created)
        #expect(try await store.accounts.credentials(login: "ada")?.account.id == created.id)
        #expect(try await store.accounts.credentials(login: "ADA@EXAMPLE.ORG")?.passwordHash == "hash-Ada")
        #expect(try await store.accounts.credentials(login: "nobody") == nil)
        try await store.close()
    }

    @Test("usernames and emails are unique ignoring case, and the conflict names the field", arguments: ScratchDatabase.engines)
    func uniqueness(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        _ = try await store.accounts.create(newAccount("grace"))
        await #expect { try await store.accounts.create(newAccount("GRACE", email: "other@example.org")) } throws: { error in
            (error as? StoreError)?.field == "username"
        }
        await #expect { try await store.accounts.create(newAccount("grace2", email: "Grace@Example.org")) } throws: { error in
            (error as? StoreError)?.field == "email"
        }
        #expect(try await store.accounts.list().count == 1)
        try await store.close()
    }

    @Test("parallel sign-ups for one name: exactly one wins, none is lost or doubled", arguments: ScratchDatabase.engines)
    func parallelWrites(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        // Each attempt's refusal, nil for a success.
        let refusals = await withTaskGroup(of: String?.self) { group in
            for i in 0..<40 {
                group.addTask {
                    // Half race for one username; half create distinct accounts.
                    let name = i % 2 == 0 ? "contested" : "user\(i)"
                    do {
                        _ = try await store.accounts.create(newAccount(name, email: "\(i)@example.org"))
                        return nil
                    } catch {
                        return "\(name): \(String(reflecting: error))"
                    }
                }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        let unexpected = refusals.compactMap { $0 }.filter { !$0.hasPrefix("contested:") }
        #expect(unexpected.isEmpty, "\(unexpected)")
        #expect(refusals.filter { $0 == nil }.count == 21)
        let all = try await store.accounts.list(limit: 100)
        #expect(all.count == 21)
        #expect(all.filter { $0.username == "contested" }.count == 1)
        try await store.close()
    }

    @Test("sessions: valid until deleted or expired; account deletion ends them", arguments: ScratchDatabase.engines)
    func sessions(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let a = try await store.accounts.create(newAccount("linus"))
        let now = Date()
        try await store.accounts.createSession(tokenHash: "t1", accountID: a.id, now: now, expiresAt: now.addingTimeInterval(3600))
        try await store.accounts.createSession(tokenHash: "t2", accountID: a.id, now: now, expiresAt: now.addingTimeInterval(3600))
        #expect(try await store.accounts.account(sessionTokenHash: "t1")?.id == a.id)
        #expect(try await store.accounts.account(sessionTokenHash: "t1", now: now.addingTimeInterval(7200)) == nil)
        #expect(try await store.accounts.deleteSession(tokenHash: "t1"))
        #expect(try await store.accounts.account(sessionTokenHash: "t1") == nil)
        #expect(try await store.accounts.account(sessionTokenHash: "t2")?.id == a.id)
        #expect(try await store.accounts.delete(id: a.id))
        #expect(try await store.accounts.account(sessionTokenHash: "t2") == nil)
        #expect(try await store.accounts.account(id: a.id) == nil)
        #expect(try await store.accounts.delete(id: a.id) == false)
        try await store.close()
    }

    @Test("changing the password keeps the current session and ends the others", arguments: ScratchDatabase.engines)
    func changePassword(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let a = try await store.accounts.create(newAccount("barbara"))
        let later = Date().addingTimeInterval(3600)
        for t in ["keep", "drop1", "drop2"] { try await store.accounts.createSession(tokenHash: t, accountID: a.id, expiresAt: later) }
        try await store.accounts.changePassword(accountID: a.id, newHash: "new", keeping: "keep")
        #expect(try await store.accounts.sessionCount(accountID: a.id) == 1)
        #expect(try await store.accounts.account(sessionTokenHash: "keep")?.id == a.id)
        #expect(try await store.accounts.passwordHash(accountID: a.id) == "new")
        try await store.close()
    }

    @Test("paging through accounts in username order", arguments: ScratchDatabase.engines)
    func paging(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        for n in ["c", "a", "e", "b", "d"] { _ = try await store.accounts.create(newAccount("user_\(n)")) }
        let first = try await store.accounts.list(limit: 2)
        #expect(first.map(\.username) == ["user_a", "user_b"])
        let next = try await store.accounts.list(limit: 10, after: first.last?.username)
        #expect(next.map(\.username) == ["user_c", "user_d", "user_e"])
        try await store.close()
    }

    @Test("a committed write survives closing and reopening the store", arguments: ScratchDatabase.engines)
    func durability(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
        try await store.migrate()
        let a = try await store.accounts.create(newAccount("durable"))
        try await store.close()
        let reopened = try Store.open(url, logger: ScratchDatabase.quietLogger)
        #expect(try await reopened.accounts.account(id: a.id)?.username == "durable")
        try await reopened.close()
    }
}
