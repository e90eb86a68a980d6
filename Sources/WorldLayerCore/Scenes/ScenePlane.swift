import Foundation
import WorldLayerGeo

/// A scene anchor's plane, and cameras that see it.
///
/// Plane coordinates are metres with the origin where the capturing camera's level line of sight
/// met the scene, x to the right along it, y down, z into it (the way that camera faced). Camera
/// coordinates are x right, y down, z forward (OpenCV's).
public struct ScenePlane: Sendable, Hashable {
    public let capture: SceneCapture
    public let width: Int
    public let height: Int

    public init(capture: SceneCapture, width: Int, height: Int) {
        (self.capture, self.width, self.height) = (capture, width, height)
    }

    /// The frame's focal length in pixels, from its width and field of view.
    var focal: Double { Double(width) / 2 / tan(capture.fieldOfView * .pi / 360) }

    /// The capturing camera's rotation, plane → camera: pitched up, then turned about its axis.
    var captureRotation: Matrix3 {
        let p = capture.pitch * .pi / 180, r = capture.roll * .pi / 180
        let pitch = Matrix3([1, 0, 0, 0, cos(p), sin(p), 0, -sin(p), cos(p)])
        let roll = Matrix3([cos(r), sin(r), 0, -sin(r), cos(r), 0, 0, 0, 1])
        return roll * pitch
    }

    /// Row-major 3×3: the captured frame's pixels → metres on the plane (x, y).
    public var pixelsToPlane: [Double] {
        let rotation = captureRotation
        // The camera sits at (0, 0, −distance): the plane's origin is R·(0, 0, distance) from it.
        let t = rotation * [0, 0, capture.distance]
        let k = Matrix3([focal, 0, Double(width) / 2, 0, focal, Double(height) / 2, 0, 0, 1])
        let planeToPixels = k * Matrix3(columns: rotation.column(0), rotation.column(1), t)
        return planeToPixels.inverse.elements
    }

    /// Where the sticker is on the plane, metres.
    public var spot: (x: Double, y: Double) {
        let p = Matrix3(pixelsToPlane) * [capture.spotX * Double(width), capture.spotY * Double(height), 1]
        return (p[0] / p[2], p[1] / p[2])
    }

    /// The plane's origin on the Earth: `distance` metres ahead of where the camera was.
    public var origin: Coordinate { capture.sceneCoordinate }

    /// Plane axes (x, y, z) as east-north-up directions.
    private func toENU(_ v: [Double]) -> (east: Double, north: Double, up: Double) {
        let a = capture.heading * .pi / 180
        return (v[0] * cos(a) + v[2] * sin(a), -v[0] * sin(a) + v[2] * cos(a), -v[1])
    }

    /// A camera whose pose relative to the plane is known (`rotation` plane → camera, row-major;
    /// `translation`, the plane's origin in camera coordinates), placed on the Earth.
    public func camera(rotation: [Double], translation: [Double]) -> LocatedCamera {
        let r = Matrix3(rotation)
        let centre = (r.transposed * translation).map { -$0 }
        let offset = toENU(centre)
        let along = hypot(offset.east, offset.north)
        let position =
            along < 1e-9
            ? origin
            : Geodesic.wgs84.direct(from: origin, azimuth: atan2(offset.east, offset.north) * 180 / .pi, distance: along).coordinate
        let forward = toENU(r.row(2))  // the camera's z axis in plane coordinates
        var heading = atan2(forward.east, forward.north) * 180 / .pi
        if heading < 0 { heading += 360 }
        let pitch = atan2(forward.up, hypot(forward.east, forward.north)) * 180 / .pi
        return LocatedCamera(
            coordinate: position, heightAboveCapture: offset.up, heading: heading, pitch: pitch,
            distance: (centre[0] * centre[0] + centre[1] * centre[1] + centre[2] * centre[2]).squareRoot())
    }

    /// Where the sticker is in a located camera's coordinates (x right, y down, z forward), metres.
    public func stickerInCamera(rotation: [Double], translation: [Double]) -> [Double] {
        let s = spot
        let p = Matrix3(rotation) * [s.x, s.y, 0]
        return [p[0] + translation[0], p[1] + translation[1], p[2] + translation[2]]
    }
}

/// Where a camera is on the Earth, as a scene says.
public struct LocatedCamera: Sendable, Hashable, Codable {
    public var coordinate: Coordinate
    /// Metres above the camera that anchored the scene.
    public var heightAboveCapture: Double
    /// Degrees clockwise from true north the camera looks.
    public var heading: Double
    /// Degrees the camera looks up.
    public var pitch: Double
    /// Metres from the camera to the plane's origin.
    public var distance: Double
}

/// A 3×3 matrix, row-major: the little linear algebra scene geometry needs.
struct Matrix3: Sendable, Hashable {
    var elements: [Double]

    init(_ elements: [Double]) { self.elements = elements }

    init(columns a: [Double], _ b: [Double], _ c: [Double]) {
        elements = [a[0], b[0], c[0], a[1], b[1], c[1], a[2], b[2], c[2]]
    }

    subscript(r: Int, c: Int) -> Double { elements[3 * r + c] }

    func row(_ r: Int) -> [Double] { Array(elements[(3 * r)..<(3 * r + 3)]) }
    func column(_ c: Int) -> [Double] { [self[0, c], self[1, c], self[2, c]] }

    var transposed: Matrix3 { Matrix3(columns: row(0), row(1), row(2)) }

    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3((0..<9).map { i in (0..<3).reduce(0) { $0 + a[i / 3, $1] * b[$1, i % 3] } })
    }

    static func * (a: Matrix3, v: [Double]) -> [Double] {
        (0..<3).map { r in a[r, 0] * v[0] + a[r, 1] * v[1] + a[r, 2] * v[2] }
    }

    /// The inverse by cofactors (the matrices here are well conditioned: rotations and cameras).
    var inverse: Matrix3 {
        let e = elements
        let c = [
            e[4] * e[8] - e[5] * e[7], e[2] * e[7] - e[1] * e[8], e[1] * e[5] - e[2] * e[4],
            e[5] * e[6] - e[3] * e[8], e[0] * e[8] - e[2] * e[6], e[2] * e[3] - e[0] * e[5],
            e[3] * e[7] - e[4] * e[6], e[1] * e[6] - e[0] * e[7], e[0] * e[4] - e[1] * e[3],
        ]
        let det = e[0] * c[0] + e[1] * c[3] + e[2] * c[6]
        return Matrix3(c.map { $0 / det })
    }
}
