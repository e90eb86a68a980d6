#!/usr/bin/env python3
"""Runs a command; prints JSON with its wall time and its peak resident memory (the largest
of it and its children). Usage: measure.py OUT.json CMD [ARGS…] (the command's output passes through)."""
import json, resource, subprocess, sys, time

out, cmd = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
code = subprocess.call(cmd)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
json.dump({"seconds": round(seconds, 3), "peak_rss_bytes": peak}, open(out, "w"))
sys.exit(code)
