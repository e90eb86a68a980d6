import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// The integer that orders SQLite's stickers table by place (migration 13): its rowid.
///
/// A table keyed by an integer is a B+tree whose inner pages hold only integers, about 300 to
/// a page, so at 10 M stickers they take ~34 MB (1 M: 3.4 MB); the rows, in key order, sit
/// side by side. (Keyed by (cell, strip, latitude, id) `WITHOUT ROWID`, as migration 11 did,
/// every inner entry was a whole ~800-byte row: five to a page, eight levels deep at 1 M, and a
/// gigabyte of inner pages at 10 M that came from disk on most probes.)
///
/// From high bits to low: the cell's row (latitude band, 18 bits), the longitude strip
/// (``LongitudeStrip``, 22 bits), the latitude within the band in 256 slots of ~39 cm (8 bits),
/// and a number that tells apart stickers in the same slot (15 bits).
public enum StickerPlaceKey {
    static let slotBits: Int64 = 8
    static let uniqueBits: Int64 = 15
    static let slots: Int64 = 1 << slotBits
    static let stripShift = slotBits + uniqueBits
    static let rowShift = stripShift + 22

    /// All keys a sticker at this place may take: one slot's worth.
    public static func slot(row: Int, strip: Int64, latitude: Double) -> ClosedRange<Int64> {
        let base = Int64(row) << rowShift | strip << stripShift | slotIndex(row: row, latitude: latitude) << uniqueBits
        return base...(base | (1 << uniqueBits - 1))
    }

    /// The keys of every sticker in this row and strip whose latitude lies in `latitudes`, and a
    /// slot either side (so a slot computed with other rounding, as migration 13's SQL did, is still inside).
    static func range(row: Int, strip: Int64, latitudes: ClosedRange<Double>) -> ClosedRange<Int64> {
        let base = Int64(row) << rowShift | strip << stripShift
        let first = max(0, slotIndex(row: row, latitude: latitudes.lowerBound) - 1)
        let last = min(slots - 1, slotIndex(row: row, latitude: latitudes.upperBound) + 1)
        return (base | first << uniqueBits)...(base | last << uniqueBits | (1 << uniqueBits - 1))
    }

    /// The keys of every sticker in this row and these strips, whatever its latitude.
    static func range(row: Int, strips: ClosedRange<Int64>) -> ClosedRange<Int64> {
        let base = Int64(row) << rowShift
        return (base | strips.lowerBound << stripShift)...(base | strips.upperBound << stripShift | (1 << stripShift - 1))
    }

    static func slotIndex(row: Int, latitude: Double) -> Int64 {
        let south = -90 + Double(row) * CellGrid.rowHeight
        let slot = ((latitude - south) / CellGrid.rowHeight * Double(slots)).rounded(.down)
        return Int64(min(Double(slots - 1), max(0, slot)))
    }
}

extension Store {
    /// The place key for sticker `id` at this place (SQLite; inside the write's transaction): the one
    /// it has while it stays in the same slot, else a free key of the new slot.
    static func placeKey(for id: Sticker.ID, row: Int, strip: Int64, latitude: Double, isNew: Bool, on db: any SQLDatabase) async throws
        -> Int64
    {
        let slot = StickerPlaceKey.slot(row: row, strip: strip, latitude: latitude)
        if !isNew,
            let current = try await db.raw("SELECT place_key FROM stickers WHERE id = \(bind: id.text)").first()?
                .decode(column: "place_key", as: Int64.self), slot.contains(current)
        {
            return current
        }
        let taken = try await db.raw(
            "SELECT MIN(place_key) AS low, MAX(place_key) AS high FROM stickers WHERE place_key BETWEEN \(bind: slot.lowerBound) AND \(bind: slot.upperBound)"
        ).first()
        guard let low = try taken?.decode(column: "low", as: Int64?.self), let high = try taken?.decode(column: "high", as: Int64?.self)
        else {
            return slot.lowerBound
        }
        if high < slot.upperBound { return high + 1 }
        if low > slot.lowerBound { return low - 1 }
        // Every key up to the slot's last has been handed out: look for one a purged sticker left free.
        if let gap = try await db.raw(
            """
            SELECT a.place_key + 1 AS free FROM stickers a
            WHERE a.place_key BETWEEN \(bind: slot.lowerBound) AND \(bind: slot.upperBound - 1)
              AND NOT EXISTS (SELECT 1 FROM stickers b WHERE b.place_key = a.place_key + 1) LIMIT 1
            """
        ).first() {
            return try gap.decode(column: "free", as: Int64.self)
        }
        throw StickerWriteError.invalid([
            FieldError(
                "anchor", "this spot already holds as many stickers as it can (\(slot.count)); place the sticker a little further away")
        ])
    }
}
