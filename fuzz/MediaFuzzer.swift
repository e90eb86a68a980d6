import Foundation

/// libFuzzer's entry: every reader of an uploaded file's bytes (types, picture sizes, durations)
/// must answer or refuse, never trap. Built with the reader's own sources by `scripts/fuzz-parsers`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMedia(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = MediaSniffer.mediaType(data)
    _ = MediaSniffer.imageSize(data)
    for type in ["video/mp4", "audio/mp4", "video/webm", "audio/ogg", "audio/mpeg"] {
        _ = MediaDuration.seconds(of: data, contentType: type)
    }
    return 0
}
