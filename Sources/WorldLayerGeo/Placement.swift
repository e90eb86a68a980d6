import Foundation

/// How an anchor's altitude is to be read.
public enum AltitudeMode: String, Sendable, Codable, CaseIterable {
    /// Height above the WGS84 ellipsoid, the datum GPS reports.
    case absolute
    /// Metres above (or below) the device.
    case relativeToDevice
    /// Metres above the ground under the device (the device's height minus its height above ground).
    case relativeToGround
}

/// Where the device is and which way it faces, with the accuracies its sensors report.
public struct DeviceFix: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double
    /// Ellipsoidal height in metres.
    public var altitude: Double
    /// One-sigma horizontal position accuracy in metres.
    public var horizontalAccuracy: Double
    /// One-sigma vertical accuracy in metres.
    public var verticalAccuracy: Double
    /// True heading of the AR session's −z axis, degrees clockwise from north.
    public var heading: Double
    /// One-sigma heading accuracy in degrees.
    public var headingAccuracy: Double
    /// How high the device is held above the ground, for `relativeToGround` anchors.
    public var heightAboveGround: Double

    public init(
        latitude: Double, longitude: Double, altitude: Double,
        horizontalAccuracy: Double = 0, verticalAccuracy: Double = 0,
        heading: Double = 0, headingAccuracy: Double = 0, heightAboveGround: Double = 1.5
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.heading = heading
        self.headingAccuracy = headingAccuracy
        self.heightAboveGround = heightAboveGround
    }
}

/// A geographic anchor: a position and how its altitude is meant.
public struct GeoAnchor: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double
    public var altitudeMode: AltitudeMode

    public init(latitude: Double, longitude: Double, altitude: Double = 0, altitudeMode: AltitudeMode = .relativeToGround) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.altitudeMode = altitudeMode
    }
}

/// An anchor's place in the AR session frame, with how far it is and how sure we are.
public struct Placement: Sendable, Hashable, Codable {
    /// Metres in the session frame: +x right of the heading (east when heading is 0), +y up,
    /// −z along the heading (north when heading is 0) — ARKit's gravity-and-heading axes.
    public var x: Double
    public var y: Double
    public var z: Double
    /// Straight-line distance from the device in metres.
    public var distance: Double
    /// Geodesic distance along the ellipsoid in metres.
    public var groundDistance: Double
    /// Geodesic azimuth from the device, degrees clockwise from true north in [0, 360).
    public var bearing: Double
    /// One-sigma horizontal uncertainty of the position in metres, from the fix and the heading.
    public var horizontalUncertainty: Double
    /// One-sigma vertical uncertainty in metres.
    public var verticalUncertainty: Double
}

extension DeviceFix {
    /// The anchor's height above the ellipsoid as this device understands it.
    public func ellipsoidalHeight(of anchor: GeoAnchor) -> Double {
        switch anchor.altitudeMode {
        case .absolute: anchor.altitude
        case .relativeToDevice: altitude + anchor.altitude
        case .relativeToGround: altitude - heightAboveGround + anchor.altitude
        }
    }

    /// Places an anchor in the AR session frame exactly, through ECEF and the local
    /// tangent frame at the device — no flat-earth or spherical shortcut at any range.
    public func place(_ anchor: GeoAnchor, geodesic: Geodesic = .wgs84) -> Placement {
        let frame = LocalFrame(
            origin: GeodeticPosition(latitude: latitude, longitude: longitude, height: altitude),
            ellipsoid: geodesic.ellipsoid)
        let target = GeodeticPosition(latitude: anchor.latitude, longitude: anchor.longitude, height: ellipsoidalHeight(of: anchor))
        let enu = frame.enu(target)
        let (sh, ch) = AngleMath.sinCos(degrees: heading)
        let line = geodesic.inverse(
            latitude1: latitude, longitude1: longitude, latitude2: anchor.latitude, longitude2: anchor.longitude)
        let bearing = line.initialAzimuth < 0 ? line.initialAzimuth + 360 : line.initialAzimuth
        // A heading error rotates the scene about the device: the miss grows with range.
        let horizontal = enu.horizontalNorm
        let headingMiss = horizontal * sin(min(abs(headingAccuracy), 90) * AngleMath.degree)
        return Placement(
            x: enu.east * ch - enu.north * sh,
            y: enu.up,
            z: -(enu.east * sh + enu.north * ch),
            distance: enu.norm,
            groundDistance: line.distance,
            bearing: bearing == 360 ? 0 : bearing,
            horizontalUncertainty: (horizontalAccuracy * horizontalAccuracy + headingMiss * headingMiss).squareRoot(),
            verticalUncertainty: anchor.altitudeMode == .relativeToDevice ? 0 : verticalAccuracy)
    }
}
