#!/usr/bin/env python3
"""The `scaleout` benchmark's driver (bench/run scaleout runs it inside a throwaway PostgreSQL with fsync on).

The production recipe on this one machine: `worldlayer serve` processes on one PostgreSQL behind
Caddy (deploy/Caddyfile, HTTPS with Caddy's own authority), driven by wrk (Debian's, C) with the
Lua scripts in bench/scaleout/: nearby searches at queries no code was tuned on, and sticker writes.
Three setups, each round in a rotated order: one server straight (no Caddy), one behind Caddy, two
behind Caddy. wrk is closed-loop (each connection sends its next request when the last is answered),
so the p99 is the latency at the throughput reached, not at a fixed rate. Every process shares the
same 2 cores: the CPU each used (servers, Caddy, wrk, the rest: PostgreSQL and the system) is
recorded per run.

Then failover: two servers behind Caddy under four writers, each retrying its own PUT until
acknowledged; one server is killed (SIGKILL) 3 s in; every acknowledged write is then read back.

Writes bench/.work/scaleout/rounds.json. Usage: scaleout.py BIN DATABASE_URL QUERIES.tsv"""
import http.client, json, os, signal, ssl, subprocess, sys, threading, time, uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from processes import cpu_seconds, free_port  # noqa: E402

bin_, database, queries = sys.argv[1], sys.argv[2], sys.argv[3]
reps = int(os.environ.get("SCALEOUT_REPS", "5"))
seconds = int(os.environ.get("SCALEOUT_SECONDS", "10"))
connections = int(os.environ.get("SCALEOUT_CONNECTIONS", "32"))
work = os.path.abspath("bench/.work/scaleout")
here = os.path.dirname(os.path.abspath(__file__))
os.makedirs(work, exist_ok=True)
TICK = os.sysconf("SC_CLK_TCK")


def say(text):
    print(f"[scaleout] {text}", file=sys.stderr, flush=True)


def machine_busy():
    """CPU seconds the whole machine has spent not idle (/proc/stat)."""
    values = [int(v) for v in open("/proc/stat").readline().split()[1:]]
    return (sum(values) - values[3] - values[4]) / TICK


running = []


class Server:
    """One `worldlayer serve` as deploy/Caddyfile asks: trusting Caddy's X-Forwarded-For, draining 5 s."""

    def __init__(self, port=None):
        self.port = port or free_port()
        self.log = open(f"{work}/serve-{self.port}.log", "a")
        self.process = subprocess.Popen(
            [bin_, "serve", "--database", database, "--port", str(self.port), "--log-level", "warning", "--bcrypt-cost", "4",
             "--trusted-proxy", "127.0.0.1", "--drain-delay", "5", "--media", f"{work}/media"],
            stdout=subprocess.DEVNULL, stderr=self.log)
        running.append(self)
        wait_for(lambda: http_status(self.port, "/health/ready") == 200, f"worldlayer serve on {self.port}", self.process)

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        running.remove(self)

    def stop(self):
        if self in running:
            running.remove(self)
            self.process.terminate()
            self.process.wait(timeout=30)


class Caddy:
    """deploy/Caddyfile in front of `upstreams`, on loopback."""

    def __init__(self, name, upstreams):
        self.port = free_port()
        folder = f"{work}/caddy-{name}"
        os.makedirs(folder, exist_ok=True)
        env = {**os.environ, "XDG_DATA_HOME": f"{folder}/data", "XDG_CONFIG_HOME": f"{folder}/config", "HTTPS_PORT": str(self.port),
               "HTTP_PORT": str(free_port()), "ADMIN": "off", "BIND": "127.0.0.1", "SITE": "localhost",
               "UPSTREAMS": " ".join(f"127.0.0.1:{s.port}" for s in upstreams)}
        self.process = subprocess.Popen(["caddy", "run", "--adapter", "caddyfile", "--config", "deploy/Caddyfile"], env=env,
                                        stdout=subprocess.DEVNULL, stderr=open(f"{folder}/caddy.log", "w"))
        self.authority = f"{folder}/data/caddy/pki/authorities/local/root.crt"
        wait_for(lambda: os.path.exists(self.authority) and https_status(self, "/health") == 200, f"Caddy {name}", self.process)

    def context(self):
        return ssl.create_default_context(cafile=self.authority)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def wait_for(ready, what, process):
    for _ in range(600):
        try:
            if ready():
                return
        except (OSError, http.client.HTTPException, ssl.SSLError):
            pass
        if process.poll() is not None:
            sys.exit(f"{what} exited; see the logs in {work}")
        time.sleep(0.1)
    sys.exit(f"{what} did not become ready; see the logs in {work}")


def http_status(port, path):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", path)
    return c.getresponse().status


def https_status(caddy, path):
    c = http.client.HTTPSConnection("localhost", caddy.port, timeout=5, context=caddy.context())
    c.request("GET", path)
    return c.getresponse().status


def call(port, method, path, body=None, token=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    c.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    r = c.getresponse()
    text = r.read()
    if r.status >= 300:
        sys.exit(f"{method} {path}: {r.status} {text[:300]!r}")
    return json.loads(text) if text else None


def wrk(url, script, token, processes):
    """One wrk run; its JSON line, the CPU each process used, and wrk's own CPU."""
    env = {**os.environ, "SCALEOUT_DIR": f"{here}/scaleout", "SCALEOUT_QUERIES": os.path.abspath(queries), "SCALEOUT_TOKEN": token}
    before = {name: cpu_seconds(pids) for name, pids in processes.items()}
    busy = machine_busy()
    process = subprocess.Popen(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", f"{here}/scaleout/{script}",
                                url], env=env, stdout=subprocess.PIPE, text=True)
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit(f"wrk failed: {out}")
    result = json.loads(out.strip().splitlines()[-1])
    cpu = {name: cpu_seconds(pids) - before[name] for name, pids in processes.items()}
    cpu["wrk"] = usage.ru_utime + usage.ru_stime
    cpu["machine"] = machine_busy() - busy
    cpu["rest"] = cpu["machine"] - sum(v for k, v in cpu.items() if k not in ("machine",))
    result["cpu"] = cpu
    result["rps"] = result["requests"] / result["seconds"]
    return result


def failover(caddy, servers, token, victim):
    """Four writers through Caddy for 8 s, each retrying its own PUT until acknowledged; `victim`
    killed at 3 s. Returns what was acknowledged, what failed after the kill, and what was lost."""
    acknowledged, failures, lock = [], [], threading.Lock()
    stop_at = time.time() + 8
    killed_at = [float("inf")]

    def writer(n):
        c = None
        i = 0
        while time.time() < stop_at:
            sid, i = str(uuid.uuid4()), i + 1
            body = json.dumps({"templateId": "sticky-note", "text": f"failover {n} {i}", "tags": [], "color": "#ff8800", "size": 0.4,
                               "orientation": [0, 0, 0, 1], "anchor": {"latitude": 60.17 + i * 1e-5, "longitude": 24.94, "altitude": 20,
                                                                        "accuracy": 3}, "visibility": "private", "sharedWith": []})
            while True:
                status = 0
                try:
                    if c is None:
                        c = http.client.HTTPSConnection("localhost", caddy.port, timeout=30, context=caddy.context())
                    c.request("PUT", f"/v1/stickers/{sid}", body=body,
                              headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
                    r = c.getresponse()
                    r.read()
                    status = r.status
                except (OSError, http.client.HTTPException):
                    c = None
                if status in (200, 201):
                    with lock:
                        acknowledged.append(sid)
                    break
                with lock:
                    failures.append((time.time(), status))
                if time.time() > stop_at + 30:
                    sys.exit(f"{sid} never acknowledged")
                time.sleep(0.1)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    time.sleep(3)
    killed_at[0] = time.time()
    victim.kill()
    for t in threads:
        t.join()
    survivor = next(s for s in servers if s is not victim)
    lost = [sid for sid in acknowledged if http_status_token(survivor.port, f"/v1/stickers/{sid}", token) != 200]
    return {"acknowledged": len(acknowledged), "failed": len([f for f in failures if f[0] >= killed_at[0] - 0.5]),
            "failed_before_kill": len([f for f in failures if f[0] < killed_at[0] - 0.5]),
            "statuses": sorted({f[1] for f in failures}), "lost": len(lost)}


def http_status_token(port, path, token):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("GET", path, headers={"Authorization": f"Bearer {token}"})
    r = c.getresponse()
    r.read()
    return r.status


def main():
    first, second = Server(), Server()
    try:
        call(first.port, "POST", "/v1/accounts", {"username": "scaleout", "email": "scaleout@example.org", "password": "bench password",
                                                  "displayName": "Scaleout", "birthday": "1990-01-01"})
        token = call(first.port, "POST", "/v1/sessions", {"login": "scaleout", "password": "bench password"})["token"]
        one, two = Caddy("one", [first]), Caddy("two", [first, second])
        setups = {
            "one server": (f"http://127.0.0.1:{first.port}", {"servers": [first.process.pid], "caddy": []}),
            "one server behind Caddy": (f"https://localhost:{one.port}", {"servers": [first.process.pid], "caddy": [one.process.pid]}),
            "two servers behind Caddy": (f"https://localhost:{two.port}",
                                         {"servers": [first.process.pid, second.process.pid], "caddy": [two.process.pid]}),
        }
        rows = []
        names = list(setups)
        for round_ in range(1, reps + 1):
            order = names[round_ % len(names):] + names[:round_ % len(names)]
            for name in order:
                url, processes = setups[name]
                for workload in ("nearby", "writes"):
                    say(f"round {round_} of {reps}: {workload}, {name}")
                    # Unmeasured first seconds: connections made, caches warm.
                    subprocess.run(["wrk", "-t2", f"-c{connections}", "-d3s", "-s", f"{here}/scaleout/{workload}.lua", url],
                                   env={**os.environ, "SCALEOUT_DIR": f"{here}/scaleout", "SCALEOUT_QUERIES": os.path.abspath(queries),
                                        "SCALEOUT_TOKEN": token}, stdout=subprocess.DEVNULL, check=True)
                    result = wrk(url, f"{workload}.lua", token, processes)
                    rows.append({"round": round_, "setup": name, "workload": workload, **result})
                    save(rows, [])
        runs = []
        for round_ in range(1, reps + 1):
            say(f"failover {round_} of {reps}: a server killed under writes through Caddy")
            victim = first if round_ % 2 else second
            runs.append(failover(two, [first, second], token, victim))
            save(rows, runs)
            # The killed one back on its port, and Caddy's health check sees it again, before the next round.
            replacement = Server(victim.port)
            if victim is first:
                first = replacement
            else:
                second = replacement
            time.sleep(3)
        one.stop()
        two.stop()
    finally:
        for s in list(running):
            s.stop()


def save(rows, failovers):
    json.dump({"seconds": seconds, "connections": connections, "cores": os.cpu_count(), "rows": rows, "failover": failovers},
              open(f"{work}/rounds.json", "w"), indent=1)


if __name__ == "__main__":
    main()
