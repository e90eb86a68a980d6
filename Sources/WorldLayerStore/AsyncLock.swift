/// A first-come, first-served lock for async code.
///
/// SQLite admits one writer at a time; queueing writers here, instead of letting
/// them spin in `busy_timeout` on the driver's few threads, keeps a waiting writer
/// from starving the one that holds the lock.
actor AsyncLock {
    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func lock() async {
        if !isLocked {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func unlock() {
        if waiters.isEmpty {
            isLocked = false
        } else {
            waiters.removeFirst().resume()
        }
    }

    func withLock<R: Sendable>(_ body: @Sendable () async throws -> R) async rethrows -> R {
        await lock()
        do {
            let r = try await body()
            unlock()
            return r
        } catch {
            unlock()
            throw error
        }
    }
}
