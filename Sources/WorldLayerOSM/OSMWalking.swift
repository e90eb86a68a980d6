/// Which OSM ways and nodes people may walk along and through — the rules of OSRM's foot
/// profile (`foot.lua`, api 4), so that routes can be compared with it: footways, paths,
/// pedestrian streets, steps, tracks and ordinary roads, platforms, piers and car parks;
/// never motorways or trunk roads unless tagged for walkers; access tags respected (`foot`
/// first, then `access`); a road whose sidewalks are mapped as their own ways
/// (`sidewalk=separate`) is walked on those sidewalks, not down its middle.
public enum OSMWalking {
    static let walkableHighways: Set<String> = [
        "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link", "unclassified", "residential",
        "living_street", "service", "track", "path", "steps", "pedestrian", "platform", "footway", "pier",
    ]
    static let allowed: Set<String> = ["yes", "foot", "permissive", "designated"]
    static let refused: Set<String> = ["no", "agricultural", "forestry", "private", "delivery", "use_sidepath"]
    static let blockingBarriers: Set<String> = ["yes", "wall", "fence"]
    /// Surfaces foot.lua walks slower on (0.75× or 0.5×); WorldLayer reports them on a route instead.
    public static let looseSurfaces: Set<String> = ["fine_gravel", "gravel", "pebblestone", "mud", "sand"]

    /// The kind of way to walk on (OSM's `highway` value, or platform, pier, parking), or nil when it is not for walking.
    public static func walkableHighway(_ tags: [String: String]) -> String? {
        let highway = tags["highway"]
        let kind: String?
        if let highway, walkableHighways.contains(highway) {
            kind = highway
        } else if tags["railway"] == "platform" {
            kind = "platform"
        } else if tags["man_made"] == "pier" {
            kind = "pier"
        } else if let amenity = tags["amenity"], amenity == "parking" || amenity == "parking_entrance" {
            kind = "parking"
        } else {
            kind = nil
        }
        if tags["impassable"] == "yes" || tags["status"] == "impassable" || tags["motorroad"] == "yes" { return nil }
        if highway == "proposed" || (tags["proposed"] != nil && highway == nil) { return nil }
        let access = tags["foot"] ?? tags["access"]
        if let access, refused.contains(access) { return nil }
        let separateSidewalks = ["sidewalk", "sidewalk:both", "sidewalk:left", "sidewalk:right"].contains { tags[$0] == "separate" }
        if separateSidewalks, access == nil { return nil }
        if let kind { return kind }
        // Any other highway is walkable only when an access tag allows it (default speed in OSRM).
        if let highway, let access, !refused.contains(access) { return highway }
        return nil
    }

    /// Whether a node stops walkers (a wall, a fence, a locked gate).
    public static func isBarrier(_ tags: [String: String]) -> Bool {
        if let access = tags["foot"] ?? tags["access"] { return refused.contains(access) }
        guard let barrier = tags["barrier"], blockingBarriers.contains(barrier) else { return false }
        if tags["bollard"] == "rising" { return false }
        if barrier == "fence", let sensory = tags["sensory"], sensory == "audible" || sensory == "audio" { return false }
        return true
    }
}
