#!/usr/bin/env python3
"""Recognition the way the browser client asks for it: camera frames POSTed to
`/v1/books/{book}/recognize` of `worldlayer serve` on loopback, against a book of N of the vision
benchmark's targets (imported as a bundle with `worldlayer import book`), at its held-out frames.

Each round, in a fresh server:
- in process: `worldlayer-bench vision` on the same frames (one core, the figure bench/run vision reports);
- one client: every frame in turn over one kept-alive connection (Python's http.client), each answer
  scored against the truth as bench/run vision scores its own, with the client's time and the time
  the server says recognition took;
- wrk (Debian's, C, one thread) at 1 and RECOGNIZE_CONNECTIONS (3) connections, RECOGNIZE_SECONDS
  (10) measured after 3 unmeasured, each frame from an address of its own (bench/scaleout/frames.lua).
  On two cores the server recognizes one frame at a time and queues two (DecodePool: cores − 1
  running, twice that waiting) and answers 503 beyond: 3 connections fill it. A second passes
  between wrk runs: frames a closed connection left in the queue are still recognized, and would
  be counted against the next run as refusals.
Nothing else runs; server and wrk share the machine's two cores.

Usage: recognize_http.py BIN TARGETS_DIR N FRAMES_DIR ROUNDS OUT.json"""
import http.client, json, os, shutil, subprocess, sys, time, uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from processes import run_wrk, serve_worldlayer  # noqa: E402
from vision_score import score  # noqa: E402

bin_, targets_dir, n, frames_dir, rounds, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), sys.argv[6]
here = os.path.dirname(os.path.abspath(__file__))
work = os.path.abspath(f"bench/.work/recognize-http/{n}")
connections = [1, int(os.environ.get("RECOGNIZE_CONNECTIONS", "3"))]
seconds = int(os.environ.get("RECOGNIZE_SECONDS", "10"))
SLUG = "bench-targets"


def say(text):
    print(f"[recognize-http] {text}", file=sys.stderr, flush=True)


def book_bundle(refused):
    """A book bundle of the first N targets but those `worldlayer import book` refuses (too few
    distinct points), each linking to a page of its own (no media to carry)."""
    folder = f"{work}/bundle"
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(f"{folder}/pages")
    lines = ["format: worldlayer-book/1", f"id: {uuid.uuid5(uuid.NAMESPACE_URL, f'bench-targets-{n}')}", f'slug: "{SLUG}"',
             f'title: "{n} benchmark targets"', 'authors: ["bench/vision_data.py"]', 'language: "en"', "targets:"]
    for i in range(n):
        name = f"t{i:04d}"
        if name in refused:
            continue
        os.link(f"{targets_dir}/{name}.jpg", f"{folder}/pages/{name}.jpg")
        lines += [f"  - id: {uuid.uuid5(uuid.NAMESPACE_URL, f'bench-target-{i}')}", f'    name: "{name}"', f'    image: "pages/{name}.jpg"',
                  "    width: 0.2", f'    link: "https://example.org/{name}"']
    open(f"{folder}/book.yaml", "w").write("\n".join(lines) + "\n")
    return folder


def one_client(port, frames):
    """Every frame in turn on one connection: answers as `worldlayer-bench vision` prints them."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    answers = []
    for i, file in enumerate(frames):
        body = open(f"{frames_dir}/{file}", "rb").read()
        start = time.perf_counter()
        c.request("POST", f"/v1/books/{SLUG}/recognize", body=body,
                  headers={"Content-Type": "image/jpeg", "X-Forwarded-For": f"10.1.{i // 256}.{i % 256}"})
        r = c.getresponse()
        text = r.read()
        elapsed = time.perf_counter() - start
        if r.status != 200:
            raise SystemExit(f"{file}: {r.status} {text[:300]!r}")
        found = json.loads(text)
        target = found.get("target")
        answers.append({"frame": file, "target": target["name"] if target else None, "corners": [[p["x"], p["y"]] for p in found.get("corners") or []],
                        "inliers": found["inliers"], "seconds": elapsed, "server_ms": found["milliseconds"], "bytes": len(text)})
    c.close()
    return answers


def in_process(r):
    """`worldlayer-bench vision` on the same frames, indexing what the book holds: its output's path."""
    text = subprocess.run([f"{bin_}-bench", "vision", "--book-rules", "--targets", targets_dir, "--count", str(n), "--frames", frames_dir],
                          check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    open(f"{work}/in-process-{r}.json", "w").write(text)
    return f"{work}/in-process-{r}.json"


def truth_of_book(refused):
    """The frames' truth as far as the book goes: a frame of a page it does not hold shows none of its pages."""
    truth = json.load(open(f"{frames_dir}/truth.json"))
    for t in truth:
        if t["target"] in refused:
            t["target"], t["corners"] = None, None
    json.dump(truth, open(f"{work}/truth.json", "w"))
    return f"{work}/truth.json"


os.makedirs(work, exist_ok=True)
frames = sorted(f for f in os.listdir(frames_dir) if f.endswith(".jpg"))
database = f"sqlite:{work}/book.sqlite"
for f in ("book.sqlite", "book.sqlite-wal", "book.sqlite-shm"):
    if os.path.exists(f"{work}/{f}"):
        os.remove(f"{work}/{f}")
shutil.rmtree(f"{work}/media", ignore_errors=True)
say(f"{n} targets, round 1: in process…")
first_local = in_process(1)
refused = set(json.load(open(first_local))["refused"])
truth = truth_of_book(refused)
say(f"importing a book of the {n - len(refused)} targets of {n} it accepts…")
start = time.time()
subprocess.run([bin_, "import", "book", "--database", database, "--media", f"{work}/media", book_bundle(refused)], check=True,
               stdout=subprocess.DEVNULL)
imported_seconds = time.time() - start
open(f"{work}/frames.txt", "w").write("".join(f"/v1/books/{SLUG}/recognize\t{frames_dir}/{f}\n" for f in frames))
env = {"SCALEOUT_DIR": f"{here}/scaleout", "FRAMES": f"{work}/frames.txt"}

runs = []
for r in range(1, rounds + 1):
    if r > 1:
        say(f"{n} targets, round {r} of {rounds}: in process…")
    local = score(truth, first_local if r == 1 else in_process(r))
    server, port = serve_worldlayer(bin_, database, extra=["--media", f"{work}/media", "--trusted-proxy", "127.0.0.1"])
    try:
        start = time.time()
        one_client(port, frames[:1])  # the book's index is built on its first frame
        first_seconds = time.time() - start
        say(f"{n} targets, round {r}: one client over HTTP…")
        answers = one_client(port, frames)
        json.dump({"targets": n, "answers": answers}, open(f"{work}/http.json", "w"))
        remote = score(truth, f"{work}/http.json")
        server_ms = sorted(a["server_ms"] for a in answers)
        remote["server_p50_ms"] = server_ms[len(server_ms) // 2]
        remote["bytes_per_answer"] = sum(a["bytes"] for a in answers) / len(answers)
        loads = {}
        for c in connections:
            url = f"http://127.0.0.1:{port}"
            run_wrk(f"{here}/scaleout/frames.lua", url, c, 3, env=env, servers=[server.pid])
            time.sleep(1)
            loads[str(c)] = run_wrk(f"{here}/scaleout/frames.lua", url, c, seconds, env=env, servers=[server.pid])
            time.sleep(1)
            say(f"{n} targets, round {r}, {c} connection(s): {loads[str(c)]['qps']:.1f} frames/s, "
                f"p99 {loads[str(c)]['p99_ms']:.1f} ms, {loads[str(c)]['errors']} errors")
    finally:
        server.kill()
        server.wait()
    runs.append({"round": r, "in_process": local, "one_client": remote, "first_frame_seconds": first_seconds, "wrk": loads})
json.dump({"targets": n, "in_book": n - len(refused), "refused": sorted(refused), "frames": len(frames),
           "frames_of_refused": sum(1 for t in json.load(open(f"{frames_dir}/truth.json")) if t["target"] in refused),
           "import_seconds": imported_seconds, "rounds": runs}, open(out, "w"), indent=1)
