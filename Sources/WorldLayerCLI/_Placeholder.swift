import ArgumentParser
public struct WorldLayerCommand: ParsableCommand { public init() {} }
