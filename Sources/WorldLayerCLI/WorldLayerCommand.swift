import ArgumentParser
import Foundation

/// `worldlayer`: the server, its database, its users, and geodesy tools.
public struct WorldLayerCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "worldlayer",
        abstract: "WorldLayer: content anchored to the real world.",
        subcommands: [
            ServeCommand.self, MigrateCommand.self, CompactCommand.self, UserCommand.self, ZoneCommand.self, ImportCommand.self,
            ExportCommand.self, TourCommand.self, BookCommand.self, BeaconsCommand.self, DigestCommand.self, PlaceCommand.self,
            RouteCommand.self, DemoCommand.self, GeoCommand.self, FeedbackCommand.self,
            SceneCommand.self, BackupCommand.self, RestoreCommand.self, MediaCommand.self,
            VersionCommand.self,
        ])

    public init() {}

    /// Runs the command line; a usage error is one line on stderr and exit status 64.
    public static func runMain() async { await CommandLine.run(Self.self, named: "worldlayer") }
}

extension CommandLine {
    /// Runs a command-line tool: a failure is one line on stderr and exit status 1, a usage error
    /// one line with where to find help and exit status 64.
    package static func run<Root: ParsableCommand>(_ root: Root.Type, named tool: String) async {
        do {
            var command = try Root.parseAsRoot()
            if var async = command as? any AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("\(tool): \(failure)\n".utf8))
            Foundation.exit(1)
        } catch {
            if Root.exitCode(for: error) == .success { Root.exit(withError: error) }
            let message = Root.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let line = "\(tool): \(message.replacingOccurrences(of: "Error: ", with: "")) (see '\(helpCommand(tool)) --help')\n"
            FileHandle.standardError.write(Data(line.utf8))
            Foundation.exit(64)  // EX_USAGE
        }
    }

    /// The tool followed by the subcommand words the user typed, for the help hint.
    private static func helpCommand(_ tool: String) -> String {
        let words = arguments.dropFirst().prefix { !$0.hasPrefix("-") && $0.allSatisfy { $0.isLetter } }.prefix(2)
        return ([tool] + words).joined(separator: " ")
    }
}

/// A failure while carrying out a well-formed command (as opposed to a usage error).
package struct CommandFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the WorldLayer version.")

    func run() {
        print(WorldLayerVersionText.text)
    }
}
