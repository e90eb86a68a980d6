#!/usr/bin/env bash
# The `live` benchmark (run inside scripts/with-postgres by bench/run live): two
# `worldlayer serve` processes on one PostgreSQL, 1,000 subscribers, 200 placements.
set -euo pipefail
bin="$1"
db="${WORLDLAYER_TEST_POSTGRES_URL}"
p1=$((20000 + RANDOM % 10000)); p2=$((p1 + 1))
"$bin" migrate --database "$db" > /dev/null
"$bin" serve --database "$db" --port "$p1" --log-level error --bcrypt-cost 4 & s1=$!
"$bin" serve --database "$db" --port "$p2" --log-level error --bcrypt-cost 4 & s2=$!
trap 'kill $s1 $s2 2>/dev/null; wait $s1 $s2 2>/dev/null || true' EXIT
python3 bench/live.py "$bin" "$p1" "$p2" "${LIVE_SUBSCRIBERS:-1000}" "${LIVE_PLACEMENTS:-200}"
