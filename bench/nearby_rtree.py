#!/usr/bin/env python3
"""Builds the `nearby` benchmark's SQLite R*Tree peer from nearby_data.py's stickers (in place
order, as bench/nearby.sh sorts them): a plain table of stickers (rowid in place order), SQLite's
R*Tree module over their points, the shares, and each sticker's body (the same JSON as PostGIS's,
the size WorldLayer stores) in a table of its own, read only for the 50 answered.
Usage: nearby_rtree.py STICKERS.tsv OUT.sqlite COUNT"""
import hashlib, json, sqlite3, sys, uuid

source, path, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
db = sqlite3.connect(path)
# Loading only: nothing to protect until the file is built (it ends in WAL, as WorldLayer's store is).
db.executescript("""
PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000;
CREATE TABLE stickers (id TEXT NOT NULL, author INTEGER NOT NULL, visibility TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL);
CREATE TABLE bodies (body TEXT NOT NULL);
CREATE VIRTUAL TABLE sticker_boxes USING rtree(id, min_lat, max_lat, min_lon, max_lon);
CREATE TABLE shares (sticker INTEGER NOT NULL, account INTEGER NOT NULL, PRIMARY KEY (sticker, account)) WITHOUT ROWID;
""")


def body(sid, author, visibility, lat, lon, shared):
    """The JSON PostGIS's table holds (bench/nearby.sh), field for field."""
    return json.dumps({
        "anchor": {"accuracy": 5, "altitude": 20, "latitude": lat, "longitude": lon},
        "author": {"displayName": f"User {author}", "id": f"00000000-0000-4000-8000-{author:012x}", "username": f"user{author}"},
        "cell": hashlib.md5(sid.encode()).hexdigest()[:8], "color": "#FFD60A", "createdAt": 1795394209572.1167, "id": sid,
        "orientation": [0, 0, 0, 1], "sharedWith": shared, "size": 0.3, "state": "published", "tags": ["bench"],
        "templateId": "sticky-note", "text": f"Sticker {sid[:8].upper()}", "updatedAt": 1795394209572.1167, "version": 2,
        "visibility": visibility, "worldmapId": str(uuid.UUID(hashlib.md5(repr(lat).encode()).hexdigest())), "worldmapIsPrivate": False},
        separators=(",", ":"))


def rows():
    with open(source) as f:
        for rowid, line in enumerate(f, start=1):
            sid, author, visibility, lat, lon, shared = line.rstrip("\n").split("\t")
            if rowid % 500_000 == 0:
                print(f"[nearby] R*Tree peer: {rowid * 100 // count}% loaded", file=sys.stderr)
            yield rowid, sid, int(author), visibility, float(lat), float(lon), [] if shared == "-" else shared.split(",")


batch = []
def flush():
    db.executemany("INSERT INTO stickers (rowid, id, author, visibility, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?)",
                   [r[:6] for r in batch])
    db.executemany("INSERT INTO bodies (rowid, body) VALUES (?, ?)", [(r[0], body(r[1], r[2], r[3], r[4], r[5], r[6])) for r in batch])
    db.executemany("INSERT INTO sticker_boxes VALUES (?, ?, ?, ?, ?)", [(r[0], r[4], r[4], r[5], r[5]) for r in batch])
    db.executemany("INSERT OR IGNORE INTO shares VALUES (?, ?)", [(r[0], int(a)) for r in batch for a in r[6] if int(a) != r[2]])
    batch.clear()


for r in rows():
    batch.append(r)
    if len(batch) == 10_000:
        flush()
flush()
db.commit()
db.execute("ANALYZE")
db.execute("PRAGMA journal_mode = WAL")
db.close()
print("[nearby] R*Tree peer: loaded", file=sys.stderr)
