import Foundation
import Testing
import WorldLayerStore
import WorldLayerTestSupport

/// One server runs each site-wide job; when it dies another takes over.
@Suite("Job leases in the store")
struct JobLeaseStoreTests {
    @Test(
        "a lease is one server's while it renews it; another takes it when it runs out or is given back, not before",
        arguments: ScratchDatabase.engines)
    func leases(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let leases = store.jobLeases, t0 = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try await leases.hold("maintenance", holder: "a", for: 15, now: t0))
        #expect(try await !leases.hold("maintenance", holder: "b", for: 15, now: t0.addingTimeInterval(14)))
        // "a" renews: still its own at 20 s, though the first lease ran to 15.
        #expect(try await leases.hold("maintenance", holder: "a", for: 15, now: t0.addingTimeInterval(10)))
        #expect(try await !leases.hold("maintenance", holder: "b", for: 15, now: t0.addingTimeInterval(20)))
        #expect(try await leases.holder(of: "maintenance", now: t0.addingTimeInterval(20)) == "a")
        // "a" died: after its lease "b" holds it, and "a" coming back does not take it back.
        #expect(try await leases.holder(of: "maintenance", now: t0.addingTimeInterval(26)) == nil)
        #expect(try await leases.hold("maintenance", holder: "b", for: 15, now: t0.addingTimeInterval(26)))
        #expect(try await !leases.hold("maintenance", holder: "a", for: 15, now: t0.addingTimeInterval(27)))
        // Given back (a graceful stop) it is free at once; giving back another's lease changes nothing.
        try await leases.release("maintenance", holder: "a")
        #expect(try await leases.holder(of: "maintenance", now: t0.addingTimeInterval(28)) == "b")
        try await leases.release("maintenance", holder: "b")
        #expect(try await leases.hold("maintenance", holder: "a", for: 15, now: t0.addingTimeInterval(28)))
        // Another job is another lease.
        #expect(try await leases.hold("media sweep", holder: "b", for: 15, now: t0.addingTimeInterval(28)))
        try await store.close()
    }

    @Test("eight servers asking at once, again and again: at each moment exactly one holds the lease", arguments: ScratchDatabase.engines)
    func concurrentHolders(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let leases = store.jobLeases, t0 = Date(timeIntervalSince1970: 1_800_000_000)
        // Each round the lease has run out (20 s apart, 15 s long): one of the eight takes it.
        for round in 0..<10 {
            let now = t0.addingTimeInterval(Double(round) * 20)
            let holders = try await withThrowingTaskGroup(of: String?.self) { group in
                for server in 0..<8 {
                    group.addTask { try await leases.hold("maintenance", holder: "s\(server)", for: 15, now: now) ? "s\(server)" : nil }
                }
                return try await group.reduce(into: [String]()) { if let h = $1 { $0.append(h) } }
            }
            #expect(holders.count == 1, "round \(round): \(holders)")
            #expect(try await leases.holder(of: "maintenance", now: now) == holders.first)
        }
        try await store.close()
    }
}
