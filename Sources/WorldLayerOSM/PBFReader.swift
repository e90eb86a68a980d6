import CSystemZlib
import Foundation

/// Reads OpenStreetMap's PBF format directly: file blocks, zlib, string tables,
/// dense nodes, ways and relations. A truncated or corrupt file is an `OSMReadError`
/// naming the block; nothing is handed on from a block that fails to decode.
public enum PBFReader {
    /// Features this reader understands; a file needing others is refused up front.
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes", "HistoricalInformation", "Sort.Type_then_ID"]

    /// Calls `element` for every element of the file, in file order; `progress` gets bytes read and the total.
    public static func read(
        _ url: URL, progress: (Int, Int) -> Void = { _, _ in }, element: (OSMElement) throws -> Void
    ) throws {
        let data: Data
        do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
            throw OSMReadError("cannot read \(url.path): \(error.localizedDescription)")
        }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            var block = 0
            while offset < bytes.count {
                block += 1
                guard offset + 4 <= bytes.count else { throw OSMReadError("block \(block): the file ends inside a block header length") }
                let headerLength =
                    Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                offset += 4
                guard headerLength > 0, headerLength < 64 << 10, offset + headerLength <= bytes.count else {
                    throw OSMReadError("block \(block): bad block header length \(headerLength) — the file is truncated or not OSM PBF")
                }
                var header = ProtobufReader(bytes, range: offset..<(offset + headerLength))
                offset += headerLength
                var type = ""
                var dataSize = 0
                while !header.isAtEnd {
                    let (field, wire) = try header.key()
                    switch (field, wire) {
                    case (1, 2): type = header.string(try header.lengthDelimited())
                    case (3, 0): dataSize = Int(clamping: try header.varint())
                    default: try header.skip(wireType: wire)
                    }
                }
                guard dataSize > 0, dataSize <= bytes.count - offset else {
                    throw OSMReadError("block \(block): the file ends inside a \(type.isEmpty ? "data" : type) block — it is truncated")
                }
                let blob = try inflate(ProtobufReader(bytes, range: offset..<(offset + dataSize)), block: block)
                offset += dataSize
                try blob.withUnsafeBytes { raw in
                    switch type {
                    case "OSMHeader": try checkHeader(ProtobufReader(raw), block: block)
                    case "OSMData": try decodePrimitiveBlock(ProtobufReader(raw), block: block, element: element)
                    default: break  // Unknown block types are skippable by the format's rules.
                    }
                }
                progress(offset, bytes.count)
            }
        }
    }

    /// The decompressed contents of a Blob.
    private static func inflate(_ blobReader: ProtobufReader, block: Int) throws -> Data {
        var r = blobReader
        var raw: Range<Int>?
        var zlib: Range<Int>?
        var rawSize = 0
        while !r.isAtEnd {
            let (field, wire) = try r.key()
            switch (field, wire) {
            case (1, 2): raw = try r.lengthDelimited()
            case (2, 0): rawSize = Int(clamping: try r.varint())
            case (3, 2): zlib = try r.lengthDelimited()
            case (4, 2), (5, 2), (6, 2), (7, 2): throw OSMReadError("block \(block): compression other than zlib is not supported")
            default: try r.skip(wireType: wire)
            }
        }
        if let raw { return r.data(raw) }
        guard let zlib, rawSize > 0, rawSize <= 64 << 20 else { throw OSMReadError("block \(block): a data block has no contents") }
        var out = Data(count: rawSize)
        let source = r.data(zlib)
        let status = out.withUnsafeMutableBytes { dst in
            source.withUnsafeBytes { src in
                var length = uLongf(rawSize)
                let s = uncompress(
                    dst.baseAddress!.assumingMemoryBound(to: Bytef.self), &length, src.baseAddress!.assumingMemoryBound(to: Bytef.self),
                    uLong(src.count))
                return s == Z_OK && Int(length) == rawSize ? Z_OK : (s == Z_OK ? Z_DATA_ERROR : s)
            }
        }
        guard status == Z_OK else { throw OSMReadError("block \(block): the compressed data is corrupt (zlib error \(status))") }
        return out
    }

    private static func checkHeader(_ reader: ProtobufReader, block: Int) throws {
        var r = reader
        while !r.isAtEnd {
            let (field, wire) = try r.key()
            if field == 4, wire == 2 {
                let feature = r.string(try r.lengthDelimited())
                guard supportedFeatures.contains(feature) else {
                    throw OSMReadError("the file needs a feature this reader lacks: \(feature)")
                }
            } else {
                try r.skip(wireType: wire)
            }
        }
    }
}
