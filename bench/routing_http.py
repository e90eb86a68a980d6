#!/usr/bin/env python3
"""The `routing-http` benchmark's driver: a described walking route over HTTP, the path every user
takes, from one native client (Debian's `wrk`, C) to `worldlayer serve` (`POST /v1/routes`) and to
`osrm-routed` (`GET /route/v1/foot` with the steps and the whole GeoJSON geometry WorldLayer's answer
carries), both on the Helsinki extract, both with their default threads, on the same pairs.

Each round, in a rotated order, runs each router with 1 connection (a request's latency, nothing
queued) and with 8 (throughput, both cores busy), 10 s after a warm-up; the CPU each server used is
read from /proc, wrk's own from its rusage. The bytes of each answer are counted once per pair.
Writes bench/.work/routing-http/rounds.json.
Usage: routing_http.py BIN OSRM_BIN_DIR OSRM_BASE OURS_SQLITE PAIRS WARMUP_PAIRS"""
import http.client, json, os, resource, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from processes import cpu_seconds, free_port  # noqa: E402

bin_, osrm_bin, osrm_base, sqlite, pairs_file, warmup_file = sys.argv[1:7]
reps = int(os.environ.get("ROUTES_REPS", "5"))
seconds = int(os.environ.get("ROUTES_SECONDS", "10"))
work = os.path.abspath("bench/.work/routing-http")
here = os.path.dirname(os.path.abspath(__file__))


def say(text):
    print(f"[routing-http] {text}", file=sys.stderr, flush=True)


def pairs(path):
    return [line.split() for line in open(path) if line.strip()]


def ask(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
    reply = connection.getresponse()
    data = reply.read()
    connection.close()
    return reply.status, data


def ours_request(pair):
    a, b, c, d = pair
    return "POST", "/v1/routes", json.dumps({"from": {"latitude": float(a), "longitude": float(b)},
                                             "to": {"latitude": float(c), "longitude": float(d)}})


def osrm_request(pair):
    a, b, c, d = pair
    return "GET", f"/route/v1/foot/{b},{a};{d},{c}?steps=true&overview=full&geometries=geojson&generate_hints=false", None


def wait_for(check, what, process):
    deadline = time.time() + 120
    while time.time() < deadline:
        if process.poll() is not None:
            sys.exit(f"{what} exited")
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit(f"{what} did not answer")


def start_routers():
    ours_port, osrm_port = free_port(), free_port()
    ours = subprocess.Popen([bin_, "serve", "--database", f"sqlite:{sqlite}", "--port", str(ours_port), "--log-level", "warning",
                             "--media", f"{work}/media", "--mail", f"{work}/mail"],
                            stdout=subprocess.DEVNULL, stderr=open(f"{work}/serve.log", "a"))
    wait_for(lambda: ask(ours_port, "GET", "/health/ready")[0] == 200, "worldlayer serve", ours)
    osrm = subprocess.Popen([f"{osrm_bin}/osrm-routed", "-i", "127.0.0.1", "-p", str(osrm_port), "-a", "CH", osrm_base],
                            stdout=open(f"{work}/osrm-routed.log", "a"), stderr=subprocess.STDOUT)
    first = pairs(warmup_file)[0]
    wait_for(lambda: ask(osrm_port, *osrm_request(first))[0] == 200, "osrm-routed", osrm)
    return {"worldlayer": (ours, ours_port, ours_request, "ours.lua"), "osrm": (osrm, osrm_port, osrm_request, "osrm.lua")}


def bytes_per_answer(routers):
    """Each router asked once for every warm-up pair: the mean size of its answers (and a warm cache)."""
    sizes = {}
    for name, (_, port, make, _) in routers.items():
        got = [ask(port, *make(p)) for p in pairs(warmup_file)]
        refused = [status for status, _ in got if status != 200]
        if refused:
            say(f"{name} refused {len(refused)} of {len(got)} warm-up pairs ({sorted(set(refused))})")
        sizes[name] = sum(len(body) for status, body in got if status == 200) / max(1, len(got) - len(refused))
    return sizes


def run_wrk(name, router, connections):
    process, port, _, script = router
    env = {**os.environ, "ROUTES_PAIRS": pairs_file, "ROUTES_DIR": f"{here}/routing_http"}
    before = cpu_seconds([process.pid])
    # Children that have ended so far: wrk's CPU is the difference once it has ended (the routers still run).
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    wrk = subprocess.Popen(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "-s", f"{here}/routing_http/{script}",
                            f"http://127.0.0.1:{port}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    out, err = wrk.communicate()
    server_cpu = cpu_seconds([process.pid]) - before
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    wrk_cpu = (now.ru_utime + now.ru_stime) - (reaped.ru_utime + reaped.ru_stime)
    line = next((l for l in out.splitlines() if l.startswith("{")), None)
    if line is None:
        sys.exit(f"wrk printed no report for {name}: {out} {err}")
    row = json.loads(line)
    row.update({"router": name, "connections": connections, "server_cpu_s": server_cpu, "wrk_cpu_s": wrk_cpu,
                "rps": row["requests"] / row["seconds"]})
    return row


def main():
    os.makedirs(work, exist_ok=True)
    routers = start_routers()
    try:
        sizes = bytes_per_answer(routers)
        say(f"bytes per answer: " + ", ".join(f"{k} {v:,.0f}" for k, v in sizes.items()))
        rows = []
        names = list(routers)
        for r in range(1, reps + 1):
            order = names[r % 2:] + names[:r % 2]
            for connections in (1, 8):
                for name in order:
                    say(f"round {r} of {reps}: {name}, {connections} connection{'s' if connections > 1 else ''}…")
                    row = run_wrk(name, routers[name], connections)
                    row["round"] = r
                    rows.append(row)
        json.dump({"cores": os.cpu_count(), "seconds": seconds, "pairs": len(pairs(pairs_file)), "bytes": sizes, "rows": rows},
                  open(f"{work}/rounds.json", "w"), indent=1)
    finally:
        for process, *_ in routers.values():
            process.terminate()
            process.wait(timeout=30)


main()
