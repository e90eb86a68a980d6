#!/usr/bin/env bash
# The `live` benchmark (run inside scripts/with-postgres by bench/run live): a NATS server on
# loopback beside the throwaway PostgreSQL, then bench/live.py's rounds.
set -euo pipefail
bin="$1"
# 10,000 subscribers hold 10,000 sockets in one process: as many as this machine lets a process have.
ulimit -n "$(ulimit -Hn)"
"$bin" migrate --database "$WORLDLAYER_TEST_POSTGRES_URL" > /dev/null
nats_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
nats-server --addr 127.0.0.1 --port "$nats_port" > bench/.work/live/nats.log 2>&1 & nats=$!
trap 'kill $nats 2>/dev/null; wait $nats 2>/dev/null || true' EXIT
python3 bench/live.py "$bin" "$WORLDLAYER_TEST_POSTGRES_URL" "$nats_port"
