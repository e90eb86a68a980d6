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
            RouteCommand.self, DemoCommand.self, GeoCommand.self, BenchCommand.self, WalkCommand.self, FeedbackCommand.self,
            SceneCommand.self,
            VersionCommand.self,
        ])

    public init() {}

    /// Runs the command line; a usage error is one line on stderr and exit status 64.
    public static func runMain() async {
        do {
            var command = try parseAsRoot()
            if var async = command as? any AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("worldlayer: \(failure)\n".utf8))
            Foundation.exit(1)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            let message = WorldLayerCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let line = "worldlayer: \(message.replacingOccurrences(of: "Error: ", with: "")) (see '\(helpCommand) --help')\n"
            FileHandle.standardError.write(Data(line.utf8))
            Foundation.exit(64)  // EX_USAGE
        }
    }

    /// `worldlayer` followed by the subcommand words the user typed, for the help hint.
    private static var helpCommand: String {
        let words = CommandLine.arguments.dropFirst().prefix { !$0.hasPrefix("-") && $0.allSatisfy { $0.isLetter } }.prefix(2)
        return (["worldlayer"] + words).joined(separator: " ")
    }
}

/// A failure while carrying out a well-formed command (as opposed to a usage error).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the WorldLayer version.")

    func run() {
        print(WorldLayerVersionText.text)
    }
}
