import WorldLayerCLI

await WorldLayerCommand.runMain()
