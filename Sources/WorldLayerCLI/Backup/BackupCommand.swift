import ArgumentParser
import Foundation
import WorldLayerStore

/// `worldlayer backup DIR`: a consistent copy of a serving world (its database and its media) in a
/// folder, and `worldlayer restore DIR`: that world again, into an empty database and media folder.
///
/// SQLite is copied with `VACUUM INTO`, one read transaction, so the copy is the database as it was
/// at one moment while the server goes on writing; PostgreSQL with `pg_dump`'s custom format, also
/// one snapshot. Media are copied after the database: every file the copied rows name was written
/// before them (files are never changed in place), and a file written since is only an extra, which
/// the hourly sweep removes once restored. Media in an S3 bucket are copied out of it into the
/// backup's folder, and restored into an empty bucket, each file checked by its SHA-256.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a world's database and media into a new folder, while it serves (restore it with `worldlayer restore`).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var media: MediaOptions
    @Argument(help: "The folder to make (it must not exist).") var folder: String

    func validate() throws {
        if FileManager.default.fileExists(atPath: folder) { throw ValidationError("\(folder) exists already: name a new folder") }
    }

    func run() async throws {
        let library = try media.library()
        let out = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let (engine, schema, tables) = try await database.withStore { store -> (Store.Engine, Int, [String: String]?) in
            var tables: [String: String]?
            switch database.url {
            case .sqlite:
                let copy = out.appendingPathComponent(BackupFolder.sqliteFile).path
                try await store.copySQLite(to: copy)
                tables = try await BackupFolder.fingerprints(of: .sqlite(path: copy))
            case .postgres(let url):
                try PostgresTools.run(
                    "pg_dump", ["--format=custom", "--no-owner", "--file", out.appendingPathComponent(BackupFolder.postgresFile).path],
                    url: url)
            }
            return (store.engine, try await store.currentSchemaVersion(), tables)
        }
        let copied = try await BackupFolder.copyMedia(
            from: library, named: media.media, to: MediaLibrary(root: out.appendingPathComponent("media")),
            cache: out.appendingPathComponent("bucket-cache"))
        let manifest = BackupFolder.Manifest(
            engine: engine.rawValue, schemaVersion: schema, createdAt: Date(), mediaFiles: copied.files, mediaBytes: copied.bytes,
            tables: tables)
        try manifest.write(to: out)
        print("backed up \(database.url) (schema \(schema)) and \(copied.files) media files (\(copied.bytes) bytes) into \(folder)")
    }
}

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a world from `worldlayer backup` into an empty database and media folder (then migrate it to this version).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var media: MediaOptions
    @Argument(help: "A folder `worldlayer backup` made.") var folder: String

    func run() async throws {
        let source = URL(fileURLWithPath: folder)
        let manifest = try BackupFolder.Manifest.read(from: source)
        let target = database.url
        let engine: String = if case .postgres = target { "postgres" } else { "sqlite" }
        guard manifest.engine == engine else {
            throw CommandFailure("the backup is of a \(manifest.engine) database; restore it into one (--database)")
        }
        let library = try media.library()
        // Checked, not made: a refused restore leaves no new bucket behind (the copy makes it).
        if let bucket = library.bucket {
            if try await bucket.exists(), try await !bucket.list().isEmpty {
                throw CommandFailure("\(media.media) holds objects already: restore into an empty bucket")
            }
        } else if let left = try? FileManager.default.contentsOfDirectory(atPath: library.root.path), !left.isEmpty {
            throw CommandFailure("\(media.media) holds files already: restore into an empty media folder")
        }
        // Checked before anything is written: a backup missing files is refused whole.
        let held = try BackupFolder.measureTree(source.appendingPathComponent("media"))
        guard held.files == manifest.mediaFiles, held.bytes == manifest.mediaBytes else {
            throw CommandFailure("the backup's media are incomplete: \(held.files) files of \(manifest.mediaFiles)")
        }
        switch target {
        case .sqlite(let path):
            guard !FileManager.default.fileExists(atPath: path) else {
                throw CommandFailure("\(path) exists already: restore into a new database file")
            }
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source.appendingPathComponent(BackupFolder.sqliteFile), to: URL(fileURLWithPath: path))
        case .postgres(let url):
            let store = try Store.open(target, logger: quietLogger())
            let isEmpty = try await store.isEmpty()
            try await store.close()
            guard isEmpty else { throw CommandFailure("the database has tables already: restore into an empty one") }
            try PostgresTools.run(
                "pg_restore",
                [
                    "--no-owner", "--no-privileges", "--exit-on-error", "--dbname", PostgresTools.databaseName(url),
                    source.appendingPathComponent(BackupFolder.postgresFile).path,
                ],
                url: url)
        }
        if let recorded = manifest.tables, case .sqlite(let path) = target {
            // Read back before anything else touches it: the rows are the backup's, every one, or the copy goes.
            let found = try await BackupFolder.fingerprints(of: target)
            let differ = Set(recorded.keys).union(found.keys).filter { recorded[$0] != found[$0] }.sorted()
            guard differ.isEmpty else {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                throw CommandFailure(
                    "the backup's database differs from its manifest in \(differ.joined(separator: ", ")): nothing restored")
            }
        }
        let copied = try await BackupFolder.copyMedia(
            from: MediaLibrary(root: source.appendingPathComponent("media")), named: folder, to: library,
            cache: FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-restore-\(UUID().uuidString)"))
        try await database.withStore { _ in }  // opening migrates it to this version
        print(
            "restored \(folder) (schema \(manifest.schemaVersion), taken \(manifest.createdAt)) into \(target) and \(copied.files) media files"
        )
    }
}
