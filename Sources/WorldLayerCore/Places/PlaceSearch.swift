import Foundation
import WorldLayerGeo

/// As-you-type search over place names: accent- and case-insensitive, word prefixes,
/// and forgiving of typos (one wrong letter in a short word, two in a long one).
///
/// Ranked by how well the name matches, then by distance from the searcher. The index
/// holds every place's name keys in memory (a city's places fit in a few megabytes).
/// The book catalogue uses it too, with titles and authors for names and no position.
public struct PlaceSearchIndex: Sendable {
    public struct Entry: Sendable {
        public var id: UUID
        public var position: Coordinate?
        /// Normalised names (main name first), each as its whole text and its words.
        fileprivate var keys: [(whole: String, words: [[UInt8]])]
    }

    public struct Hit: Sendable, Equatable {
        public var id: UUID
        /// 0: the name starts with the query; 1: every query word starts a word of the name; 2: every query word
        /// is inside a word of the name (Finnish and German compounds: "asema" in "rautatieasema"); 3: words start with typos.
        public var match: Int
        public var distance: Double?
    }

    private var entries: [Entry] = []

    public init() {}

    /// An index of places under their name and every other-language name.
    public init(_ places: [Place]) {
        for p in places { add(id: p.id.uuid, names: [p.name] + p.names.values.sorted(), position: p.position) }
    }

    public var count: Int { entries.count }

    public mutating func add(id: UUID, names: [String], position: Coordinate?) {
        let keys = names.map(Self.normalize).filter { !$0.isEmpty }.map { ($0, Self.words($0)) }
        guard !keys.isEmpty else { return }
        entries.append(Entry(id: id, position: position, keys: keys))
    }

    public func search(_ query: String, near: Coordinate? = nil, limit: Int = 20) -> [Hit] {
        let q = Self.normalize(query)
        let qWords = Self.words(q)
        guard !qWords.isEmpty else { return [] }
        var hits: [(hit: Hit, nameLength: Int)] = []
        for e in entries {
            var best: (match: Int, length: Int)?
            for key in e.keys {
                guard let m = Self.match(q, qWords, key) else { continue }
                if best == nil || m < best!.match { best = (m, key.whole.count) }
            }
            guard let best else { continue }
            let d = near.flatMap { from in e.position.map { Geodesic.wgs84.inverse(from, $0).distance } }
            hits.append((Hit(id: e.id, match: best.match, distance: d), best.length))
        }
        hits.sort { a, b in
            if a.hit.match != b.hit.match { return a.hit.match < b.hit.match }
            if let da = a.hit.distance, let db = b.hit.distance, da != db { return da < db }
            if a.nameLength != b.nameLength { return a.nameLength < b.nameLength }
            return a.hit.id.uuidString < b.hit.id.uuidString
        }
        return hits.prefix(limit).map(\.hit)
    }

    private static func match(_ q: String, _ qWords: [[UInt8]], _ key: (whole: String, words: [[UInt8]])) -> Int? {
        if key.whole.hasPrefix(q) { return 0 }
        if qWords.allSatisfy({ w in key.words.contains { $0.starts(with: w) } }) { return 1 }
        if qWords.allSatisfy({ w in w.count >= 3 && key.words.contains { contains($0, w) } }) { return 2 }
        if qWords.allSatisfy({ w in key.words.contains { prefixEditDistance(w, $0, limit: typoBudget(w.count)) != nil } }) { return 3 }
        return nil
    }

    private static func contains(_ word: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= word.count else { return false }
        return (0...(word.count - part.count)).contains { word[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// Typos forgiven in a word of this many letters.
    static func typoBudget(_ length: Int) -> Int { length < 4 ? 0 : (length < 8 ? 1 : 2) }

    /// Lower case, no accents, no punctuation, single spaces: "Tuomiokirkko, Helsingin" → "tuomiokirkko helsingin".
    public static func normalize(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        let spaced = String(String.UnicodeScalarView(folded.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? $0 : " " }))
        return spaced.split(separator: " ").joined(separator: " ")
    }

    private static func words(_ normalized: String) -> [[UInt8]] {
        normalized.split(separator: " ").map { Array($0.utf8) }
    }

    /// The fewest edits that turn `word` into some prefix of `target`, if at most `limit`.
    static func prefixEditDistance(_ word: [UInt8], _ target: [UInt8], limit: Int) -> Int? {
        if limit == 0 { return target.starts(with: word) ? 0 : nil }
        // Row i: edits between word[0..<i] and each target[0..<j].
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...max(1, word.count) where !word.isEmpty {
            current[0] = i
            var rowBest = i
            for j in 1..<(target.count + 1) {
                let substitute = previous[j - 1] + (word[i - 1] == target[j - 1] ? 0 : 1)
                current[j] = min(substitute, previous[j] + 1, current[j - 1] + 1)
                rowBest = min(rowBest, current[j])
            }
            if rowBest > limit { return nil }
            swap(&previous, &current)
        }
        let best = previous.min()!
        return best <= limit ? best : nil
    }
}
