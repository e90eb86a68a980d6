import ArgumentParser
import Foundation
import WorldLayerClient

/// `worldlayer beacons simulate`: the proximity engine on simulated indoor walks, against the naive choice.
struct BeaconsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beacons", abstract: "BLE beacon proximity tools.", subcommands: [Simulate.self])

    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Walk simulated tours past beacons (noise, fades, dropouts) and report how fast and how steadily the nearest beacon is found."
        )

        @Option(help: "How many walks.") var walks = 200
        @Option(help: "Seed of the first walk (walk i uses seed + i).") var seed: UInt64 = 1
        @Option(help: "Write the first walk's RSSI readings and ground truth as CSV to this file.") var trace: String?
        @Option(help: "Draw the first walk (distances, true and chosen nearest beacon) as SVG to this file.") var plot: String?

        func validate() throws {
            guard (1...100_000).contains(walks) else { throw ValidationError("--walks must be 1 to 100000") }
        }

        func run() throws {
            let simulator = BeaconWalkSimulator()
            var engine = NearestBeaconEvaluation(), naive = NearestBeaconEvaluation()
            for i in 0..<walks {
                let walk = simulator.walk(seed: seed + UInt64(i))
                engine.add(walk, decisions: walk.engineDecisions())
                naive.add(walk, decisions: walk.strongestSignalDecisions())
                if i == 0 {
                    for (file, text) in [(trace, walk.csv), (plot, plot == nil ? "" : BeaconPlot.svg(walk))] {
                        guard let file else { continue }
                        do { try text.write(toFile: file, atomically: true, encoding: .utf8) } catch {
                            throw CommandFailure("cannot write \(file)")
                        }
                    }
                }
            }
            print("\(walks) simulated walks, \(engine.seconds) s, \(engine.delays.count + engine.missed) changes of the nearest beacon")
            print("chooser                                   median delay  p90 delay  wrong switches/walk  missed  seconds right")
            for (name, e) in [("WorldLayer engine (Kalman + hysteresis)", engine), ("loudest reading each second", naive)] {
                print(
                    name.padding(toLength: 42, withPad: " ", startingAt: 0)
                        + String(
                            format: "%10.1f s %8.1f s %20.2f %7d %13.1f %%", e.medianDelay, e.p90Delay, e.wrongSwitchesPerWalk, e.missed,
                            100 * e.agreement))
            }
        }
    }
}
