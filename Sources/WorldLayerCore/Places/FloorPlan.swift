import Foundation

/// A building level's plan: a picture an admin uploads for one level of a place (NavSB's indoor
/// floors), shown in the place's sheet. One per level; uploading again replaces it.
public struct FloorPlan: Codable, Sendable, Equatable {
    /// The level as OpenStreetMap's `level` tag writes it: `0` the ground floor, `1` the one above, `-1` below.
    public var level: String
    public var contentType: String
    public var url: String

    public init(level: String, contentType: String, url: String) {
        self.level = level
        self.contentType = contentType
        self.url = url
    }

    /// 1 to 10 characters: digits, letters, `.` and `-` (`0`, `1`, `-1`, `0.5`, `M`).
    public static func isValid(level: String) -> Bool {
        (1...10).contains(level.count)
            && level.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-" }
            && level.allSatisfy(\.isASCII)
    }

    /// Lowest level first, numbers by value, others after them.
    public static func ordered(_ plans: [FloorPlan]) -> [FloorPlan] {
        plans.sorted { a, b in
            switch (Double(a.level), Double(b.level)) {
            case (let x?, let y?): x < y
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.level < b.level
            }
        }
    }
}
