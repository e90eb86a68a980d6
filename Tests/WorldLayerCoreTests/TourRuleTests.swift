import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo

@Suite("Tour rules: stamping, passkeys, validation")
struct TourRuleTests {
    static let statue = Coordinate(latitude: 60.16951, longitude: 24.95227)
    static let stop = TourStop(
        id: TourStop.ID(), title: "Alexander II", text: "", kind: .info, position: statue,
        beacon: StopBeacon(uuid: UUID().uuidString, major: 1, minor: 7), radius: 20)
    let rule = StampRule(dwell: 5)
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    func at(_ metresNorth: Double, accuracy: Double = 5) -> PositionReport {
        let p = Geodesic.wgs84.direct(from: Self.statue, azimuth: 0, distance: metresNorth).coordinate
        return PositionReport(latitude: p.latitude, longitude: p.longitude, accuracy: accuracy)
    }

    @Test("a stop is stamped after staying within its radius for the dwell time, once; a single report never stamps")
    func dwell() {
        var presence = TourPresence()
        var out = rule.apply(at(40), to: presence, stops: [Self.stop], stamped: [], now: t0)
        #expect(out.atStop == nil && out.stamp == nil)
        presence = out.presence
        out = rule.apply(at(10), to: presence, stops: [Self.stop], stamped: [], now: t0 + 3)
        #expect(out.atStop == Self.stop.id && out.stamp == nil)
        out = rule.apply(at(5), to: out.presence, stops: [Self.stop], stamped: [], now: t0 + 6)
        #expect(out.stamp == nil)  // 3 s at the stop so far
        out = rule.apply(at(2), to: out.presence, stops: [Self.stop], stamped: [], now: t0 + 8.5)
        #expect(out.stamp == Self.stop.id)
        #expect(rule.apply(at(2), to: out.presence, stops: [Self.stop], stamped: [Self.stop.id], now: t0 + 9).stamp == nil)
        // Leaving resets the clock.
        var left = rule.apply(at(60), to: out.presence, stops: [Self.stop], stamped: [], now: t0 + 20)
        left = rule.apply(at(0), to: left.presence, stops: [Self.stop], stamped: [], now: t0 + 26)
        #expect(left.stamp == nil && left.atStop == Self.stop.id)
    }

    @Test("a jump no walker could make is not believed, now or later, until the trip's time has passed")
    func teleport() {
        var out = rule.apply(at(3_000), to: TourPresence(), stops: [Self.stop], stamped: [], now: t0)
        out = rule.apply(at(0), to: out.presence, stops: [Self.stop], stamped: [], now: t0 + 1)
        #expect(out.implausible != nil && out.atStop == nil)
        out = rule.apply(at(0), to: out.presence, stops: [Self.stop], stamped: [], now: t0 + 10)
        #expect(out.implausible != nil && out.stamp == nil)
        // 3 km at 12 m/s takes 250 s.
        out = rule.apply(at(0), to: out.presence, stops: [Self.stop], stamped: [], now: t0 + 260)
        #expect(out.implausible == nil && out.atStop == Self.stop.id && out.stamp == nil)
    }

    @Test("reports queued offline stamp by the times their fixes were taken; times no walker could report are not believed")
    func recordedOffline() {
        func later(_ metresNorth: Double, recorded: TimeInterval) -> PositionReport {
            var report = at(metresNorth)
            report.recordedAt = t0 + recorded
            return report
        }
        // Walked offline from t0 to t0 + 70; sent in one go at t0 + 600.
        var out = rule.apply(later(40, recorded: 0), to: TourPresence(), stops: [Self.stop], stamped: [], now: t0 + 600)
        out = rule.apply(later(5, recorded: 60), to: out.presence, stops: [Self.stop], stamped: [], now: t0 + 600)
        #expect(out.atStop == Self.stop.id && out.stamp == nil)
        out = rule.apply(later(2, recorded: 70), to: out.presence, stops: [Self.stop], stamped: [], now: t0 + 600.1)
        #expect(out.stamp == Self.stop.id && out.at == t0 + 70)
        // The same report again (a retry after a lost answer) changes nothing.
        #expect(
            rule.apply(later(2, recorded: 70), to: out.presence, stops: [Self.stop], stamped: [Self.stop.id], now: t0 + 601).implausible
                == nil)

        // Nobody walked before their account existed.
        #expect(
            rule.apply(later(2, recorded: 80), to: out.presence, stops: [Self.stop], stamped: [], now: t0 + 601, visitorSince: t0 + 90)
                .implausible == "recorded before the visitor's account existed")

        let before = out.presence
        for (report, why) in [
            (later(0, recorded: 30), "before the last report"), (later(0, recorded: 700), "in the future"),
            (later(0, recorded: 600 - 25 * 3600), "more than 24 h ago"),
        ] {
            let refused = rule.apply(report, to: before, stops: [Self.stop], stamped: [], now: t0 + 650)
            #expect(refused.implausible?.contains(why) == true && refused.presence == before && refused.atStop == nil, "\(why)")
        }
        // A device clock a little ahead is the server's now.
        #expect(rule.apply(later(2, recorded: 652), to: before, stops: [Self.stop], stamped: [], now: t0 + 650).at == t0 + 650)
    }

    @Test("a poor fix is not enough to be at a stop; the stop's beacon is")
    func accuracyAndBeacons() {
        #expect(rule.apply(at(0, accuracy: 80), to: TourPresence(), stops: [Self.stop], stamped: [], now: t0).atStop == nil)
        let beacon = PositionReport(beacon: Self.stop.beacon!.key.lowercased())
        let first = rule.apply(beacon, to: TourPresence(), stops: [Self.stop], stamped: [], now: t0)
        #expect(first.atStop == Self.stop.id && first.stamp == nil)
        #expect(rule.apply(beacon, to: first.presence, stops: [Self.stop], stamped: [], now: t0 + 5).stamp == Self.stop.id)
    }

    @Test("passkeys are 8 unambiguous symbols, typed forgivingly")
    func passkeys() {
        let keys = (0..<500).map { _ in Passkey.make() }
        #expect(Set(keys).count == 500)
        for k in keys {
            #expect(k.count == 9 && k.dropFirst(4).first == "-")
            #expect(!k.contains { "0O1IL2Z5S8BUV".contains($0) })
            #expect(Passkey.normalize(k.lowercased().replacingOccurrences(of: "-", with: " ")) == k.replacingOccurrences(of: "-", with: ""))
        }
        #expect(Passkey.normalize("ABCD-EFG") == nil && Passkey.normalize("0000-0000") == nil)
    }

    @Test("a tour names every field at fault")
    func validation() {
        let area = GeoPolygon([
            Coordinate(latitude: 60.16, longitude: 24.94), Coordinate(latitude: 60.16, longitude: 24.96),
            Coordinate(latitude: 60.18, longitude: 24.96),
        ])
        var bad = Self.stop
        bad.radius = 0
        bad.kind = .audio
        bad.position = Coordinate(latitude: 61, longitude: 25)
        let tour = Tour(
            id: Tour.ID(), slug: "Bad Slug", title: "", description: "", language: "english", mode: .open, area: area,
            stops: [Self.stop, bad])
        let fields = Set(tour.problems().map(\.field))
        #expect(
            fields == [
                "slug", "title", "language", "stops[1].id", "stops[1].beacon", "stops[1].position", "stops[1].radius", "stops[1].media",
            ])
    }

    @Test(
        "a model stop may face a direction, 0 to 360 degrees from north; a facing on another kind or out of range is refused",
        arguments: [
            (StopKind.model, 90.0, true), (.model, 0, true), (.model, 359.5, true), (.model, 360, false), (.model, -1, false),
            (.model, .nan, false), (.audio, 90, false),
        ])
    func facing(kind: StopKind, degrees: Double, allowed: Bool) {
        var stop = Self.stop
        stop.kind = kind
        stop.facing = degrees
        stop.media = [MediaRef(id: "m", contentType: kind == .model ? "model/gltf-binary" : "audio/mpeg", size: 1, name: "f")]
        let area = GeoPolygon([
            Coordinate(latitude: 60.16, longitude: 24.94), Coordinate(latitude: 60.16, longitude: 24.96),
            Coordinate(latitude: 60.18, longitude: 24.96),
        ])
        let tour = Tour(
            id: Tour.ID(), slug: "models", title: "Models", description: "", language: "en", mode: .open, area: area, stops: [stop])
        let problems = tour.problems().map(\.field)
        #expect(problems.contains("stops[0].facing") != allowed, "\(problems)")
    }
}

@Suite("A guide's new group, checked without a database")
struct NewTourGroupTests {
    @Test("a trimmed name, 1 to 500 passkeys, up to 30 days: every problem at once")
    func problems() {
        #expect(NewTourGroup(name: " Afternoon ", passkeys: 10).problems.isEmpty)
        #expect(NewTourGroup(name: " Afternoon ", passkeys: 10).trimmedName == "Afternoon")
        #expect(NewTourGroup(name: " ", passkeys: 0, validForHours: 721).problems.map(\.field) == ["name", "passkeys", "validForHours"])
        #expect(NewTourGroup(name: "x", passkeys: 501, validForHours: .nan).problems.map(\.field) == ["passkeys", "validForHours"])
        #expect(NewTourGroup(name: "x", passkeys: 1).hours == 12)
    }
}
