import WorldLayerCLI

await CommandLine.run(BenchCommand.self, named: "worldlayer-bench")
