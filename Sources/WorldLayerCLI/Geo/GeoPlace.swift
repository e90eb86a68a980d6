import ArgumentParser
import Foundation
import WorldLayerGeo

struct GeoPlace: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place",
        abstract: "Place a geo anchor in the AR session frame of a device (x east/right, y up, −z along the heading).")

    @Option(help: "Device latitude, degrees.") var deviceLatitude: Double
    @Option(help: "Device longitude, degrees.") var deviceLongitude: Double
    @Option(help: "Device height above the WGS84 ellipsoid, metres.") var deviceAltitude: Double = 0
    @Option(help: "Device horizontal accuracy (1σ), metres.") var horizontalAccuracy: Double = 0
    @Option(help: "Device vertical accuracy (1σ), metres.") var verticalAccuracy: Double = 0
    @Option(help: "True heading of the session's −z axis, degrees.") var heading: Double = 0
    @Option(help: "Heading accuracy (1σ), degrees.") var headingAccuracy: Double = 0
    @Option(help: "Anchor latitude, degrees.") var anchorLatitude: Double
    @Option(help: "Anchor longitude, degrees.") var anchorLongitude: Double
    @Option(help: "Anchor altitude, metres, read according to --altitude-mode.") var anchorAltitude: Double = 0
    @Option(help: "absolute (ellipsoidal), relativeToDevice or relativeToGround.") var altitudeMode: String = "relativeToGround"

    func validate() throws {
        for (name, lat) in [("--device-latitude", deviceLatitude), ("--anchor-latitude", anchorLatitude)] where !(abs(lat) <= 90) {
            throw ValidationError("\(name) must be within [-90, 90]")
        }
        guard AltitudeMode(rawValue: altitudeMode) != nil else {
            throw ValidationError("--altitude-mode must be absolute, relativeToDevice or relativeToGround")
        }
        for (name, v) in [
            ("--horizontal-accuracy", horizontalAccuracy), ("--vertical-accuracy", verticalAccuracy),
            ("--heading-accuracy", headingAccuracy),
        ]
        where !(v >= 0) {
            throw ValidationError("\(name) must be ≥ 0")
        }
    }

    func run() {
        let device = DeviceFix(
            latitude: deviceLatitude, longitude: deviceLongitude, altitude: deviceAltitude,
            horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, heading: heading, headingAccuracy: headingAccuracy)
        let p = device.place(
            GeoAnchor(
                latitude: anchorLatitude, longitude: anchorLongitude, altitude: anchorAltitude,
                altitudeMode: AltitudeMode(rawValue: altitudeMode) ?? .relativeToGround))
        print(String(format: "x %.4f y %.4f z %.4f", p.x, p.y, p.z))
        print(String(format: "distance %.4f ground %.4f bearing %.8f", p.distance, p.groundDistance, p.bearing))
        print(String(format: "uncertainty horizontal %.3f vertical %.3f", p.horizontalUncertainty, p.verticalUncertainty))
    }
}
