#!/usr/bin/env bash
# The `routing-http` benchmark (bench/run routing-http): WorldLayer's `POST /v1/routes` and OSRM's
# `osrm-routed` (foot.lua, CH) over HTTP on the Helsinki extract, driven by wrk on pairs of a seed
# no code was tuned on (routing_pairs.py: surface junctions away from other ways).
set -euo pipefail
bin="$1" py312="$2"
work=bench/.work/routing-http
rm -rf "$work" && mkdir -p "$work"
osrm_bin="$("$py312" bench/routing_osrm.py bin)"
echo "[routing-http] pairs, the walking network, and OSRM's extract and contraction…" >&2
"$py312" bench/routing_pairs.py demo/helsinki.osm.pbf 2200 "${ROUTES_SEED:-4245}" > "$work/all-pairs.txt"
head -200 "$work/all-pairs.txt" > "$work/warmup-pairs.txt"
tail -2000 "$work/all-pairs.txt" > "$work/pairs.txt"
"$bin" import osm demo/helsinki.osm.pbf --database "sqlite:$work/ours.sqlite" > /dev/null
cp demo/helsinki.osm.pbf "$work/osrm.osm.pbf"
"$py312" bench/routing_osrm.py prepare "$work/osrm.osm.pbf" CH > "$work/osrm-prepare.json"
python3 bench/routing_http.py "$bin" "$osrm_bin" "$work/osrm.osrm" "$PWD/$work/ours.sqlite" "$PWD/$work/pairs.txt" "$PWD/$work/warmup-pairs.txt"
