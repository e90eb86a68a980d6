import Foundation
import WorldLayerCore

extension ScenePlane {
    /// Where the scene's sticker is in the picture it was anchored from, pixels.
    public var spotInPicture: Recognition.Point {
        Recognition.Point(x: capture.spotX * Double(width), y: capture.spotY * Double(height))
    }

    /// The sticker in a located camera's coordinates (x right, y down, z forward, metres) for a
    /// camera `horizontalDegrees` wide showing a `frameWidth` × `frameHeight` frame: on the ray
    /// through the pixel where the matches around it put it, as far ahead as the pose says. Drawn
    /// through that lens it lands on that pixel, however uncertain the pose.
    public func stickerInFrame(_ pose: SceneLocation.Pose, frameWidth: Int, frameHeight: Int, horizontalDegrees: Double) -> [Double] {
        let depth = stickerInCamera(rotation: pose.rotation, translation: pose.translation)[2]
        let focal = Double(frameWidth) / 2 / tan(horizontalDegrees * .pi / 360)
        let x = pose.sticker.x - Double(frameWidth) / 2, y = pose.sticker.y - Double(frameHeight) / 2
        return [x / focal * depth, y / focal * depth, depth]
    }
}
