#!/usr/bin/env python3
"""The `live` benchmark's driver (bench/live.sh runs it inside a throwaway PostgreSQL with fsync on).

For each round and each signal path (PostgreSQL LISTEN/NOTIFY, a NATS server) in turns: three
`worldlayer serve` processes on the one database, SUBSCRIBERS WebSocket subscribers on one cell spread
over them (`worldlayer-bench live-subscribers`), then placements arriving at each rate of a ladder,
open-loop: each is due at its own moment and is sent then, whether or not earlier ones were answered
(a thread pool), and its latency to every subscriber runs from when it was due. A path stops climbing
once a step loses deliveries or its p99 passes 5 s (past saturation nothing more is learnt).
After both paths, each round times the floor: the kernel's write(2) alone fanning frames of the
servers' size out to as many loopback sockets (`worldlayer-bench live-floor`), at LIVE_FLOOR_RATE/s.
Writes bench/.work/live/rounds.json. Usage: live.py BIN DATABASE_URL NATS_PORT"""
import atexit, concurrent.futures, http.client, json, os, socket, subprocess, sys, threading, time, urllib.request, uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from processes import cpu_seconds, free_port  # noqa: E402

bin_, database, nats_port = sys.argv[1], sys.argv[2], int(sys.argv[3])
subscribers = int(os.environ.get("LIVE_SUBSCRIBERS", "10000"))
rates = [int(r) for r in os.environ.get("LIVE_RATES", "1 2 5 10 25 50 100").split()]
seconds = float(os.environ.get("LIVE_SECONDS", "10"))
reps = int(os.environ.get("LIVE_REPS", "5"))
floor_rate = float(os.environ.get("LIVE_FLOOR_RATE", "5"))
servers = 3
signals = {"database": "database", "nats": f"nats://127.0.0.1:{nats_port}"}
work = "bench/.work/live"
os.makedirs(work, exist_ok=True)
lat, lon = 60.1699, 24.9384


running = []  # every server started and not yet stopped: stopped at exit, whatever ends the run


@atexit.register
def stop_servers():
    for server in list(running):
        server.stop()


class Server:
    """One `worldlayer serve`, trusting loopback as its proxy (the subscribers say which phone they are)."""

    def __init__(self, signal):
        running.append(self)
        self.port = free_port()
        self.log = open(f"{work}/serve-{self.port}.log", "w")
        self.process = subprocess.Popen([bin_, "serve", "--database", database, "--port", str(self.port), "--log-level", "warning",
                                         "--bcrypt-cost", "4", "--trusted-proxy", "127.0.0.1", "--live-signal", signal],
                                        stdout=subprocess.DEVNULL, stderr=self.log)
        for _ in range(600):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/ready", timeout=1).read()
                return
            except Exception:
                if self.process.poll() is not None:
                    sys.exit(f"worldlayer serve exited; see {self.log.name}")
                time.sleep(0.1)
        sys.exit(f"worldlayer serve did not become ready; see {self.log.name}")

    def stop(self):
        if self in running:
            running.remove(self)
        self.process.terminate()
        self.process.wait(timeout=60)
        self.log.close()


class Client:
    """Keep-alive HTTP to one server (one per thread: http.client connections are not shared)."""

    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def call(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
                response = self.connection.getresponse()
                text = response.read()
                if response.status >= 300:
                    sys.exit(f"{method} {path}: {response.status} {text[:300]!r}")
                return json.loads(text) if text else None
            except (http.client.HTTPException, ConnectionError):
                # The server closed a kept-alive connection; once more on a new one.
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
                if attempt == 2:
                    raise


def draft(client, token, text, i):
    sid = str(uuid.uuid4())
    client.call("PUT", f"/v1/stickers/{sid}", {
        "templateId": "sticky-note", "text": text, "tags": [], "color": "#FFD60A", "size": 0.3, "orientation": [0, 0, 0, 1],
        "anchor": {"latitude": lat + (i % 10) * 1e-5, "longitude": lon + (i // 10 % 10) * 1e-5, "altitude": 20, "accuracy": 3},
        "visibility": "public", "sharedWith": []}, token)
    return sid


local = threading.local()


def client_for(ports):
    """This thread's connections to the running servers."""
    if not hasattr(local, "clients"):
        local.clients = {}
    for p in ports:
        if p not in local.clients:
            local.clients[p] = Client(p)
    return local.clients


def run_step(step, rate, ports, token, announce, pool, cpu_before):
    n = max(1, int(rate * seconds))
    # Drafts first (not timed): placing one is then a single request, as a phone publishing what it prepared.
    ids = list(pool.map(lambda i: draft(client_for(ports)[ports[i % len(ports)]], token, f"live {step} {i}", i), range(n)))
    mark = draft(client_for(ports)[ports[0]], token, f"mark {step}", 0)
    time.sleep(1)  # the drafts' own (invisible) events pass through the hubs before the clock starts
    cpu_before()
    interval = 1e9 / rate
    start = time.time_ns() + 200_000_000
    announce(f"step {step} {start} {int(interval)}")
    answered = []

    def place(i):
        client_for(ports)[ports[i % len(ports)]].call("POST", f"/v1/stickers/{ids[i]}/place", None, token)
        answered.append((time.time_ns() - (start + i * interval)) / 1e6)

    futures = []
    for i in range(n):
        due = start + i * interval
        delay = (due - time.time_ns()) / 1e9
        if delay > 0:
            time.sleep(delay)
        futures.append(pool.submit(place, i))
    for f in futures:
        f.result()
    client_for(ports)[ports[0]].call("POST", f"/v1/stickers/{mark}/place", None, token)
    answered.sort()
    return n, answered


def measure(signal, round_, token, cell):
    started = [Server(signals[signal]) for _ in range(servers)]
    ports = [s.port for s in started]
    urls = ",".join(f"ws://127.0.0.1:{p}/v1/live" for p in ports)
    sub = subprocess.Popen([bin_ + "-bench", "live-subscribers", "--urls", urls, "--cell", cell, "--count", str(subscribers)],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    line = sub.stderr.readline()
    if line.strip() != "ready":
        sys.exit(f"subscribers did not start: {line}{sub.stderr.read()}")
    print(f"[live] round {round_}, {signal}: {subscribers:,} subscribers on {servers} servers", file=sys.stderr)

    def announce(text):
        sub.stdin.write(text + "\n")
        sub.stdin.flush()

    rows = []
    lines = []
    server_pids, subscriber_pid = [s.process.pid for s in started], sub.pid
    cpu = {}

    def cpu_before():
        cpu.update(servers=cpu_seconds(server_pids), subscribers=cpu_seconds([subscriber_pid]))
    reader = threading.Thread(target=lambda: [lines.append(json.loads(l)) for l in sub.stdout], daemon=True)
    reader.start()
    with concurrent.futures.ThreadPoolExecutor(max_workers=32) as pool:
        for step, rate in enumerate(rates):
            n, answered = run_step(step, rate, ports, token, announce, pool, cpu_before)
            deadline = time.time() + 120
            while not any(l["step"] == step for l in lines) and time.time() < deadline and sub.poll() is None:
                time.sleep(0.05)
            got = next((l for l in lines if l["step"] == step), None)
            # From the first placement until every subscriber had the step's mark: what fanning it out cost.
            server_cpu, subscriber_cpu = cpu_seconds(server_pids) - cpu["servers"], cpu_seconds([subscriber_pid]) - cpu["subscribers"]
            expected = n * subscribers
            row = {"signal": signal, "round": round_, "rate": rate, "placements": n, "expected": expected,
                   "server_cpu_s": round(server_cpu, 2), "subscriber_cpu_s": round(subscriber_cpu, 2),
                   "answered_p50_ms": answered[len(answered) // 2], "answered_p99_ms": answered[min(len(answered) - 1, int(len(answered) * 0.99))]}
            if got:
                row.update({k: got[k] for k in ("deliveries", "connected", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "frame_bytes") if k in got})
            else:
                row.update({"deliveries": 0, "connected": None, "timed_out": True})
            rows.append(row)
            shown = f"p99 {row['p99_ms']:.1f} ms, {row['deliveries']:,}/{expected:,} delivered" if got else "not all delivered within 120 s"
            print(f"[live] round {round_}, {signal}, {rate}/s: {shown}", file=sys.stderr)
            if not got or row["deliveries"] < expected or row["p99_ms"] > 5000:
                break
    sub.stdin.close()
    sub.wait(timeout=60)
    for s in started:
        s.stop()
    return rows


def floor(round_, frame_bytes):
    """One run of `live-floor`: three writing threads (the servers) and one reading process (the subscribers)."""
    out = subprocess.run([bin_ + "-bench", "live-floor", "--count", str(subscribers), "--writers", str(servers),
                          "--bytes", str(frame_bytes), "--rate", str(floor_rate), "--seconds", str(seconds)],
                         capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        sys.exit(f"live-floor failed: {out.stderr.strip()}")
    row = {"round": round_, "rate": floor_rate, "commit": os.environ.get("BENCH_COMMIT"), **json.loads(out.stdout)}
    print(f"[live] round {round_}, the floor (write(2) alone, {frame_bytes} B frames): "
          f"{row['writes_per_cpu_s']:,.0f} writes per CPU-s, p99 {row['p99_ms']:.1f} ms", file=sys.stderr)
    return row


def main():
    setup = Server("database")
    c = Client(setup.port)
    c.call("POST", "/v1/accounts", {"username": "placer", "email": "placer@example.org", "password": "bench password",
                                     "displayName": "Placer", "birthday": "1990-01-01"})
    token = c.call("POST", "/v1/sessions", {"login": "placer", "password": "bench password"})["token"]
    cell = c.call("POST", "/v1/worldmaps", {"name": "bench", "latitude": lat, "longitude": lon}, token)["cell"]
    setup.stop()
    rows, floors = [], []
    order = list(signals)

    def save():
        json.dump({"subscribers": subscribers, "servers": servers, "seconds": seconds, "rates": rates, "rows": rows, "floors": floors},
                  open(f"{work}/rounds.json", "w"), indent=1)
    for round_ in range(1, reps + 1):
        for signal in (order if round_ % 2 else order[::-1]):
            rows += measure(signal, round_, token, cell)
            save()
        sizes = [r["frame_bytes"] for r in rows if r["round"] == round_ and r.get("frame_bytes")]
        floors.append(floor(round_, max(sizes) if sizes else 600))
        save()


main()
