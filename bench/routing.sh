#!/usr/bin/env bash
# The `routing` benchmark (run inside scripts/with-postgres by bench/run routing): the same pairs on
# WorldLayer, OSRM (osrm-routed over loopback, and its engine in process through the wheel's Python
# binding; foot.lua, CH) and pgRouting over the Helsinki extract; then a 120×120 grid that both
# contract (CH against CH), and a synthetic grid 100× the extract's walking graph on WorldLayer and
# OSRM (MLD, and CH when its contraction finishes in time). Every router warms up on one set of pairs and is timed on another;
# ROUTING_REPS rounds (5), the routers taking turns at going first.
set -euo pipefail
bin="$1"
work=bench/.work/routing
rm -rf "$work" && mkdir -p "$work"
pg="${WORLDLAYER_TEST_POSTGRES_URL%%\?*}"
hostport="${pg#postgres://postgres@}"; hostport="${hostport%%/*}"
host="${hostport%:*}"; port="${hostport#*:}"
py312="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")/versions/$(ls "$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")/versions" | grep '^3\.12' | tail -1)/bin/python"
osrm_bin="$("$py312" bench/routing_osrm.py bin)"
reps="${ROUTING_REPS:-5}"
servers=()
trap 'for p in "${servers[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

# osrm-routed on loopback, one thread (as WorldLayer's router answers one query on one core);
# sets started_port and started_pid once it answers.
start_osrm() {  # BASE ALGORITHM LOG
  started_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$osrm_bin/osrm-routed" -i 127.0.0.1 -p "$started_port" -t 1 -a "$2" "$1" > "$3" 2>&1 &
  started_pid=$!
  servers+=("$started_pid")
  for _ in $(seq 1 1200); do grep -q "running and waiting for requests" "$3" && return 0; sleep 0.5; done
  echo "[routing] osrm-routed did not start: $(tail -3 "$3")" >&2; return 1
}
rss_of() { awk '/VmRSS/ { print $2 * 1024 }' "/proc/$1/status"; }
# Runs the named commands in turn, starting with the r-th: round r of a rotation.
rotate() {  # R CMD…
  local r=$1; shift
  local cmds=("$@") n=$#
  for i in $(seq 0 $((n - 1))); do ${cmds[$(( (i + r - 1) % n ))]}; done
}

# The pairs' seeds: ROUTING_SEED for the warm-up, one more for the measured pairs. Pass a seed no one
# has profiled or tuned on (7 and 8, the defaults, were profiled at 2026-12-07).
seed="${ROUTING_SEED:-7}"
echo "[routing] 2 × 1,000 random pairs between junctions of the walking network (warm-up seed $seed, measured $((seed + 1)))…" >&2
python3 bench/routing_pairs.py demo/helsinki.osm.pbf 1000 "$seed" > "$work/warmup-pairs.txt"
python3 bench/routing_pairs.py demo/helsinki.osm.pbf 1000 $((seed + 1)) > "$work/pairs.txt"
echo "$seed" > "$work/seed.txt"

echo "[routing] WorldLayer: import (timed, peak memory)…" >&2
python3 bench/measure.py "$work/ours-import.json" "$bin" import osm demo/helsinki.osm.pbf --database "sqlite:$work/ours.sqlite" > /dev/null

echo "[routing] OSRM (foot.lua): extract and contract (CH), then osrm-routed…" >&2
cp demo/helsinki.osm.pbf "$work/osrm.osm.pbf"
"$py312" bench/routing_osrm.py prepare "$work/osrm.osm.pbf" CH > "$work/osrm-prepare.json"
start_osrm "$work/osrm.osrm" CH "$work/osrm-routed.log"
osrm_port=$started_port osrm_pid=$started_pid

echo "[routing] pgRouting (osm2pgrouting, Debian's pedestrian mapconfig): import…" >&2
osmium cat -o "$work/helsinki.osm" -f osm demo/helsinki.osm.pbf --overwrite
# Debian's mapconfig_for_pedestrian.xml ends with comments holding "--", which XML forbids: keep what precedes them.
sed '/<\/configuration>/q' /usr/share/osm2pgrouting/mapconfig_for_pedestrian.xml > "$work/mapconfig_for_pedestrian.xml"
psql -q -v ON_ERROR_STOP=1 "$pg" -c "DROP DATABASE IF EXISTS pgrouting_bench" -c "CREATE DATABASE pgrouting_bench"
psql -q -v ON_ERROR_STOP=1 "${pg%/*}/pgrouting_bench" -c "CREATE EXTENSION postgis" -c "CREATE EXTENSION pgrouting"
python3 bench/measure.py "$work/pgrouting-import.json" osm2pgrouting -f "$work/helsinki.osm" -c "$work/mapconfig_for_pedestrian.xml" \
  -d pgrouting_bench -U postgres -h "$host" -p "$port" --clean > "$work/osm2pgrouting.log" 2>&1

ours() { "$bin-bench" routing --database "sqlite:$work/ours.sqlite" --pairs "$work/pairs.txt" --warmup "$work/warmup-pairs.txt" --lengths "$work/ours-lengths.txt" --routes "$work/ours-routes.txt" > "$work/ours-$r.json"; }
osrm() { "$py312" bench/routing_osrm.py query "$osrm_port" "$work/osrm-routed.log" "$work/pairs.txt" "$work/warmup-pairs.txt" "$work/osrm-lengths.txt" > "$work/osrm-$r.json"; }
osrm_inprocess() { "$py312" bench/routing_osrm.py inprocess "$work/osrm.osrm" "$work/pairs.txt" "$work/warmup-pairs.txt" > "$work/osrm-inprocess-$r.json"; }
pgrouting() { "$bin-bench" routing --pgrouting --database "${pg%/*}/pgrouting_bench?sslmode=disable" --pairs "$work/pairs.txt" --warmup "$work/warmup-pairs.txt" --lengths "$work/pgrouting-lengths.txt" > "$work/pgrouting-$r.json"; }
for r in $(seq 1 "$reps"); do
  echo "[routing] Helsinki: round $r of $reps" >&2
  rotate "$r" ours osrm osrm_inprocess pgrouting
done
echo "{\"engine_rss_bytes\": $(rss_of "$osrm_pid")}" > "$work/osrm-memory.json"
echo "[routing] Helsinki: explaining the pairs whose lengths differ from OSRM's by more than 1 %…" >&2
python3 bench/routing_differences.py demo/helsinki.osm.pbf "$work/pairs.txt" "$work/ours-lengths.txt" "$work/ours-routes.txt" \
  "$work/osrm-lengths.txt" "$osrm_port" > "$work/differences.json"

# 120×120: OSRM's CH contraction of a uniform lattice grows steeply with its size here (100×100 in
# 97 s, 150×150 in 328 s, 300×300 still contracting after 20 minutes).
ch="${ROUTING_CH_GRID:-120}"
echo "[routing] a ${ch}×${ch} grid that both routers contract (CH against CH): import and prepare…" >&2
python3 bench/routing_grid.py "$ch" "$work/chgrid.osm" "$work/chgrid-all-pairs.txt" 400
head -200 "$work/chgrid-all-pairs.txt" > "$work/chgrid-warmup-pairs.txt"
tail -200 "$work/chgrid-all-pairs.txt" > "$work/chgrid-pairs.txt"
python3 bench/measure.py "$work/chgrid-import.json" "$bin" import osm "$work/chgrid.osm" --database "sqlite:$work/chgrid.sqlite" > /dev/null
"$py312" bench/routing_osrm.py prepare "$work/chgrid.osm" CH > "$work/chgrid-osrm-prepare.json"
start_osrm "$work/chgrid.osrm" CH "$work/chgrid-osrm.log"
chgrid_port=$started_port
chgrid_ours() { "$bin-bench" routing --database "sqlite:$work/chgrid.sqlite" --pairs "$work/chgrid-pairs.txt" --warmup "$work/chgrid-warmup-pairs.txt" --lengths "$work/chgrid-ours-lengths.txt" > "$work/chgrid-ours-$r.json"; }
chgrid_osrm() { "$py312" bench/routing_osrm.py query "$chgrid_port" "$work/chgrid-osrm.log" "$work/chgrid-pairs.txt" "$work/chgrid-warmup-pairs.txt" "$work/chgrid-osrm-lengths.txt" > "$work/chgrid-osrm-$r.json"; }
chgrid_osrm_inprocess() { "$py312" bench/routing_osrm.py inprocess "$work/chgrid.osrm" "$work/chgrid-pairs.txt" "$work/chgrid-warmup-pairs.txt" > "$work/chgrid-osrm-inprocess-$r.json"; }
for r in $(seq 1 "$reps"); do
  echo "[routing] ${ch}×${ch} grid: round $r of $reps" >&2
  rotate "$r" chgrid_ours chgrid_osrm chgrid_osrm_inprocess
done

n="${ROUTING_GRID:-810}"
# ROUTING_GRID=0 leaves the large grid out (about 35 minutes); the report then keeps the last run's grid, with its commit.
[ "$n" = 0 ] && exit 0
echo "[routing] a synthetic ${n}×${n} grid (about 100× the extract's graph): import and prepare…" >&2
python3 bench/routing_grid.py "$n" "$work/grid.osm" "$work/grid-all-pairs.txt" 400
head -200 "$work/grid-all-pairs.txt" > "$work/grid-warmup-pairs.txt"
tail -200 "$work/grid-all-pairs.txt" > "$work/grid-pairs.txt"
python3 bench/measure.py "$work/grid-import.json" "$bin" import osm "$work/grid.osm" --database "sqlite:$work/grid.sqlite" > /dev/null
grid_ours() { "$bin-bench" routing --database "sqlite:$work/grid.sqlite" --pairs "$work/grid-pairs.txt" --warmup "$work/grid-warmup-pairs.txt" --lengths "$work/grid-ours-lengths.txt" > "$work/grid-ours-$r.json"; }
grid_routers=(grid_ours)
# OSRM's two modes, each on its own copy; either may not finish on a smaller machine (MLD needed
# 6 minutes and 8 GB here; CH contraction of a large regular grid is far slower).
for algorithm in MLD CH; do
  cp "$work/grid.osm" "$work/grid-$algorithm.osm"
  echo "[routing] grid: OSRM $algorithm preparation (at most ${ROUTING_GRID_TIMEOUT:-1800} s)…" >&2
  if timeout "${ROUTING_GRID_TIMEOUT:-1800}" "$py312" bench/routing_osrm.py prepare "$work/grid-$algorithm.osm" "$algorithm" > "$work/grid-osrm-$algorithm-prepare.json"; then
    start_osrm "$work/grid-$algorithm.osrm" "$algorithm" "$work/grid-osrm-$algorithm.log"
    declare "grid_port_$algorithm=$started_port"
    echo "{\"engine_rss_bytes\": $(rss_of "$started_pid")}" > "$work/grid-osrm-$algorithm-memory.json"
    eval "grid_osrm_$algorithm() { \"$py312\" bench/routing_osrm.py query \"\$grid_port_$algorithm\" \"$work/grid-osrm-$algorithm.log\" \"$work/grid-pairs.txt\" \"$work/grid-warmup-pairs.txt\" \"$work/grid-osrm-$algorithm-lengths.txt\" > \"$work/grid-osrm-$algorithm-\$r.json\"; }"
    grid_routers+=("grid_osrm_$algorithm")
  else
    echo "[routing] OSRM $algorithm did not finish on the grid in time; reported as such" >&2
    echo "{\"algorithm\": \"$algorithm\", \"timed_out_s\": ${ROUTING_GRID_TIMEOUT:-1800}}" > "$work/grid-osrm-$algorithm-prepare.json"
  fi
done
for r in $(seq 1 "$reps"); do
  echo "[routing] grid: round $r of $reps" >&2
  rotate "$r" "${grid_routers[@]}"
done
