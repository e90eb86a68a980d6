#!/usr/bin/env python3
"""bench/results/live.{json,md,svg} from bench/.work/live/rounds.json (bench/live.py's rounds)."""
import json, os, sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(__file__))
from chart import curves  # noqa: E402
from method import above, below, provenance, shown, spread  # noqa: E402

GOAL_MS, GOAL_RATE = 50, 100
# Issue 45's goals: deliveries per server CPU-second, and the p99 at the highest rate the servers sustain.
GOAL_EFFICIENCY = 150_000
# A rate is sustained when every round delivers everything and placing still answers within a second
# (open loop: a server that falls behind shows as answers queueing without bound).
SUSTAINED_ANSWER_MS = 1000
NAMES = {"database": "PostgreSQL LISTEN/NOTIFY", "nats": "NATS"}

data = json.load(open("bench/.work/live/rounds.json"))
rows, subscribers, servers = data["rows"], data["subscribers"], data["servers"]
rounds = sorted({r["round"] for r in rows})
by = defaultdict(list)  # (signal, rate) → rows, one per round that reached it
for r in rows:
    by[(r["signal"], r["rate"])].append(r)


def complete(r):
    return not r.get("timed_out") and r["deliveries"] == r["expected"]


def cell(signal, rate, key):
    got = [r for r in by.get((signal, rate), []) if key in r]
    if len(got) < len(rounds):
        return f"reached in {len(got)} of {len(rounds)} rounds" if got else "—"
    return shown(spread(r[key] for r in got), 1)


summary = {}
for signal in NAMES:
    held = [rate for rate in data["rates"]
            if len(by.get((signal, rate), [])) == len(rounds) and all(complete(r) for r in by[(signal, rate)])
            and below(spread(r["p99_ms"] for r in by[(signal, rate)]), GOAL_MS)]
    at_goal = by.get((signal, GOAL_RATE), [])
    met = len(at_goal) == len(rounds) and all(complete(r) for r in at_goal) and below(spread(r["p99_ms"] for r in at_goal), GOAL_MS)
    sustained = [rate for rate in data["rates"]
                 if len(by.get((signal, rate), [])) == len(rounds) and all(complete(r) for r in by[(signal, rate)])
                 and below(spread(r["answered_p99_ms"] for r in by[(signal, rate)]), SUSTAINED_ANSWER_MS)]
    top = max(sustained) if sustained else None
    summary[signal] = {"highest_rate_within_goal_every_round": max(held) if held else None, "goal_met": met,
                       "highest_sustained_rate": top,
                       "p99_ms_at_highest_sustained_rate": spread(r["p99_ms"] for r in by[(signal, top)]) if top else None,
                       "deliveries_per_server_cpu_second_by_rate": {
                           rate: spread(r["deliveries"] / r["server_cpu_s"] for r in by[(signal, rate)] if complete(r) and r["server_cpu_s"] > 0)
                           for rate in data["rates"] if any(complete(r) and r["server_cpu_s"] > 0 for r in by.get((signal, rate), []))},
                       "p99_ms_by_rate": {rate: spread(r["p99_ms"] for r in by[(signal, rate)] if "p99_ms" in r) for rate in data["rates"]
                                          if any("p99_ms" in r for r in by.get((signal, rate), []))}}

ratios = {}
for rate in data["rates"]:
    pairs = [(a, b) for a in by.get(("database", rate), []) for b in by.get(("nats", rate), [])
             if a["round"] == b["round"] and "p99_ms" in a and "p99_ms" in b]
    if len(pairs) == len(rounds):
        ratios[rate] = spread(a["p99_ms"] / b["p99_ms"] for a, b in pairs)

# What fanning out costs the servers, from every complete step: deliveries per CPU-second of the three servers.
efficiency = {signal: spread(r["deliveries"] / r["server_cpu_s"] for r in rows if r["signal"] == signal and complete(r) and r["server_cpu_s"] > 0)
              for signal in NAMES if any(r["signal"] == signal and complete(r) for r in rows)}
generator_cpu_per_delivery_us = spread(r["subscriber_cpu_s"] / r["deliveries"] * 1e6 for r in rows if complete(r) and r["deliveries"])
subscriber_share = spread(r["subscriber_cpu_s"] / (r["server_cpu_s"] + r["subscriber_cpu_s"]) for r in rows if complete(r) and r["server_cpu_s"] > 0)

# The floor: write(2) alone, one per delivery, from as many threads as servers to as many loopback sockets,
# with frames of the servers' size (bench/live.py runs it after each round). No server can deliver for less.
floors = data.get("floors", [])
floor = {"writes_per_cpu_second": spread(f["writes_per_cpu_s"] for f in floors), "write_cpu_us": spread(f["write_cpu_us"] for f in floors),
         "reader_cpu_us": spread(f["reader_cpu_us"] for f in floors), "p50_ms": spread(f["p50_ms"] for f in floors),
         "p99_ms": spread(f["p99_ms"] for f in floors), "frame_bytes": spread(f["bytes"] for f in floors),
         "rate": floors[0]["rate"], "commits": {f.get("commit") or "" for f in floors} - {""}} if floors else None

result = {"provenance": provenance(), "floor": floor and {**floor, "commits": sorted(floor["commits"])}, "subscribers": subscribers, "servers": servers, "seconds_per_step": data["seconds"],
          "rates": data["rates"], "rounds": len(rounds), "goal": {"p99_ms": GOAL_MS, "rate": GOAL_RATE}, "summary": summary,
          "database_p99_over_nats_p99": ratios,
          "deliveries_per_server_cpu_second": efficiency, "subscriber_share_of_cpu": subscriber_share,
          "generator_cpu_us_per_delivery": generator_cpu_per_delivery_us, "rows": rows}
os.makedirs("bench/results", exist_ok=True)
json.dump(result, open("bench/results/live.json", "w"), indent=1, sort_keys=True)

p = result["provenance"]
md = ["# live: placement to delivery, open loop", "",
      f"{subscribers:,} WebSocket subscribers on one cell, spread over {servers} `worldlayer serve` processes sharing one PostgreSQL",
      "(`fsync=on`, as shipped). Placements arrive open-loop at each rate of the ladder for "
      f"{data['seconds']:g} s: each is sent when it is due, whether or not earlier ones were answered, and its latency to every",
      "subscriber runs from when it was due. Two paths carry \"a server committed\" to the other servers, in turns each round:",
      "PostgreSQL `LISTEN`/`NOTIFY`, and a NATS server (`serve --live-signal nats://…`). Everything runs on one machine,",
      "subscribers included. A path stops climbing in a round once a step loses deliveries or its p99 passes 5 s.", "",
      f"Cells: median of {len(rounds)} rounds (lowest–highest). Commit {p['commit']}, {p['machine']}, {p['date']}. Reproduce: `bench/run live`.", ""]
for signal, name in NAMES.items():
    md += [f"## {name}", "", "| placements/s | deliveries/s | p50 ms | p99 ms | p99.9 ms | all delivered | place answered p99 ms | deliveries per server CPU-s |",
           "|---|---|---|---|---|---|---|---|"]
    for rate in data["rates"]:
        got = by.get((signal, rate), [])
        if not got:
            continue
        md.append(f"| {rate} | {rate * subscribers:,} | {cell(signal, rate, 'p50_ms')} | {cell(signal, rate, 'p99_ms')} | "
                  f"{cell(signal, rate, 'p999_ms')} | {sum(complete(r) for r in got)} of {len(got)} rounds | {cell(signal, rate, 'answered_p99_ms')} | "
                  + (shown(e, 0) if (e := summary[signal]["deliveries_per_server_cpu_second_by_rate"].get(rate)) else "—") + " |")
    md.append("")
if floor:
    md += ["## The floor: write(2) alone", "",
           f"After each round, {servers} threads (the servers) write frames of the servers' size ({shown(floor['frame_bytes'], 0)} bytes) "
           f"to {subscribers:,} loopback TCP sockets, one `write(2)` per delivery and nothing else, {floor['rate']:g} events a second for "
           f"{data['seconds']:g} s, while another process reads them all on one thread with epoll as the subscribers do "
           "(`worldlayer-bench live-floor`). A subscriber is a socket of its own, so a server's delivery costs at least one such write; "
           "on loopback the write also runs the receiving side's TCP."
           + (f" These floor runs were made at commit {', '.join(sorted(floor['commits']))}, after the rounds (`bench/JOURNAL.md` says why)."
              if floor["commits"] - {p["commit"]} else ""), "",
           "| writes per CPU-s | CPU per write µs | reader CPU per frame µs | p50 ms | p99 ms |", "|---|---|---|---|---|",
           f"| {shown(floor['writes_per_cpu_second'], 0)} | {shown(floor['write_cpu_us'], 2)} | {shown(floor['reader_cpu_us'], 2)} | "
           f"{shown(floor['p50_ms'], 1)} | {shown(floor['p99_ms'], 1)} |", ""]
md += ["## Goals", ""]
for signal, name in NAMES.items():
    s = summary[signal]
    top = s["highest_sustained_rate"]
    if top:
        e = s["deliveries_per_server_cpu_second_by_rate"][top]
        md.append(f"- {name}: the highest rate sustained in every round (everything delivered, placing answered within "
                  f"{SUSTAINED_ANSWER_MS / 1000:g} s at p99) is {top}/s ({top * subscribers:,} deliveries/s); its delivery p99 is "
                  f"{shown(s['p99_ms_at_highest_sustained_rate'], 1)} ms — goal ≤ {GOAL_MS} ms "
                  + ("**met**" if below(s["p99_ms_at_highest_sustained_rate"], GOAL_MS) else "**not met**")
                  + f"; there the servers deliver {shown(e, 0)} frames per CPU-second — goal ≥ {GOAL_EFFICIENCY:,} "
                  + ("**met**" if above(e, GOAL_EFFICIENCY) else "**not met**"))
    else:
        md.append(f"- {name}: no rate of the ladder was sustained in every round")
    md.append(f"- {name}: p99 ≤ {GOAL_MS} ms at {GOAL_RATE} placements/s to {subscribers:,} subscribers — "
              + ("**met**" if s["goal_met"] else "**not met**")
              + f"; the highest rate held within {GOAL_MS} ms in every round: "
              + (f"{s['highest_rate_within_goal_every_round']}/s" if s["highest_rate_within_goal_every_round"] else "none of the ladder"))
if ratios:
    md.append("- LISTEN/NOTIFY p99 ÷ NATS p99, round by round (above 1: NATS faster): "
              + "; ".join(f"{rate}/s {shown(s)}" + (" NATS faster" if above(s, 1) else " LISTEN/NOTIFY faster" if below(s, 1) else " neither in every round")
                          for rate, s in ratios.items()))
goal_rate = GOAL_RATE * subscribers
for signal, e in efficiency.items():
    md.append(f"- {NAMES[signal]}: the servers deliver {shown(e, 0)} frames per CPU-second (every complete step of every round); "
              f"{goal_rate:,} deliveries/s (the goal's load) would need about {goal_rate / e['median']:.0f} such cores for the servers alone.")
if floor:
    md.append(f"- The floor on this machine is {shown(floor['writes_per_cpu_second'], 0)} writes per CPU-second: the goal of "
              f"{GOAL_EFFICIENCY:,} deliveries per server CPU-second is "
              + ("above it in every round, out of reach of any server here that writes each subscriber its own frames"
                 if below(floor["writes_per_cpu_second"], GOAL_EFFICIENCY) else "not above it in every round")
              + f"; one event written to {subscribers:,} sockets reaches them at p99 {shown(floor['p99_ms'], 1)} ms with nothing but the writes, "
              + (f"so p99 ≤ {GOAL_MS} ms is out of reach too" if above(floor["p99_ms"], GOAL_MS) else f"within {GOAL_MS} ms in some round")
              + ". The servers' deliveries per CPU-second ÷ the floor's writes, round by round: "
              + "; ".join(f"{NAMES[signal]} {shown(spread(r['deliveries'] / r['server_cpu_s'] / f['writes_per_cpu_s'] for r in rows for f in floors if r['signal'] == signal and r['round'] == f['round'] and complete(r) and r['server_cpu_s'] > 0 and r['rate'] == floor['rate']))}"
                          for signal in NAMES if any(r["signal"] == signal and complete(r) and r["rate"] == floor["rate"] for r in rows)) + ".")
md.append(f"- The load generator (one thread on epoll, `worldlayer-bench live-subscribers`) used "
          f"{shown(generator_cpu_per_delivery_us, 2)} µs of CPU per delivery, "
          f"{shown({k: v * 100 if k != 'runs' else v for k, v in subscriber_share.items()}, 0)} % "
          "of the CPU the servers and it used together: it shares the two cores with the servers, unpinned, and is counted apart.")
md.append("")
open("bench/results/live.md", "w").write("\n".join(md))
series = {NAMES[signal]: [(rate, s["median"], s["low"], s["high"]) for rate, s in summary[signal]["p99_ms_by_rate"].items()] for signal in NAMES}
curves(f"live: p99 placement → delivery, {subscribers:,} subscribers on {servers} servers", series, GOAL_MS, "bench/results/live.svg",
       "placements per second (open loop)", "p99 latency, ms (log)")
print("\n".join(md))
