"""The one method every suite reports with (bench/README.md): each repetition kept, the median and
the spread of them, a ratio called a win only when its whole spread is above 1, and where, when and
on what the figures were made."""
import os, platform, statistics, subprocess
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))


def spread(values):
    """Median, lowest and highest of the repetitions, and how many there were."""
    values = list(values)
    return {"median": float(statistics.median(values)), "low": float(min(values)), "high": float(max(values)), "runs": len(values)}


def shown(s, digits=2, unit=""):
    """'1.23 (1.10–1.31)': the median, then the lowest and highest run."""
    f = f"{{:.{digits}f}}"
    return f"{f.format(s['median'])}{unit} ({f.format(s['low'])}–{f.format(s['high'])})"


def above(s, goal):
    """True when every repetition is above `goal`: only then is the goal met (a ratio of 1 is a win)."""
    return s["low"] > goal


def below(s, goal):
    return s["high"] <= goal


def provenance():
    """The commit, the machine and the date the figures were made on."""
    # bench/run takes the commit before it builds: work committed during a two-hour run did not make these figures.
    commit = os.environ.get("BENCH_COMMIT")
    if commit is None:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout.strip()
        # The results being written are not a change to what made them.
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!results"],
                               capture_output=True, text=True, cwd=HERE).stdout
        commit += " (with uncommitted changes)" if dirty.strip() else ""
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
    memory = next((int(l.split()[1]) * 1024 for l in open("/proc/meminfo") if l.startswith("MemTotal")), 0)
    return {"commit": commit,
            "machine": f"{cpu}, {os.cpu_count()} cores, {memory / 2**30:.0f} GiB",
            "date": datetime.now(timezone.utc).strftime("%Y-%m-%d")}
