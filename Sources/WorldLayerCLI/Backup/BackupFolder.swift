import Foundation
import WorldLayerStore

/// What `worldlayer backup` writes: `manifest.json`, the database (`database.sqlite` or
/// `database.pgdump`) and `media/`, a copy of the media folder's tree.
enum BackupFolder {
    static let sqliteFile = "database.sqlite"
    static let postgresFile = "database.pgdump"

    struct Manifest: Codable {
        var engine: String
        var schemaVersion: Int
        var createdAt: Date
        var mediaFiles: Int
        var mediaBytes: Int64
        /// Each table's rows and their digest in the copy (``Store/tableFingerprints()``), checked by
        /// `restore`; SQLite's only (a PostgreSQL dump is not read back to count).
        var tables: [String: String]?

        func write(to folder: URL) throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            try encoder.encode(self).write(to: folder.appendingPathComponent("manifest.json"))
        }

        static func read(from folder: URL) throws -> Manifest {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
                let manifest = try? decoder.decode(Manifest.self, from: data)
            else { throw CommandFailure("\(folder.path) is not a backup: it has no readable manifest.json") }
            return manifest
        }
    }

    /// Each table's row count and digest in the database at `url` (``Store/tableFingerprints()``).
    static func fingerprints(of url: DatabaseURL) async throws -> [String: String] {
        let store = try Store.open(url, logger: quietLogger())
        do {
            let prints = try await store.tableFingerprints()
            try await store.close()
            return prints
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// The media from one library into another: the whole folder as it is between folders, else
    /// file by file through `cache` (emptied afterwards) by ``MediaCopy``.
    static func copyMedia(from source: MediaLibrary, named: String, to target: MediaLibrary, cache: URL) async throws -> (
        files: Int, bytes: Int64
    ) {
        guard source.bucket != nil || target.bucket != nil else { return try copyTree(from: source.root, to: target.root) }
        defer { try? FileManager.default.removeItem(at: cache) }
        let done = try await MediaCopy.run(
            from: source.bucket.map { MediaLibrary(root: cache, bucket: $0) } ?? source, named: named,
            to: target.bucket.map { MediaLibrary(root: cache, bucket: $0) } ?? target, progress: ProgressBar(label: "media"))
        return (done.copied + done.present, done.bytes)
    }

    /// Copies every regular file under `source` to the same place under `destination` (made as
    /// needed); a missing `source` is an empty tree. Returns how many files and bytes.
    static func copyTree(from source: URL, to destination: URL) throws -> (files: Int, bytes: Int64) {
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        return try walkTree(source) { file, relative in
            let target = destination.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file, to: target)
        }
    }

    /// How many regular files, and bytes, are under `source` (none when it is missing).
    static func measureTree(_ source: URL) throws -> (files: Int, bytes: Int64) {
        try walkTree(source) { _, _ in }
    }

    /// Calls `visit(file, path inside source)` for every regular file under `source`; returns their count and bytes.
    private static func walkTree(_ source: URL, _ visit: (URL, String) throws -> Void) throws -> (files: Int, bytes: Int64) {
        guard let walk = FileManager.default.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey]) else {
            return (0, 0)
        }
        var files = 0, bytes: Int64 = 0
        let base = source.standardizedFileURL.path
        for case let file as URL in walk {
            let values = try file.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values.isRegularFile == true else { continue }
            try visit(file, String(file.standardizedFileURL.path.dropFirst(base.count + 1)))
            files += 1
            bytes += Int64(values.fileSize ?? 0)
        }
        return (files, bytes)
    }
}

/// PostgreSQL's own tools, given the connection through libpq's environment variables rather than
/// arguments (which any user of the machine can read in the process list).
enum PostgresTools {
    /// The database's name alone (pg_restore wants one; where and as whom come from the environment).
    static func databaseName(_ url: String) -> String { URLComponents(string: url).map { String($0.path.dropFirst()) } ?? "" }

    static func run(_ tool: String, _ arguments: [String], url: String) throws {
        guard let c = URLComponents(string: url), let host = c.host else { throw CommandFailure("cannot read the PostgreSQL address") }
        var environment = ProcessInfo.processInfo.environment
        environment["PGHOST"] = host
        environment["PGPORT"] = String(c.port ?? 5432)
        environment["PGDATABASE"] = String(c.path.dropFirst())
        if let user = c.user { environment["PGUSER"] = user }
        if let password = c.password { environment["PGPASSWORD"] = password }
        if let mode = c.queryItems?.first(where: { $0.name == "sslmode" })?.value { environment["PGSSLMODE"] = mode }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw CommandFailure("cannot run \(tool): \(error) (Debian's postgresql-client has it)") }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailure(
                "\(tool) failed: \(said.split(separator: "\n").first.map(String.init) ?? "status \(process.terminationStatus)")")
        }
    }
}
