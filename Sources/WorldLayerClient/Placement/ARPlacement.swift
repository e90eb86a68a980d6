import Foundation
import WorldLayerAPI
import WorldLayerGeo

/// A 4×4 rigid transform in the AR session's frame, column-major like ARKit's `simd_float4x4`
/// (`columns[3]` is the translation in metres).
public struct ARTransform: Sendable, Hashable {
    public var columns: [SIMD4<Float>]

    /// The rotation of unit quaternion `q` = [x, y, z, w], then the move to `position`.
    public init(rotation q: [Double], position: (x: Double, y: Double, z: Double)) {
        let (x, y, z, w) = q.count == 4 ? (q[0], q[1], q[2], q[3]) : (0, 0, 0, 1)
        func column(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> SIMD4<Float> { SIMD4(Float(a), Float(b), Float(c), Float(d)) }
        columns = [
            column(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0),
            column(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0),
            column(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0),
            column(position.x, position.y, position.z, 1),
        ]
    }
}

extension Components.Schemas.Sticker {
    /// Where the sticker is in the AR session of a device at `fix` (ARKit's gravity-and-heading
    /// axes turned to the fix's heading), how far, and how sure: the fix's accuracy and the miss its
    /// heading error makes at that range. The geodesy is WorldLayerGeo's, exact at any range.
    public func placement(seenFrom fix: DeviceFix) -> Placement {
        fix.place(GeoAnchor(latitude: anchor.latitude, longitude: anchor.longitude, altitude: anchor.altitude, altitudeMode: .absolute))
    }

    /// The transform for an anchor entity: the placement's position and the sticker's orientation.
    /// The orientation is kept in the gravity-and-heading frame (x east, y up, z south) and is
    /// turned here by the session's heading.
    public func transform(seenFrom fix: DeviceFix) -> ARTransform {
        let p = placement(seenFrom: fix)
        return ARTransform(rotation: Self.turn(value1.orientation, byHeading: fix.heading), position: (p.x, p.y, p.z))
    }

    /// `q` seen from a session whose −z axis faces `heading`: a turn about the vertical by the heading.
    static func turn(_ q: [Double], byHeading heading: Double) -> [Double] {
        guard q.count == 4 else { return [0, 0, 0, 1] }
        let half = heading * .pi / 360
        let (ys, yw) = (sin(half), cos(half))
        // (0, ys, 0, yw) · (x, y, z, w)
        return [yw * q[0] + ys * q[2], yw * q[1] + ys * q[3], yw * q[2] - ys * q[0], yw * q[3] - ys * q[1]]
    }
}

#if canImport(simd)
    import simd

    extension ARTransform {
        /// For `ARAnchor(transform:)` and RealityKit's `Transform(matrix:)`.
        public var matrix: simd_float4x4 { simd_float4x4(columns[0], columns[1], columns[2], columns[3]) }
    }
#endif
