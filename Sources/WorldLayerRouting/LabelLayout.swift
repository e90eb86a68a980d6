import Foundation
import WorldLayerGeo

/// The phone's screen as the AR camera sees it.
public struct ScreenView: Codable, Sendable, Equatable {
    /// Points (not pixels).
    public var width: Double
    public var height: Double
    /// Horizontal field of view in degrees (a phone's wide camera: about 60–70°).
    public var horizontalFieldOfView: Double
    /// How far the camera is tilted up from level, degrees (negative: looking down).
    public var pitch: Double

    public init(width: Double, height: Double, horizontalFieldOfView: Double, pitch: Double = 0) {
        self.width = width
        self.height = height
        self.horizontalFieldOfView = horizontalFieldOfView
        self.pitch = pitch
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
        horizontalFieldOfView = try c.decode(Double.self, forKey: .horizontalFieldOfView)
        pitch = try c.decodeIfPresent(Double.self, forKey: .pitch) ?? 0
    }

    public var isValid: Bool {
        (100...10_000).contains(width) && (100...10_000).contains(height) && (10...170).contains(horizontalFieldOfView) && abs(pitch) <= 89
    }
}

/// A label to show at a place.
public struct LabelRequest: Sendable {
    public var id: String
    public var text: String
    public var anchor: GeoAnchor
    /// Higher goes first when space runs out (the route's destination, a searched place…).
    public var priority: Int

    public init(id: String, text: String, anchor: GeoAnchor, priority: Int = 0) {
        self.id = id
        self.text = text
        self.anchor = anchor
        self.priority = priority
    }
}

/// Where a label lands on screen: its box (top-left origin, points), how much it was shrunk,
/// and how far it was lifted above its anchor to clear the labels in front.
public struct PlacedLabel: Codable, Sendable, Equatable {
    public var id: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var scale: Double
    /// The anchor's own point on screen; a leader line joins it to a lifted label.
    public var anchorX: Double
    public var anchorY: Double
    /// 0 at its anchor; n when stacked n rows up.
    public var lift: Int
    public var distance: Double
    public var bearing: Double

    func overlaps(_ o: PlacedLabel) -> Bool {
        x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height
    }
}

public struct DroppedLabel: Codable, Sendable, Equatable {
    public var id: String
    /// "behind", "out of view" or "no room".
    public var reason: String
}

public struct LabelLayout: Codable, Sendable, Equatable {
    public var placed: [PlacedLabel]
    public var dropped: [DroppedLabel]
}

/// Lays out place labels in the AR view so that none overlap — unlike ARCL, which only
/// stacks labels by distance and lets them collide. Most important and nearest first, each
/// label tries its anchor, then rows above it, at full size and then shrunk; what finds no
/// room is dropped and said so.
public enum LabelLayoutEngine {
    static let rowHeight = 30.0
    static let gap = 4.0
    static let characterWidth = 8.0
    static let padding = 16.0
    static let maximumWidth = 220.0
    static let maximumLift = 5
    static let shrunk = 0.7

    public static func layout(_ labels: [LabelRequest], fix: DeviceFix, view: ScreenView) -> LabelLayout {
        let focal = (view.width / 2) / tan(view.horizontalFieldOfView / 2 * .pi / 180)
        let (sp, cp) = (sin(view.pitch * .pi / 180), cos(view.pitch * .pi / 180))
        var candidates: [(label: LabelRequest, placement: Placement, sx: Double, sy: Double)] = []
        var dropped: [DroppedLabel] = []
        for label in labels {
            let p = fix.place(label.anchor)
            // Camera axes: forward is −z tilted up by the pitch.
            let forward = -p.z * cp + p.y * sp
            let up = p.y * cp + p.z * sp
            guard forward > 0.5 else { dropped.append(DroppedLabel(id: label.id, reason: "behind")); continue }
            let sx = view.width / 2 + focal * p.x / forward, sy = view.height / 2 - focal * up / forward
            guard (0...view.width).contains(sx), (0...view.height).contains(sy) else {
                dropped.append(DroppedLabel(id: label.id, reason: "out of view"))
                continue
            }
            candidates.append((label, p, sx, sy))
        }
        candidates.sort {
            ($0.label.priority, -$0.placement.distance, $1.label.id) > ($1.label.priority, -$1.placement.distance, $0.label.id)
        }
        var placed: [PlacedLabel] = []
        for c in candidates {
            // Farther labels start smaller, as things do in perspective, but stay readable.
            let distanceScale = min(1, max(0.6, 1 - (c.placement.distance - 20) / 500))
            let fullWidth = min(maximumWidth, padding + characterWidth * Double(c.label.text.count))
            var spot: PlacedLabel?
            search: for scale in [distanceScale, distanceScale * shrunk] {
                let (w, h) = (fullWidth * scale, rowHeight * scale)
                for lift in 0...maximumLift {
                    let box = PlacedLabel(
                        id: c.label.id, x: c.sx - w / 2, y: c.sy - h - Double(lift) * (h + gap), width: w, height: h, scale: scale,
                        anchorX: c.sx, anchorY: c.sy, lift: lift, distance: c.placement.distance, bearing: c.placement.bearing)
                    guard box.x >= 0, box.y >= 0, box.x + w <= view.width, box.y + h <= view.height else { continue }
                    if !placed.contains(where: box.overlaps) {
                        spot = box
                        break search
                    }
                }
            }
            if let spot { placed.append(spot) } else { dropped.append(DroppedLabel(id: c.label.id, reason: "no room")) }
        }
        return LabelLayout(placed: placed, dropped: dropped)
    }
}
