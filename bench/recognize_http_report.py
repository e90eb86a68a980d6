#!/usr/bin/env python3
"""bench/results/recognize-http.{json,md,svg} from bench/.work/recognize-http/rounds-N.json (bench/recognize_http.py)."""
import json, os, sys

sys.path.insert(0, os.path.dirname(__file__))
from chart import levels  # noqa: E402
from method import provenance, shown, spread  # noqa: E402

sizes = [int(n) for n in sys.argv[1:]]
lines = ["# Recognizing a book's pages over HTTP", "",
         "`bench/run recognize-http`: the vision benchmark's held-out frames (640×480 JPEGs, one in five showing no page) POSTed "
         "to `/v1/books/{book}/recognize` of `worldlayer serve` on loopback, against a book made of the benchmark's first N "
         "targets (`worldlayer import book`). Each round starts a fresh server; in it, every frame in turn from one Python "
         "client on one kept-alive connection (each answer scored as `bench/run vision` scores its own), then Debian's `wrk` "
         "(C, one thread) at 1 and 3 connections, 10 s measured after 3 s unmeasured and a second's pause, each frame from an address of its own "
         "(X-Forwarded-For from a trusted loopback proxy, as phones behind Caddy: the per-address frame limit is not what is "
         "measured). In the same round, `worldlayer-bench vision` recognizes the same frames in process on one core (what "
         "`bench/run vision` reports), indexing the same targets as the book. Server and clients share the machine's two cores. "
         "On two cores the server recognizes one frame at a time, queues two and answers 503 (busy) beyond that (`DecodePool`: "
         "one fewer running than there are cores, twice that waiting): 3 connections fill it. Median (lowest–highest round).", "",
         "OpenCV and FAISS, the vision benchmark's peers, have no HTTP layer of their own, so no peer runs here: the "
         "figures say what the path through the server adds to WorldLayer's own recognition.", ""]
figures, chart = {}, []
for n in sizes:
    data = json.load(open(f"bench/.work/recognize-http/rounds-{n}.json"))
    runs = data["rounds"]
    local = [r["in_process"] for r in runs]
    http = [r["one_client"] for r in runs]
    f = {
        "in_process": {k: spread(x[k] for x in local) for k in ("recall", "p50_ms", "p99_ms")} | {
            "recall_percent": spread(100 * x["recall"] for x in local)},
        "one_client": {k: spread(x[k] for x in http) for k in ("recall", "p50_ms", "p99_ms", "server_p50_ms")} | {
            "recall_percent": spread(100 * x["recall"] for x in http)},
        "false_on_empty": {"in_process": max(x["false_on_empty"] for x in local), "one_client": max(x["false_on_empty"] for x in http),
                           "empty_frames": http[0]["empty_frames"]},
        "added_p50_ms": spread(h["p50_ms"] - l["p50_ms"] for h, l in zip(http, local)),
        "first_frame_seconds": spread(r["first_frame_seconds"] for r in runs),
        "import_seconds": data["import_seconds"], "bytes_per_answer": http[0]["bytes_per_answer"],
        "wrk": {c: {k: spread(r["wrk"][c][k] for r in runs) for k in ("qps", "p50_ms", "p99_ms", "server_cpu_ms_per_request")}
                | {"errors": sum(r["wrk"][c]["errors"] for r in runs)} for c in runs[0]["wrk"]},
    }
    figures[str(n)] = f
    i, o = f["in_process"], f["one_client"]
    lines += [f"## {n:,} targets", "",
              f"`worldlayer import book` refuses {n - data['in_book']} of the {n:,} targets (too few distinct points: "
              f"repeated patterns), so the book holds {data['in_book']:,}, and both paths index those; the {data['frames_of_refused']} "
              f"frames of a refused target count as showing none of the book's pages. "
              f"{data['frames']} frames, {len(runs)} rounds. The book imported in {data['import_seconds']:.0f} s; a fresh server answered "
              f"its first frame (building the book's index) in {shown(f['first_frame_seconds'], 1)} s. An answer weighs "
              f"{f['bytes_per_answer']:,.0f} bytes.", "",
              "| path | recall | empty frames taken for a page | p50 ms | p99 ms |", "|---|---|---|---|---|",
              f"| in process, one core (`worldlayer-bench vision`) | {shown(i['recall_percent'], 1, ' %')} | {f['false_on_empty']['in_process']} of "
              f"{f['false_on_empty']['empty_frames']} | {shown(i['p50_ms'], 1)} | {shown(i['p99_ms'], 1)} |",
              f"| over HTTP, one client, frame by frame | {shown(o['recall_percent'], 1, ' %')} | {f['false_on_empty']['one_client']} of "
              f"{f['false_on_empty']['empty_frames']} | {shown(o['p50_ms'], 1)} | {shown(o['p99_ms'], 1)} |", "",
              f"Over HTTP a frame took {shown(f['added_p50_ms'], 1)} ms more at the median than in process (round by round); the "
              f"server's own timing of recognition (`milliseconds` in the answer) had a median of {shown(o['server_p50_ms'], 1)} ms.", "",
              "| wrk connections | frames/s | p50 ms | p99 ms | server CPU ms/frame | errors |", "|---|---|---|---|---|---|"]
    for c, w in f["wrk"].items():
        lines.append(f"| {c} | {shown(w['qps'], 1)} | {shown(w['p50_ms'], 1)} | {shown(w['p99_ms'], 1)} | "
                     f"{shown(w['server_cpu_ms_per_request'], 1)} | {w['errors']} |")
        chart.append((f"{n} targets, {c} conn.", w["qps"]["median"], w["qps"]["low"], w["qps"]["high"]))
    lines.append("")
meta = provenance()
lines += [f"Measured at commit {meta['commit']} on {meta['machine']}, {meta['date']}."]
os.makedirs("bench/results", exist_ok=True)
open("bench/results/recognize-http.md", "w").write("\n".join(lines) + "\n")
json.dump({**meta, "figures": figures}, open("bench/results/recognize-http.json", "w"), indent=1)
levels("Camera frames recognized per second over HTTP, 2 shared cores", chart, "/s", "bench/results/recognize-http.svg")
print("\n".join(lines))
