import Foundation
import Testing
import WorldLayerTestSupport

/// An app that adds WorldLayerClient with the package's `Server` trait off resolves only what the
/// library needs, not the server's databases, HTTP server and tools (issue 46).
@Suite("WorldLayerClient: an app resolves only what the library needs")
struct LeanPackageTests {
    /// Packages only the server, the CLI or the tests use.
    static let serverOnly: Set<String> = [
        "hummingbird", "hummingbird-auth", "hummingbird-websocket", "postgres-kit", "postgres-nio", "sqlite-kit", "sqlite-nio", "sql-kit",
        "swift-nio", "swift-nio-ssl", "swift-crypto", "swift-certificates", "swift-prometheus", "ZIPFoundation",
    ]

    @Test("a probe app depending on the package with traits: [] resolves the generator, its runtime and little else")
    func appResolvesLean() async throws {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: probe) }
        try FileManager.default.createDirectory(at: probe.appendingPathComponent("Sources/Probe"), withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.1
        import PackageDescription
        let package = Package(
            name: "Probe", platforms: [.macOS(.v14), .iOS(.v17)],
            dependencies: [.package(path: "\(PortabilityTests.root.path)", traits: [])],
            targets: [.target(name: "Probe", dependencies: [.product(name: "WorldLayerClient", package: "\(PortabilityTests.root.lastPathComponent)")])]
        )
        """.write(to: probe.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import WorldLayerClient\n".write(
            to: probe.appendingPathComponent("Sources/Probe/Probe.swift"), atomically: true, encoding: .utf8)
        let status = try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "package", "--package-path", probe.path, "resolve"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 0)
        let resolved = Set(try FileManager.default.contentsOfDirectory(atPath: probe.appendingPathComponent(".build/checkouts").path))
        #expect(resolved.isSuperset(of: ["swift-openapi-runtime", "swift-openapi-urlsession", "swift-openapi-generator"]), "\(resolved)")
        #expect(resolved.isDisjoint(with: Self.serverOnly), "\(resolved.intersection(Self.serverOnly))")
        #expect(resolved.count <= 12, "\(resolved.sorted())")
    }
}
