import Foundation

/// Runs the built `worldlayer` executable as a user would.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL { executable("worldlayer") }

    /// A tool of the package (`worldlayer`, `worldlayer-bench`) in the build folder.
    static func executable(_ tool: String) -> URL {
        // The test bundle sits next to the executables in the build folder.
        var dir = Bundle.main.bundleURL
        while dir.pathComponents.count > 1, !FileManager.default.fileExists(atPath: dir.appendingPathComponent(tool).path) {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent(tool)
    }

    @discardableResult
    static func run(_ arguments: [String], tool: String = "worldlayer", stdin: String = "", environment: [String: String] = [:]) throws
        -> Result
    {
        let process = Process()
        process.executableURL = executable(tool)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// A scratch media folder for one test.
    static func scratchMedia() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wl-cli-media-\(UUID().uuidString)").path
    }

    /// A scratch SQLite URL for one test.
    static func scratchDatabase() -> String {
        "sqlite:" + FileManager.default.temporaryDirectory.appendingPathComponent("wl-cli-\(UUID().uuidString).sqlite").path
    }
}
