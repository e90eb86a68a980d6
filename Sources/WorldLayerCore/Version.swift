/// The release this build belongs to.
public enum WorldLayerVersion {
    public static let current = "0.1.0"
}
