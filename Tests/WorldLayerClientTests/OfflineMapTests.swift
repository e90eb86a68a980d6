import Foundation
import Testing
import WorldLayerClient
import WorldLayerGeo
import WorldLayerRouting
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("WorldLayerClient: routes offline on downloaded walkways")
struct OfflineMapTests {
    static let station = Coordinate(latitude: 60.1700, longitude: 24.9400)
    static let cathedral = Coordinate(latitude: 60.1705, longitude: 24.9520)

    @Test(
        "a route on the downloaded ways is the server's route, and following it works with no network",
        arguments: ScratchDatabase.engines)
    func offlineRoute(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        _ = try await DemoMap.importInto(url)
        try await withLiveServer(engine, configure: { $0.database = url }) { server in
            let network = SimulatedNetwork()
            let world = WorldLayer(server: server, middlewares: [network])
            let online = try await world.routes.walk(from: Self.station, to: Self.cathedral)
            let downloaded = try await world.routes.download(around: Self.station, radius: 1_500)
            #expect(!downloaded.truncated && downloaded.walkways.count > 100)

            // Kept on the device and read back, then used with the network gone.
            let kept = try JSONDecoder().decode(OfflineMap.self, from: JSONEncoder().encode(downloaded))
            network.condition = .down
            await #expect(throws: WorldLayerError.self) { try await world.routes.walk(from: Self.station, to: Self.cathedral) }
            let offline = try kept.walk(from: Self.station, to: Self.cathedral)
            #expect(abs(offline.length - online.length) < 0.5, "offline \(offline.length) m, online \(online.length) m")
            #expect(offline.steps.map(\.instruction) == online.steps.map(\.instruction))

            let halfway = offline.geometry.points[offline.geometry.points.count / 2]
            let onIt = kept.progress(at: halfway, along: offline)
            #expect(!onIt.offRoute && onIt.remaining > 0 && onIt.remaining < offline.length)
            let astray = Geodesic.wgs84.direct(from: halfway, azimuth: 0, distance: 200).coordinate
            #expect(kept.progress(at: astray, along: offline).offRoute)
        }
    }
}
