#!/usr/bin/env bash
# The `routing` benchmark (run inside scripts/with-postgres by bench/run routing): the same
# 1,000 pairs on WorldLayer, OSRM (foot.lua) and pgRouting over the Helsinki extract; then
# import cost and router memory on a synthetic grid 100× the extract's walking graph.
set -euo pipefail
bin="$1"
work=bench/.work/routing
rm -rf "$work" && mkdir -p "$work"
pg="${WORLDLAYER_TEST_POSTGRES_URL%%\?*}"
hostport="${pg#postgres://postgres@}"; hostport="${hostport%%/*}"
host="${hostport%:*}"; port="${hostport#*:}"
py312="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")/versions/$(ls "$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")/versions" | grep '^3\.12' | tail -1)/bin/python"

echo "[routing] 1,000 random pairs between junctions of the walking network…" >&2
python3 bench/routing_pairs.py demo/helsinki.osm.pbf 1000 7 > "$work/pairs.txt"

echo "[routing] WorldLayer: import (timed, peak memory) and routes…" >&2
python3 bench/measure.py "$work/ours-import.json" "$bin" import osm demo/helsinki.osm.pbf --database "sqlite:$work/ours.sqlite" > /dev/null
"$bin" bench routing --database "sqlite:$work/ours.sqlite" --pairs "$work/pairs.txt" --lengths "$work/ours-lengths.txt" > "$work/ours.json"

echo "[routing] OSRM (osrm-bindings, foot.lua): extract, contract and routes…" >&2
cp demo/helsinki.osm.pbf "$work/osrm.osm.pbf"
"$py312" bench/routing_osrm.py "$work/osrm.osm.pbf" "$work/pairs.txt" "$work/osrm-lengths.txt" > "$work/osrm.json"

echo "[routing] pgRouting (osm2pgrouting, Debian's pedestrian mapconfig): import and routes…" >&2
osmium cat -o "$work/helsinki.osm" -f osm demo/helsinki.osm.pbf --overwrite
# Debian's mapconfig_for_pedestrian.xml ends with comments holding "--", which XML forbids: keep what precedes them.
sed '/<\/configuration>/q' /usr/share/osm2pgrouting/mapconfig_for_pedestrian.xml > "$work/mapconfig_for_pedestrian.xml"
psql -q -v ON_ERROR_STOP=1 "$pg" -c "DROP DATABASE IF EXISTS pgrouting_bench" -c "CREATE DATABASE pgrouting_bench"
psql -q -v ON_ERROR_STOP=1 "${pg%/*}/pgrouting_bench" -c "CREATE EXTENSION postgis" -c "CREATE EXTENSION pgrouting"
python3 bench/measure.py "$work/pgrouting-import.json" osm2pgrouting -f "$work/helsinki.osm" -c "$work/mapconfig_for_pedestrian.xml" \
  -d pgrouting_bench -U postgres -h "$host" -p "$port" --clean > "$work/osm2pgrouting.log" 2>&1
"$bin" bench routing --pgrouting --database "${pg%/*}/pgrouting_bench?sslmode=disable" --pairs "$work/pairs.txt" --lengths "$work/pgrouting-lengths.txt" > "$work/pgrouting.json"

n="${ROUTING_GRID:-810}"
echo "[routing] a synthetic ${n}×${n} grid (about 100× the extract's graph): import and routes on both…" >&2
python3 bench/routing_grid.py "$n" "$work/grid.osm" "$work/grid-pairs.txt" 200
python3 bench/measure.py "$work/grid-import.json" "$bin" import osm "$work/grid.osm" --database "sqlite:$work/grid.sqlite" > /dev/null
"$bin" bench routing --database "sqlite:$work/grid.sqlite" --pairs "$work/grid-pairs.txt" --lengths "$work/grid-ours-lengths.txt" > "$work/grid-ours.json"
# Best effort: OSRM needed 5 minutes and 8 GB for this grid here; a smaller machine may not manage.
timeout 1800 "$py312" bench/routing_osrm.py "$work/grid.osm" "$work/grid-pairs.txt" "$work/grid-osrm-lengths.txt" MLD > "$work/grid-osrm.json" \
  || { echo "[routing] OSRM did not finish on the grid; reporting WorldLayer alone there" >&2; rm -f "$work/grid-osrm.json"; }
