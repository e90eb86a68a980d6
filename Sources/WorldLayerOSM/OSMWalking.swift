/// Which OSM ways people may walk along — the rules of OSRM's foot profile, so that routes
/// can be compared with it: footways, paths, pedestrian streets, steps, tracks and ordinary
/// roads; never motorways or trunk roads; access tags respected (`foot` first, then `access`).
public enum OSMWalking {
    static let walkableHighways: Set<String> = [
        "footway", "path", "pedestrian", "steps", "living_street", "residential", "service", "unclassified", "track", "road",
        "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link", "platform", "pier", "corridor",
    ]
    /// Walkable only when tagged so (`foot=yes|designated|permissive`).
    static let walkableIfAllowed: Set<String> = ["cycleway", "bridleway", "trunk", "trunk_link"]
    static let allowed: Set<String> = ["yes", "designated", "permissive", "official"]
    static let refused: Set<String> = ["no", "private", "agricultural", "forestry", "delivery", "military"]

    /// The `highway` value to walk on, or nil when the way is not for walking.
    public static func walkableHighway(_ tags: [String: String]) -> String? {
        guard let highway = tags["highway"] ?? (tags["railway"] == "platform" ? "platform" : nil) ?? (tags["man_made"] == "pier" ? "pier" : nil)
        else { return nil }
        if tags["area"] == "yes", highway != "pedestrian", highway != "footway", highway != "platform" { return nil }
        if ["proposed", "construction", "abandoned", "razed"].contains(highway) { return nil }
        if let foot = tags["foot"] {
            if refused.contains(foot) { return nil }
            if allowed.contains(foot) { return walkableHighways.contains(highway) || walkableIfAllowed.contains(highway) ? highway : nil }
        }
        if let access = tags["access"], refused.contains(access) { return nil }
        return walkableHighways.contains(highway) ? highway : nil
    }
}
