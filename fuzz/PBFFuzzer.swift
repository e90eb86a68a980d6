import Foundation

/// libFuzzer's entry: an OpenStreetMap extract is a stranger's file; its block headers, zlib blobs
/// and primitive blocks must be read or refused with an `OSMReadError`, never trap. The input is
/// taken both as a whole file and as one decompressed primitive block.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPBF(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let raw = UnsafeRawBufferPointer(start: start, count: count)
    try? PBFReader.decodePrimitiveBlock(ProtobufReader(raw), block: 1) { _ in }
    let file = URL(filePath: NSTemporaryDirectory()).appending(path: "fuzz-pbf-\(getpid()).osm.pbf")
    guard (try? Data(raw).write(to: file)) != nil else { return 0 }
    try? PBFReader.read(file) { _ in }
    return 0
}
