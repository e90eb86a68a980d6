import CSystemZlib
import Foundation

/// gzip (RFC 1952) with the system's zlib, for responses to browsers that accept it.
enum Gzip {
    /// `data` compressed at zlib's default level, or nil should zlib fail (the caller sends it as it is).
    static func compress(_ data: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer rather than zlib's.
        guard
            deflateInit2_(
                &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)
            ) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        let status = data.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                // zlib only reads its input; its header just does not say so (no z_const here).
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(out.prefix(Int(stream.total_out)))
    }
}
