import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerOSM
import WorldLayerRouting

@Suite("Routes written as the wire's JSON by hand")
struct RouteJSONTests {
    @Test func theSameBytesAsJSONEncoderForRealRoutes() throws {
        let places = HelsinkiNetwork.data.places
        var compared = 0
        for (from, to) in zip(places.prefix(40), places.dropFirst(40).prefix(40)) {
            guard
                let route = try? HelsinkiNetwork.router.route(
                    from: from.position, to: to.position, fromName: ("\(from.id)", from.name), toName: ("\(to.id)", to.name))
            else { continue }
            #expect(RouteJSON.encode(route) == Array(try WireJSON.encoder.encode(route)), "\(from.name) → \(to.name)")
            compared += 1
        }
        #expect(compared >= 30)
    }

    @Test func namesFromOpenStreetMapAreEscapedAsJSONEncoderDoes() throws {
        var route = try #require(
            try? HelsinkiNetwork.router.route(
                from: HelsinkiNetwork.data.places[0].position, to: HelsinkiNetwork.data.places[1].position))
        route.to.name = "A \"quoted\" \\ name/with\nlines\tand \u{01}\u{1F} controls, Töölö, 東京"
        route.steps[0].name = "\u{08}\u{0C}\r"
        route.from.placeId = nil
        #expect(RouteJSON.encode(route) == Array(try WireJSON.encoder.encode(route)))
        #expect(try WireJSON.decoder.decode(Route.self, from: Data(RouteJSON.encode(route))) == route)
    }
}
