import Foundation

/// The stable 64-bit identifier of a cell: its row (latitude band) in the high bits
/// and its column within the band in the low 20 bits.
///
/// Its text form is eight characters of the geohash alphabet, for example `"6gkzwgjz"`.
public struct CellID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    public let rawValue: UInt64

    static let columnBits: UInt64 = 20
    static let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz".utf8)
    static let textLength = 8

    /// Creates an id from its raw value, or nil if it names no cell of the grid.
    public init?(rawValue: UInt64) {
        let row = Int(rawValue >> CellID.columnBits)
        let column = Int(rawValue & ((1 << CellID.columnBits) - 1))
        guard row < CellGrid.rowCount, column < CellGrid.columnCount(row: row) else { return nil }
        self.rawValue = rawValue
    }

    init(row: Int, column: Int) {
        rawValue = UInt64(row) << CellID.columnBits | UInt64(column)
    }

    public var row: Int { Int(rawValue >> CellID.columnBits) }
    public var column: Int { Int(rawValue & ((1 << CellID.columnBits) - 1)) }

    /// The eight-character text form.
    public var description: String {
        var chars = [UInt8](repeating: 0, count: CellID.textLength)
        var v = rawValue
        for i in stride(from: CellID.textLength - 1, through: 0, by: -1) {
            chars[i] = CellID.alphabet[Int(v & 31)]
            v >>= 5
        }
        return String(decoding: chars, as: UTF8.self)
    }

    /// Parses the text form (case-insensitive); nil for anything that is not a cell of the grid.
    public init?(_ text: String) {
        let bytes = Array(text.lowercased().utf8)
        guard bytes.count == CellID.textLength else { return nil }
        var v: UInt64 = 0
        for b in bytes {
            guard let digit = CellID.alphabet.firstIndex(of: b) else { return nil }
            v = v << 5 | UInt64(digit)
        }
        self.init(rawValue: v)
    }

    public static func < (l: CellID, r: CellID) -> Bool { l.rawValue < r.rawValue }

    /// The cells as runs of consecutive ids, in id order: neighbours in one latitude band
    /// have consecutive ids, so a disc's cover is one run per band (two where it crosses the antimeridian).
    public static func runs(_ cells: [CellID]) -> [ClosedRange<CellID>] {
        var runs: [ClosedRange<CellID>] = []
        for cell in Set(cells).sorted() {
            if let last = runs.last, last.upperBound.rawValue + 1 == cell.rawValue {
                runs[runs.count - 1] = last.lowerBound...cell
            } else {
                runs.append(cell...cell)
            }
        }
        return runs
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = CellID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a cell id: \(text)"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
