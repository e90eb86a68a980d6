import Foundation

/// How long an audio or video file plays, read from its own container, never from what a client
/// says: MP4 and M4A (`mvhd`, or the fragments' sample durations when a recorder wrote a
/// fragmented file), WebM (`Info/Duration`, or the last block's time when a recorder left the
/// duration out), Ogg (the last page's granule position at the stream's rate) and MP3 (a Xing or
/// Info header's frame count, else a constant bit rate's estimate). A header is only a claim: when
/// the samples (`stts`), blocks or frames found play clearly longer, that is the answer (issue 52: a
/// long clip whose header said it was short passed the length limit). Nil when it cannot be told.
///
/// The bytes are a stranger's upload: every read is bounds-checked and every sum is made where it
/// cannot overflow, so a hostile file gets nil, never a trap (`scripts/fuzz-parsers` keeps it so).
public enum MediaDuration {
    /// A header's duration, unless what was found playing is clearly longer: by more than 5 % and a
    /// second, which an encoder's priming, an info frame or the last block's length never explain.
    static func believed(_ declared: Double, played: Double?) -> Double {
        guard let played, played > declared * 1.05 + 1 else { return declared }
        return played
    }

    public static func seconds(of data: Data, contentType: String) -> Double? {
        let bytes = [UInt8](data)
        let seconds: Double? =
            switch contentType {
            case "audio/mp4", "video/mp4": mp4(bytes)
            case "video/webm", "audio/webm": webm(bytes)
            case "audio/ogg": ogg(bytes)
            case "audio/mpeg": mp3(bytes)
            default: nil
            }
        return seconds.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    // MARK: Big-endian and little-endian integers

    private static func be(_ b: [UInt8], _ at: Int, _ count: Int) -> UInt64? {
        guard at >= 0, at + count <= b.count else { return nil }
        return b[at..<at + count].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The byte at `at`, or nil past the end (a box or element may declare no content at all).
    private static func byte(_ b: [UInt8], _ at: Int) -> UInt8? {
        at >= 0 && at < b.count ? b[at] : nil
    }

    private static func le(_ b: [UInt8], _ at: Int, _ count: Int) -> UInt64? {
        guard at >= 0, at + count <= b.count else { return nil }
        return b[at..<at + count].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    // MARK: MP4

    /// The boxes in `range`: (type, content range).
    private static func boxes(_ b: [UInt8], in range: Range<Int>) -> [(type: String, content: Range<Int>)] {
        var found: [(String, Range<Int>)] = [], at = range.lowerBound
        while at + 8 <= range.upperBound, let size32 = be(b, at, 4) {
            let type = String(decoding: b[at + 4..<at + 8], as: UTF8.self)
            var header = 8, size = Int(size32)
            if size32 == 1 {
                guard let large = be(b, at + 8, 8), large < UInt64(Int.max) else { break }
                (size, header) = (Int(large), 16)
            } else if size32 == 0 {
                size = range.upperBound - at
            }
            // Compared as a difference: a 64-bit size near Int.max would overflow `at + size`.
            guard size >= header, size <= range.upperBound - at else { break }
            found.append((type, at + header..<at + size))
            at += size
        }
        return found
    }

    private static func child(_ b: [UInt8], _ type: String, in range: Range<Int>) -> Range<Int>? {
        boxes(b, in: range).first { $0.type == type }?.content
    }

    private static func mp4(_ b: [UInt8]) -> Double? {
        let top = boxes(b, in: 0..<b.count)
        guard let moov = top.first(where: { $0.type == "moov" })?.content else { return nil }
        // The movie's own duration, when it has one, but never less than its samples play: a header
        // is a claim, the sample table what a player plays.
        if let mvhd = child(b, "mvhd", in: moov), let version = byte(b, mvhd.lowerBound) {
            let v1 = version == 1
            let scale = be(b, mvhd.lowerBound + (v1 ? 20 : 12), 4), duration = be(b, mvhd.lowerBound + (v1 ? 24 : 16), v1 ? 8 : 4)
            if let scale, let duration, scale > 0, duration > 0, duration != (v1 ? UInt64.max : 0xFFFF_FFFF) {
                return believed(Double(duration) / Double(scale), played: samplesPlay(b, moov: moov))
            }
        }
        // A fragmented file (what a recorder writes): each track's time scale, then its fragments.
        var scales: [UInt64: UInt64] = [:]
        for trak in boxes(b, in: moov) where trak.type == "trak" {
            guard let tkhd = child(b, "tkhd", in: trak.content), let mdia = child(b, "mdia", in: trak.content),
                let mdhd = child(b, "mdhd", in: mdia)
            else { continue }
            let id = be(b, tkhd.lowerBound + (byte(b, tkhd.lowerBound) == 1 ? 20 : 12), 4)
            let scale = be(b, mdhd.lowerBound + (byte(b, mdhd.lowerBound) == 1 ? 20 : 12), 4)
            if let id, let scale, scale > 0 { scales[id] = scale }
        }
        var longest: Double?
        for moof in top where moof.type == "moof" {
            for traf in boxes(b, in: moof.content) where traf.type == "traf" {
                if let end = fragmentEnd(b, traf.content, scales: scales) { longest = max(longest ?? 0, end) }
            }
        }
        return longest
    }

    /// How long the longest track's samples play by its sample table (`stts`: runs of samples of one
    /// duration), in seconds; nil when no track has one.
    private static func samplesPlay(_ b: [UInt8], moov: Range<Int>) -> Double? {
        var longest: Double?
        for trak in boxes(b, in: moov) where trak.type == "trak" {
            guard let mdia = child(b, "mdia", in: trak.content), let mdhd = child(b, "mdhd", in: mdia),
                let scale = be(b, mdhd.lowerBound + (byte(b, mdhd.lowerBound) == 1 ? 20 : 12), 4), scale > 0,
                let minf = child(b, "minf", in: mdia), let stbl = child(b, "stbl", in: minf), let stts = child(b, "stts", in: stbl),
                let entries = be(b, stts.lowerBound + 4, 4), entries <= UInt64(stts.count / 8)
            else { continue }
            var ticks = 0.0  // a Double: counts times deltas past UInt64 must not trap
            for n in 0..<Int(entries) {
                let at = stts.lowerBound + 8 + 8 * n
                ticks += Double(be(b, at, 4) ?? 0) * Double(be(b, at + 4, 4) ?? 0)
            }
            longest = max(longest ?? 0, ticks / Double(scale))
        }
        return longest
    }

    /// Where a track fragment ends, in seconds: its decode time plus its samples' durations.
    private static func fragmentEnd(_ b: [UInt8], _ traf: Range<Int>, scales: [UInt64: UInt64]) -> Double? {
        guard let tfhd = child(b, "tfhd", in: traf), let flags = be(b, tfhd.lowerBound + 1, 3), let track = be(b, tfhd.lowerBound + 4, 4),
            let scale = scales[track]
        else { return nil }
        var at = tfhd.lowerBound + 8, defaultDuration: UInt64 = 0
        if flags & 0x01 != 0 { at += 8 }
        if flags & 0x02 != 0 { at += 4 }
        if flags & 0x08 != 0 { defaultDuration = be(b, at, 4) ?? 0 }
        // Summed as a Double: a hostile decode time near UInt64.max plus one sample would trap.
        var time = 0.0
        if let tfdt = child(b, "tfdt", in: traf) {
            time = Double(be(b, tfdt.lowerBound + 4, byte(b, tfdt.lowerBound) == 1 ? 8 : 4) ?? 0)
        }
        for trun in boxes(b, in: traf) where trun.type == "trun" {
            guard let runFlags = be(b, trun.content.lowerBound + 1, 3), let count = be(b, trun.content.lowerBound + 4, 4) else { continue }
            var sample = trun.content.lowerBound + 8
            if runFlags & 0x01 != 0 { sample += 4 }
            if runFlags & 0x04 != 0 { sample += 4 }
            let fields = [0x100, 0x200, 0x400, 0x800].filter { runFlags & UInt64($0) != 0 }.count
            guard count <= UInt64(trun.content.count) else { continue }
            for _ in 0..<count {
                time += Double(runFlags & 0x100 != 0 ? (be(b, sample, 4) ?? 0) : defaultDuration)
                sample += 4 * fields
            }
        }
        return time / Double(scale)
    }

    // MARK: WebM (EBML)

    /// An EBML variable-length integer at `at`: its value (marker bit kept for ids) and length.
    private static func vint(_ b: [UInt8], _ at: Int, keepMarker: Bool) -> (value: UInt64, length: Int, unknown: Bool)? {
        guard at < b.count, b[at] != 0 else { return nil }
        let length = b[at].leadingZeroBitCount + 1
        guard length <= 8, let raw = be(b, at, length) else { return nil }
        let marker = UInt64(1) << UInt64(7 * length)
        let value = keepMarker ? raw : raw & (marker - 1)
        return (value, length, !keepMarker && value == marker - 1)
    }

    private static func webm(_ b: [UInt8]) -> Double? {
        // One pass that steps into the containers that matter and over everything else, so an
        // element of unknown size (a recorder's Segment and Clusters) needs no size.
        let containers: Set<UInt64> = [0x1853_8067, 0x1F43_B675, 0xA0, 0x1549_A966]  // Segment, Cluster, BlockGroup, Info
        var at = 0, scale = 1_000_000.0, declared: Double?, cluster: UInt64 = 0, latest: Double?
        while let id = vint(b, at, keepMarker: true), let size = vint(b, at + id.length, keepMarker: false) {
            let content = at + id.length + size.length
            if containers.contains(id.value) {
                at = content
                continue
            }
            guard !size.unknown, content + Int(size.value) <= b.count else { break }
            let end = content + Int(size.value)
            switch id.value {
            case 0x2A_D7B1: scale = Double(be(b, content, Int(size.value)) ?? 1_000_000)  // TimecodeScale, ns
            case 0x4489:  // Duration, a float in time-scale units
                if size.value == 8, let bits = be(b, content, 8) { declared = Double(bitPattern: bits) }
                if size.value == 4, let bits = be(b, content, 4) { declared = Double(Float(bitPattern: UInt32(bits))) }
            case 0xE7: cluster = be(b, content, Int(size.value)) ?? 0  // the Cluster's Timecode
            case 0xA3, 0xA1:  // SimpleBlock, Block: a track number, then a signed 16-bit time from the Cluster's
                if let track = vint(b, content, keepMarker: false), let relative = be(b, content + track.length, 2) {
                    // In Double: a Cluster timecode is any eight bytes, past Int64's range too.
                    latest = max(latest ?? 0, Double(cluster) + Double(Int16(bitPattern: UInt16(truncatingIfNeeded: relative))))
                }
            default: break
            }
            at = end
        }
        guard let units = (declared ?? 0) > 0 ? declared.map({ believed($0, played: latest) }) : latest else { return nil }
        return units * scale / 1e9
    }

    // MARK: Ogg

    private static func ogg(_ b: [UInt8]) -> Double? {
        // The first page's first packet names the codec and its rate.
        guard b.count > 28, b.starts(with: Array("OggS".utf8)) else { return nil }
        let packet = 27 + Int(b[26])
        var rate: Double, skip: Double = 0
        if b.count >= packet + 19, Array(b[packet..<packet + 8]) == Array("OpusHead".utf8) {
            rate = 48_000  // Opus granules count 48 kHz samples whatever the input's rate
            skip = Double(le(b, packet + 10, 2) ?? 0)
        } else if b.count >= packet + 16, Array(b[packet..<packet + 7]) == [1] + Array("vorbis".utf8) {
            rate = Double(le(b, packet + 12, 4) ?? 0)
        } else {
            return nil
        }
        guard rate > 0 else { return nil }
        // The last page's granule position: samples to the end.
        var at = b.count - 27
        while at >= 0 {
            if b[at] == 0x4F, b[at + 1] == 0x67, b[at + 2] == 0x67, b[at + 3] == 0x53, b[at + 4] == 0, let granule = le(b, at + 6, 8),
                granule != UInt64.max
            {
                return max(0, Double(granule) - skip) / rate
            }
            at -= 1
        }
        return nil
    }

    // MARK: MP3

    private static func mp3(_ b: [UInt8]) -> Double? {
        var at = 0
        if b.starts(with: Array("ID3".utf8)), b.count > 10 {
            let size = b[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
            at = 10 + size + (b[5] & 0x10 != 0 ? 10 : 0)
        }
        // The first frame header.
        while at + 4 <= b.count, !(b[at] == 0xFF && b[at + 1] & 0xE0 == 0xE0) { at += 1 }
        guard at + 4 <= b.count else { return nil }
        let version = (b[at + 1] >> 3) & 3, layer = (b[at + 1] >> 1) & 3  // version 3: MPEG 1; 2: MPEG 2; 0: MPEG 2.5; layer 1: III
        guard layer == 1, version != 1 else { return nil }
        let mpeg1 = version == 3
        let rates: [Double] = mpeg1 ? [44_100, 48_000, 32_000] : version == 2 ? [22_050, 24_000, 16_000] : [11_025, 12_000, 8_000]
        let bitrates: [Double] =
            mpeg1
            ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
            : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        let rateIndex = Int((b[at + 2] >> 2) & 3), bitrateIndex = Int(b[at + 2] >> 4)
        guard rateIndex < 3, bitrateIndex > 0, bitrateIndex < 15 else { return nil }
        let rate = rates[rateIndex], samplesPerFrame = mpeg1 ? 1152.0 : 576.0
        let mono = b[at + 3] >> 6 == 3
        // A Xing or Info header (what encoders write) counts the frames; VBRI is Fraunhofer's.
        let xing = at + 4 + (mpeg1 ? (mono ? 17 : 32) : (mono ? 9 : 17))
        // What the frames found one after another play, against which a header's claim is judged.
        let walked = Double(frameCount(b, from: at, version: version, rates: rates, bitrates: bitrates)) * samplesPerFrame / rate
        if xing + 12 <= b.count, ["Xing", "Info"].contains(String(decoding: b[xing..<xing + 4], as: UTF8.self)),
            let flags = be(b, xing + 4, 4), flags & 1 != 0, let frames = be(b, xing + 8, 4)
        {
            return believed(Double(frames) * samplesPerFrame / rate, played: walked)
        }
        if at + 36 + 18 <= b.count, String(decoding: b[at + 36..<at + 40], as: UTF8.self) == "VBRI", let frames = be(b, at + 36 + 14, 4) {
            return believed(Double(frames) * samplesPerFrame / rate, played: walked)
        }
        return believed(Double(b.count - at) * 8 / (bitrates[bitrateIndex] * 1000), played: walked)
    }

    /// How many layer III frames of one MPEG version follow one another from `at`, each found where the
    /// last one's length (from its own bit rate, rate and padding) ends.
    private static func frameCount(_ b: [UInt8], from start: Int, version: UInt8, rates: [Double], bitrates: [Double]) -> Int {
        var at = start, frames = 0
        while at + 4 <= b.count, b[at] == 0xFF, b[at + 1] & 0xE0 == 0xE0, (b[at + 1] >> 3) & 3 == version, (b[at + 1] >> 1) & 3 == 1 {
            let rateIndex = Int((b[at + 2] >> 2) & 3), bitrateIndex = Int(b[at + 2] >> 4), padding = Int((b[at + 2] >> 1) & 1)
            guard rateIndex < 3, bitrateIndex > 0, bitrateIndex < 15 else { break }
            let perFrame = version == 3 ? 144.0 : 72.0  // bytes per (kbit/s ÷ kHz): 1152 or 576 samples ÷ 8
            let length = Int(perFrame * bitrates[bitrateIndex] * 1000 / rates[rateIndex]) + padding
            guard length >= 4 else { break }
            frames += 1
            at += length
        }
        return frames
    }
}
