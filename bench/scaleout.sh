#!/usr/bin/env bash
# The `scaleout` benchmark (run inside scripts/with-postgres by bench/run scaleout): 100,000 stickers
# around Helsinki's real places loaded into the throwaway PostgreSQL, nearby queries from a seed no
# code was tuned on, then bench/scaleout.py's rounds.
set -euo pipefail
bin="$1"
work=bench/.work/scaleout
mkdir -p "$work"
ulimit -n "$(ulimit -Hn)"
n="${SCALEOUT_STICKERS:-100000}"
[ -s "$work/stickers-$n.tsv" ] || python3 bench/nearby_data.py stickers "$n" demo/helsinki.osm.pbf > "$work/stickers-$n.tsv"
[ -s "$work/queries.tsv" ] || python3 bench/nearby_data.py queries 2000 demo/helsinki.osm.pbf 11 > "$work/queries.tsv"
"$bin" migrate --database "$WORLDLAYER_TEST_POSTGRES_URL" > /dev/null
echo "[scaleout] loading $n stickers…" >&2
"$bin-bench" load-stickers --database "$WORLDLAYER_TEST_POSTGRES_URL" --input "$work/stickers-$n.tsv" --count "$n" > /dev/null
python3 bench/scaleout.py "$bin" "$WORLDLAYER_TEST_POSTGRES_URL" "$work/queries.tsv"
