import Foundation

/// Spoken text as MP3, made the way the demo tour's narration is (espeak-ng, then lame), in one of
/// espeak-ng's voices (`en`, `fi`, `sv`).
public enum Speech {
    public static func mp3(_ text: String, voice: String = "en") throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-speech-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("a.wav"), mp3 = folder.appendingPathComponent("a.mp3")
        for (tool, args) in [("espeak-ng", ["-v", voice, "-w", wav.path, text]), ("lame", ["--quiet", wav.path, mp3.path])] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = [tool] + args
            try p.run()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { throw HelperFailure("\(tool) failed: run scripts/install-packages espeak-ng lame") }
        }
        return try Data(contentsOf: mp3)
    }
}
