import Foundation

/// Recognizes files by their first bytes, never by what the client claims.
public enum MediaSniffer {
    /// `image/png` or `image/jpeg` for a well-formed header, else nil.
    public static func imageType(_ data: Data) -> String? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), data.count > 24 { return "image/png" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]), data.count > 4, data.suffix(2) == Data([0xFF, 0xD9]) { return "image/jpeg" }
        return nil
    }

    /// Pixel size of a PNG or JPEG, read from its header; nil when the header is broken.
    public static func imageSize(_ data: Data) -> (width: Int, height: Int)? {
        // Far enough for the frame header after the largest EXIF block (64 KiB) and an ICC profile.
        let b = [UInt8](data.prefix(1 << 18))
        if imageType(data) == "image/png" {
            guard b.count >= 24, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
            let w = b[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = b[20..<24].reduce(0) { $0 << 8 | Int($1) }
            return w > 0 && h > 0 ? (w, h) : nil
        }
        guard imageType(data) == "image/jpeg" else { return nil }
        return jpegSize(b)
    }

    /// A JPEG's frame size, found as libjpeg finds it (`next_marker` in its `jdmarker.c`): bytes
    /// before a marker that are not 0xFF are skipped, so are 0xFF fill bytes (any number may pad a
    /// marker), and the first start-of-frame counts. Read otherwise, a fill byte before the frame
    /// header let a 30000×30000 picture pass as 640×480 (issue 52, finding 2).
    private static func jpegSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        var i = 2
        while i < b.count {
            while i < b.count, b[i] != 0xFF { i += 1 }
            while i < b.count, b[i] == 0xFF { i += 1 }
            guard i < b.count else { return nil }
            let marker = b[i]
            i += 1
            switch marker {
            case 0x00, 0x01, 0xD0...0xD7: continue  // a stuffed zero, TEM and restarts carry no length
            case 0xD8, 0xD9, 0xDA: return nil  // another start, the end, or a scan before any frame
            default: break
            }
            guard i + 1 < b.count else { return nil }
            let length = Int(b[i]) << 8 | Int(b[i + 1])
            // Start-of-frame markers carry the size (all SOFn except DHT, JPG and DAC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 6 < b.count else { return nil }
                let h = Int(b[i + 3]) << 8 | Int(b[i + 4]), w = Int(b[i + 5]) << 8 | Int(b[i + 6])
                return w > 0 && h > 0 ? (w, h) : nil
            }
            i += max(length, 2)
        }
        return nil
    }
}

/// What a tour or book may carry, by kind, with the types each kind accepts and its size limit.
public enum MediaKind: String, Codable, Sendable, CaseIterable {
    case image, audio, video, model

    public var maximumBytes: Int {
        switch self {
        case .image: 16 << 20
        case .audio: 64 << 20
        case .video: 256 << 20
        case .model: 64 << 20
        }
    }

    /// The formats accepted, as people name them.
    public var formats: String {
        switch self {
        case .image: "PNG or JPEG"
        case .audio: "MP3, M4A or Ogg"
        case .video: "MP4 or WebM"
        case .model: "binary glTF, .glb"
        }
    }

    public init?(contentType: String) {
        switch contentType {
        case "image/png", "image/jpeg": self = .image
        case "audio/mpeg", "audio/mp4", "audio/ogg": self = .audio
        case "video/mp4", "video/webm": self = .video
        case "model/gltf-binary": self = .model
        default: return nil
        }
    }
}

extension MediaSniffer {
    /// The type of an image, audio, video or binary glTF file from its bytes, or nil when it is none of them.
    /// MP3 (ID3 tag or MPEG frame sync), MP4/M4A (`ftyp` box; `M4A `/`M4B ` brands are audio), Ogg, WebM (EBML), glTF.
    public static func mediaType(_ data: Data) -> String? {
        if let image = imageType(data) { return image }
        let b = [UInt8](data.prefix(16))
        guard b.count >= 12 else { return nil }
        if b.starts(with: Array("ID3".utf8)) || (b[0] == 0xFF && b[1] & 0xE0 == 0xE0 && b[1] & 0x06 != 0) { return "audio/mpeg" }
        if Array(b[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            return brand == "M4A " || brand == "M4B " ? "audio/mp4" : "video/mp4"
        }
        if b.starts(with: Array("OggS".utf8)) { return "audio/ogg" }
        if b.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "video/webm" }
        if b.starts(with: Array("glTF".utf8)), data.count >= 20 { return "model/gltf-binary" }
        return nil
    }

    /// The usual file extension for a type this sniffer reports.
    public static func fileExtension(_ contentType: String) -> String {
        switch contentType {
        case "image/png": "png"
        case "image/jpeg": "jpg"
        case "audio/mpeg": "mp3"
        case "audio/mp4": "m4a"
        case "audio/ogg": "ogg"
        case "video/mp4": "mp4"
        case "video/webm": "webm"
        case "model/gltf-binary": "glb"
        default: "bin"
        }
    }
}
