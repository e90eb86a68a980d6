import Metrics

/// What the server's in-memory caches and decode pools report to `/metrics`: hits and misses, what
/// each holds, and how busy each pool is. Recorded where they change, so a scrape costs nothing.
enum CacheMetrics {
    /// `worldlayer_cache_lookups_total{cache, result="hit"|"miss"}`.
    static func lookup(_ cache: String, hit: Bool) {
        Counter(label: "worldlayer_cache_lookups_total", dimensions: [("cache", cache), ("result", hit ? "hit" : "miss")]).increment()
    }

    /// `worldlayer_cache_entries{cache}` and, when known, `worldlayer_cache_bytes{cache}`.
    static func holds(_ cache: String, entries: Int, bytes: Int? = nil) {
        Gauge(label: "worldlayer_cache_entries", dimensions: [("cache", cache)]).record(entries)
        if let bytes { Gauge(label: "worldlayer_cache_bytes", dimensions: [("cache", cache)]).record(bytes) }
    }

    /// `worldlayer_decode_running{pool}`, `worldlayer_decode_waiting{pool}`.
    static func pool(_ pool: String, running: Int, waiting: Int) {
        Gauge(label: "worldlayer_decode_running", dimensions: [("pool", pool)]).record(running)
        Gauge(label: "worldlayer_decode_waiting", dimensions: [("pool", pool)]).record(waiting)
    }

    /// `worldlayer_decode_refused_total{pool}`: frames turned away with a 503 because the pool's queue was full.
    static func refused(_ pool: String) {
        Counter(label: "worldlayer_decode_refused_total", dimensions: [("pool", pool)]).increment()
    }
}
