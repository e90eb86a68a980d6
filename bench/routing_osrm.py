#!/usr/bin/env python3
"""The OSRM peer for `bench/run routing`: OSRM's own programs from PyPI's `osrm-bindings` (Python
3.12 wheels; profile foot.lua), with no Python between OSRM and its timing.

  routing_osrm.py bin                      prints the folder of osrm-extract, osrm-contract, osrm-routed…
  routing_osrm.py prepare FILE CH|MLD      extract + contract (CH) or partition + customize (MLD); prints JSON
  routing_osrm.py inprocess BASE PAIRS WARMUP
      OSRM's engine in this process, through the wheel's Python binding (it ships no libosrm headers
      to build a C++ harness with): each pair with steps and full GeoJSON geometry, and bare. A call
      returns OSRM's own JSON object tree, built in C++ and not turned into Python. The per-call
      floor is shown apart: a route from a point to itself through the same binding (its two
      snaps, a trivial route and the crossing into C++ and back). Prints JSON.
  routing_osrm.py query PORT LOG PAIRS WARMUP LENGTHS_OUT
      asks the osrm-routed at PORT (logging to LOG) for each pair twice: with steps and full GeoJSON
      geometry (what WorldLayer returns), and bare (overview=false, no steps). The time of each is
      osrm-routed's own, from its log: parsing the request, routing, writing the JSON; not the
      loopback round trip, which is reported apart. Prints JSON.

CH (contraction hierarchies) is OSRM's fastest query mode; MLD (multi-level Dijkstra) prepares faster."""
import http.client, json, os, re, resource, statistics, subprocess, sys, time


def bin_dir():
    import osrm
    return os.path.join(os.path.dirname(osrm.__file__), "bin")


def profile():
    import osrm
    return os.path.join(os.path.dirname(osrm.__file__), "share", "profiles", "foot.lua")


def prepare(source, algorithm):
    base = os.path.splitext(os.path.splitext(source)[0])[0] + ".osrm"
    steps = [["osrm-extract", "-p", profile(), source]] + (
        [["osrm-contract", base]] if algorithm == "CH" else [["osrm-partition", base], ["osrm-customize", base]])
    start = time.perf_counter()
    for step in steps:
        subprocess.run([os.path.join(bin_dir(), step[0])] + step[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(json.dumps({"algorithm": algorithm, "prepare_s": round(time.perf_counter() - start, 3),
                      "prepare_peak_rss_bytes": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024}))


STEPS = "steps=true&overview=full&geometries=geojson&generate_hints=false"
BARE = "overview=false&generate_hints=false"
LOGGED = re.compile(r" ([0-9.]+)ms 127\.0\.0\.1 .* (\d{3}) /route/v1/foot/")


def read_pairs(path):
    return [list(map(float, line.split())) for line in open(path) if line.strip()]


def query(port, log, pairs_file, warmup_file, lengths_out):
    connection = http.client.HTTPConnection("127.0.0.1", port)

    def ask(row, options):
        nonlocal connection
        a, b, c, d = row
        t = time.perf_counter()
        try:
            connection.request("GET", f"/route/v1/foot/{b},{a};{d},{c}?{options}")
            reply = connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # osrm-routed closes a kept-alive connection after 512 requests, before reading the next
            # (so it never ran or logged it): ask again on a new one.
            connection = http.client.HTTPConnection("127.0.0.1", port)
            t = time.perf_counter()
            connection.request("GET", f"/route/v1/foot/{b},{a};{d},{c}?{options}")
            reply = connection.getresponse()
        body = json.loads(reply.read())
        return body, (time.perf_counter() - t) * 1e6

    for row in read_pairs(warmup_file):
        ask(row, STEPS), ask(row, BARE)
    time.sleep(0.2)
    seen = len(LOGGED.findall(open(log).read()))
    lengths, trips = [], {"steps": [], "bare": []}
    for row in read_pairs(pairs_file):
        body, trip = ask(row, STEPS)
        trips["steps"].append(trip)
        route = body.get("routes", [None])[0] if body.get("code") == "Ok" else None
        lengths.append("%.2f %.1f" % (route["distance"], route["duration"]) if route else "none")
        trips["bare"].append(ask(row, BARE)[1])
    time.sleep(0.2)  # the log line is written as the reply goes out
    logged = [float(ms) * 1000 for ms, _ in LOGGED.findall(open(log).read())[seen:]]
    if len(logged) != 2 * len(lengths):
        sys.exit(f"osrm-routed logged {len(logged)} requests, expected {2 * len(lengths)}")
    open(lengths_out, "w").write("\n".join(lengths))

    def figures(values):
        s = sorted(values)
        return {"p50_us": s[len(s) // 2], "p99_us": s[min(len(s) - 1, len(s) * 99 // 100)], "mean_us": statistics.fmean(s)}
    print(json.dumps({"pairs": len(lengths),
                      "steps": {**figures(logged[0::2]), "round_trip": figures(trips["steps"])},
                      "bare": {**figures(logged[1::2]), "round_trip": figures(trips["bare"])}}))


def inprocess(base, pairs_file, warmup_file):
    import osrm
    engine = osrm.OSRM(algorithm="CH", storage_config=base, use_shared_memory=False)

    def parameters(row, steps):
        a, b, c, d = row
        if steps:
            return osrm.RouteParameters(coordinates=[(b, a), (d, c)], steps=True, overview="full", geometries="geojson", generate_hints=False)
        return osrm.RouteParameters(coordinates=[(b, a), (d, c)], overview="false", generate_hints=False)

    def timed(params):
        # The parameters are built before the clock starts: the call is the binding's and OSRM's work alone.
        t = time.perf_counter_ns()
        engine.Route(params)
        return (time.perf_counter_ns() - t) / 1000

    for row in read_pairs(warmup_file):
        timed(parameters(row, True)), timed(parameters(row, False))
    rows = read_pairs(pairs_file)
    steps = [timed(parameters(row, True)) for row in rows]
    bare = [timed(parameters(row, False)) for row in rows]
    floor = [timed(parameters((row[0], row[1], row[0], row[1]), False)) for row in rows]

    def figures(values):
        s = sorted(values)
        return {"p50_us": s[len(s) // 2], "p99_us": s[min(len(s) - 1, len(s) * 99 // 100)], "mean_us": statistics.fmean(s)}
    print(json.dumps({"pairs": len(rows), "steps": figures(steps), "bare": figures(bare), "floor": figures(floor)}))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "bin":
        print(bin_dir())
    elif command == "prepare":
        prepare(sys.argv[2], sys.argv[3])
    elif command == "inprocess":
        inprocess(*sys.argv[2:5])
    elif command == "query":
        query(int(sys.argv[2]), *sys.argv[3:7])
    else:
        sys.exit(__doc__)
