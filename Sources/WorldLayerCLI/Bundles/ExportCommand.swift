import ArgumentParser

/// `worldlayer export tour|book …`: bundles written back as files.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export data as files.", subcommands: [TourBundleExport.self, BookBundleExport.self])
}
