import Foundation
import Testing

@testable import WorldLayerServer

/// The live hub's reads give up on a query that never answers (``withDeadline(_:_:)``).
@Suite("Work with a deadline")
struct DeadlineTests {
    /// Work that never comes back, as a query sent into a cut network did.
    private static func never() async throws -> Int {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        return 0
    }

    @Test("work that answers in time gives its answer; its error is its own")
    func inTime() async throws {
        #expect(try await withDeadline(.seconds(10)) { 42 } == 42)
        await #expect(throws: CocoaError.self) {
            try await withDeadline(.seconds(10)) { () async throws -> Int in throw CocoaError(.fileNoSuchFile) }
        }
    }

    @Test("work that never answers is given up at the deadline, even by a cancelled caller; work that heeds cancellation ends with it")
    func neverAnswers() async throws {
        await #expect(throws: DeadlineExceeded.self) { try await withDeadline(.milliseconds(200)) { try await Self.never() } }
        let deaf = Task { try await withDeadline(.milliseconds(300)) { try await Self.never() } }
        deaf.cancel()
        await #expect(throws: DeadlineExceeded.self) { try await deaf.value }
        let heeding = Task { try await withDeadline(.seconds(3600)) { try await Task.sleep(for: .seconds(3600)) } }
        try await Task.sleep(for: .milliseconds(50))
        heeding.cancel()
        await #expect(throws: CancellationError.self) { try await heeding.value }
    }
}
