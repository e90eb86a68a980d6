import ArgumentParser
import WorldLayerCLI

WorldLayerCommand.main()
