import Foundation
import HTTPTypes
import OpenAPIRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A network that fails on demand, to rehearse an app's offline paths against a real server
/// (pass it in `WorldLayer(middlewares:)`). While `down`, requests fail as with no network and
/// the ones in flight are cut; while `losingAnswers`, requests reach the server but their answers
/// are lost, the case that makes a retry dangerous.
public final class SimulatedNetwork: ClientMiddleware, Sendable {
    public enum Condition: Sendable, Hashable {
        case up, down, losingAnswers
    }

    private let state = LockedValue((condition: Condition.up, drops: 0))

    public init() {}

    public var condition: Condition {
        get { state.get().condition }
        set {
            state.update { state in
                if newValue == .down, state.condition != .down { state.drops += 1 }
                state.condition = newValue
            }
        }
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (condition, drops) = state.get()
        switch condition {
        case .down:
            throw URLError(.notConnectedToInternet)
        case .losingAnswers:
            _ = try await next(request, body, baseURL)
            throw URLError(.networkConnectionLost)
        case .up:
            // The answer, unless the network drops before it comes.
            // (The group ends before this call returns, so `next` does not really escape.)
            return try await withoutActuallyEscaping(next) { next in
                try await withThrowingTaskGroup(of: (HTTPResponse, HTTPBody?)?.self) { group in
                    group.addTask { try await next(request, body, baseURL) }
                    group.addTask {
                        while self.state.get().drops == drops { try await Task.sleep(for: .milliseconds(20)) }
                        return nil
                    }
                    defer { group.cancelAll() }
                    guard let answer = try await group.next(), let answer else { throw URLError(.networkConnectionLost) }
                    return answer
                }
            }
        }
    }
}
