import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo

/// The geometry of a scene anchor's plane: frame pixels to metres on the wall, and a camera
/// located relative to the wall put back on the Earth.
@Suite("Scene planes")
struct ScenePlaneTests {
    static let capture = SceneCapture(latitude: 60.17, longitude: 24.94, heading: 90, fieldOfView: 60, distance: 4, spotX: 0.75, spotY: 0.5)

    func apply(_ h: [Double], _ x: Double, _ y: Double) -> (Double, Double) {
        let w = h[6] * x + h[7] * y + h[8]
        return ((h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w)
    }

    @Test("a level view: the middle of the frame is the plane's origin; its right edge is distance × tan(fov/2) to the right")
    func levelView() {
        let plane = ScenePlane(capture: Self.capture, width: 640, height: 480)
        let middle = apply(plane.pixelsToPlane, 320, 240), edge = apply(plane.pixelsToPlane, 640, 240)
        #expect(abs(middle.0) < 1e-9 && abs(middle.1) < 1e-9)
        #expect(abs(edge.0 - 4 * tan(Double.pi / 6)) < 1e-9 && abs(edge.1) < 1e-9)
        #expect(abs(plane.spot.x - 2 * tan(Double.pi / 6)) < 1e-9, "three quarters across: half way to the edge")
        // The origin is 4 m east of where the camera stood.
        let d = Geodesic.wgs84.inverse(Coordinate(latitude: 60.17, longitude: 24.94), plane.origin)
        #expect(abs(d.distance - 4) < 1e-6 && abs(d.initialAzimuth - 90) < 1e-6)
    }

    @Test("looking up 20°: the point straight ahead at the camera's height is still the origin, and a point above it is higher")
    func pitchedView() {
        var capture = Self.capture
        capture.pitch = 20
        let plane = ScenePlane(capture: capture, width: 640, height: 480)
        let f = 320 / tan(Double.pi / 6)
        // A level ray meets the frame 20° below its middle.
        let level = apply(plane.pixelsToPlane, 320, 240 + f * tan(20 * Double.pi / 180))
        #expect(abs(level.0) < 1e-9 && abs(level.1) < 1e-9)
        let middle = apply(plane.pixelsToPlane, 320, 240)
        #expect(abs(middle.1 + 4 * tan(20 * Double.pi / 180)) < 1e-9, "the middle of the frame is 4 × tan 20° up the wall")
    }

    @Test("a camera located 2 m right of the anchoring one and turned 30° left is put 2 m south of it, facing 60°")
    func locatedCamera() {
        let plane = ScenePlane(capture: Self.capture, width: 640, height: 480)
        // Plane → camera for a camera at (2, 0, −4) turned 30° left (towards −x).
        let a = -30 * Double.pi / 180
        let r = [cos(a), 0, -sin(a), 0, 1, 0, sin(a), 0, cos(a)]
        let c = [2.0, 0, -4]
        let t = (0..<3).map { i in -(r[3 * i] * c[0] + r[3 * i + 1] * c[1] + r[3 * i + 2] * c[2]) }
        let camera = plane.camera(rotation: r, translation: t)
        #expect(abs(camera.heading - 60) < 1e-9)
        #expect(abs(camera.heightAboveCapture) < 1e-9)
        // Facing east, the plane's x runs south: 2 m right of the anchoring camera is 2 m south of it.
        let from = Geodesic.wgs84.inverse(Coordinate(latitude: 60.17, longitude: 24.94), camera.coordinate)
        #expect(abs(from.distance - 2) < 1e-4 && abs(abs(from.initialAzimuth) - 180) < 1e-4, "\(from)")
        let sticker = plane.stickerInCamera(rotation: r, translation: t)
        #expect(sticker[2] > 0, "in front of the camera")
    }
}
