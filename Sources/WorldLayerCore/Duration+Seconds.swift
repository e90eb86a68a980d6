extension Duration {
    /// The duration in seconds, as a number to compute and print with.
    public var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
