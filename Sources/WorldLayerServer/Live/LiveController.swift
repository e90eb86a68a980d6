import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// `GET /v1/live`: a WebSocket on which a client subscribes to cells and receives
/// created / updated / deleted events for the stickers it may see, each with its
/// sequence number; `since` resumes after a disconnect without missing anything.
struct LiveController {
    static let maximumCells = 100
    let store: Store
    let hub: LiveHub

    func register(_ routes: Routes) {
        routes.router.ws("/v1/live") { _, _ in .upgrade([:]) } onUpgrade: { inbound, outbound, context in
            try await serve(inbound: inbound, outbound: outbound, context: context.requestContext)
        }
        routes.table.add(.get, "/v1/live")
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, context: AppRequestContext) async throws {
        let viewer = try await store.viewer(context.account?.id)
        let id = UUID()
        let (frames, sink) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(50_000))
        let closedByServer = ClosedFlag()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await frame in frames { try await outbound.writeTextMessage(frame) }
                if closedByServer.isSet { try? await outbound.close(.policyViolation, reason: "the account no longer exists") }
            }
            defer { sink.finish() }
            for try await message in inbound.messages(maxSize: 64 << 10) {
                guard case .text(let text) = message, let command = try? JSONDecoder().decode(LiveCommand.self, from: Data(text.utf8)) else {
                    sink.yield(LiveMessage.error("send JSON like {\"type\":\"subscribe\",\"cells\":[\"…\"],\"since\":0}").text)
                    continue
                }
                guard command.type == "subscribe" else {
                    sink.yield(LiveMessage.error("unknown command '\(command.type)'; use 'subscribe'").text)
                    continue
                }
                let cells = command.cells ?? []
                guard cells.count <= Self.maximumCells, cells.allSatisfy({ CellID($0) != nil }) else {
                    sink.yield(LiveMessage.error("cells must be at most \(Self.maximumCells) cell ids (8 characters each)").text)
                    continue
                }
                _ = try await hub.subscribe(
                    id: id, viewer: viewer, cells: Set(cells), since: command.since, send: { sink.yield($0) },
                    close: {
                        closedByServer.set()
                        sink.finish()
                    })
            }
            await hub.unsubscribe(id: id)
        }
        await hub.unsubscribe(id: id)
    }
}

/// Set once, from any thread.
final class ClosedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
