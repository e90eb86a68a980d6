"""What the suites that start servers share: a free loopback port, and the CPU processes used."""
import os, socket


def free_port():
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pids):
    """User and system CPU the processes have used so far (/proc/PID/stat: utime, stime); a
    process that has ended counts nothing."""
    total = 0
    for pid in pids:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def run_wrk(script, url, connections, seconds, env=None, pin=(), servers=(), threads=1):
    """One run of Debian's wrk with a Lua script that ends by printing one JSON line (bench/scaleout/
    report.lua): that line, with requests per second and the CPU `servers` (pids) and wrk used per
    request, in ms. `pin` prefixes wrk's command (taskset)."""
    import json, subprocess
    before = cpu_seconds(servers)
    process = subprocess.Popen([*pin, "wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", script, url],
                               env={**os.environ, **(env or {})}, stdout=subprocess.PIPE, text=True)
    text = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        raise SystemExit(f"wrk failed: {text}")
    result = json.loads(text.strip().splitlines()[-1])
    requests = max(result["requests"], 1)
    result["qps"] = result["requests"] / result["seconds"]
    result["server_cpu_ms_per_request"] = (cpu_seconds(servers) - before) * 1000 / requests
    result["wrk_cpu_ms_per_request"] = (usage.ru_utime + usage.ru_stime) * 1000 / requests
    result["errors"] = sum(result[k] for k in ("connect_errors", "read_errors", "write_errors", "timeouts", "non_2xx"))
    return result


def serve_worldlayer(bin_, database, extra=(), pin=()):
    """`worldlayer serve` on DATABASE at a free loopback port, once /health/ready answers (keeping
    10 M places resident takes a while): (process, port)."""
    import subprocess, time, urllib.request
    port = free_port()
    process = subprocess.Popen([*pin, bin_, "serve", "--database", database, "--port", str(port), "--log-level", "error", *extra],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(1200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health/ready", timeout=1).read()
            return process, port
        except Exception:
            if process.poll() is not None:
                raise SystemExit(f"worldlayer serve ended with {process.returncode} before it was ready")
            time.sleep(0.25)
    process.kill()
    raise SystemExit("worldlayer serve was not ready in 300 s")
