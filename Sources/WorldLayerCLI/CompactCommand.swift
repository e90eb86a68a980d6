import ArgumentParser
import Foundation
import WorldLayerStore

/// `worldlayer compact`: rewrites an SQLite store (``SQLiteCompaction``), with the server stopped.
struct CompactCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Rewrite an SQLite store in place: reclaim deleted rows' space and take 16 KiB pages (stop the server first).",
        discussion: "Needs about twice the database's size free on disk. An interrupted run leaves the store as it was.")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        guard case .sqlite(let path) = database.url else {
            throw CommandFailure("compact rewrites SQLite files; PostgreSQL reclaims space itself (autovacuum)")
        }
        do {
            let before = try await SQLiteCompaction.inspect(path: path)
            FileHandle.standardError.write(
                Data("compacting \(path) (\(Self.size(before.bytes)), \(before.pageSize / 1024) KiB pages)…\n".utf8))
            let started = Date()
            let ticker = Task {
                // VACUUM says nothing until it is done: show that it is still working.
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(5))
                    FileHandle.standardError.write(Data("  still compacting, \(Int(Date().timeIntervalSince(started))) s\n".utf8))
                }
            }
            defer { ticker.cancel() }
            let report = try await SQLiteCompaction.run(path: path)
            print(
                "compacted \(path): \(Self.size(report.bytesBefore)) → \(Self.size(report.bytesAfter)), "
                    + "\(report.pageSizeBefore / 1024) KiB → \(report.pageSizeAfter / 1024) KiB pages, in \(Int(Date().timeIntervalSince(started).rounded())) s"
            )
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        }
    }

    static func size(_ bytes: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }
}
