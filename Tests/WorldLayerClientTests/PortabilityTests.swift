import Foundation
import Testing

/// What an iOS app links must build for iOS: checked here, on Linux, from the manifest and the sources.
@Suite("WorldLayerClient: compiles for iOS")
struct PortabilityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    /// Modules that exist on some platforms only.
    static let platformModules: Set<String> = [
        "Glibc", "Musl", "FoundationNetworking", "Darwin", "Security", "simd", "ARKit", "UIKit", "CoreLocation",
    ]

    /// The package's targets that an app linking WorldLayerClient links, as `swift package dump-package` describes them.
    static func linkedTargets() throws -> [[String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: `.build` is locked by the `swift test` running this.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let targets = Dictionary(
            uniqueKeysWithValues: (manifest?["targets"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "", $0) })
        var linked: [String] = [], next = ["WorldLayerClient"]
        while let name = next.popLast() {
            guard !linked.contains(name), let target = targets[name] else { continue }
            linked.append(name)
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = (dependency["byName"] ?? dependency["target"]) as? [Any], let other = byName.first as? String {
                    next.append(other)
                }
            }
        }
        return linked.compactMap { targets[$0] }
    }

    @Test("no target an app links uses unsafeFlags (Xcode refuses packages that do)")
    func noUnsafeFlags() throws {
        let linked = try Self.linkedTargets()
        #expect(Set(linked.compactMap { $0["name"] as? String }).isSuperset(of: ["WorldLayerClient", "WorldLayerAPI", "WorldLayerGeo"]))
        for target in linked {
            let settings = try JSONSerialization.data(withJSONObject: target["settings"] ?? [])
            #expect(!String(decoding: settings, as: UTF8.self).contains("unsafeFlags"), "\(target["name"] ?? "")")
        }
    }

    @Test("every platform-only import in those targets sits inside #if canImport of that module")
    func importsAreGuarded() throws {
        var unguarded: [String] = []
        for name in try Self.linkedTargets().compactMap({ $0["name"] as? String }) {
            let folder = Self.root.appendingPathComponent("Sources/\(name)")
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "swift" {
                var guards: [String] = []
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").enumerated() {
                    let text = line.trimmingCharacters(in: .whitespaces)
                    if text.hasPrefix("#if ") {
                        guards.append(text)
                    } else if text.hasPrefix("#endif") {
                        _ = guards.popLast()
                    } else if text.hasPrefix("import ") || text.contains(" import ") {
                        let module = text.split(separator: " ").last.map(String.init) ?? ""
                        if Self.platformModules.contains(module), !guards.contains(where: { $0.contains("canImport(\(module))") }) {
                            unguarded.append("\(name)/\(file.lastPathComponent):\(number + 1) imports \(module)")
                        }
                    }
                }
            }
        }
        #expect(unguarded.isEmpty, "\(unguarded)")
    }
}
