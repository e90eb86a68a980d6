#!/usr/bin/env python3
"""Plays the tracking clips to the browser client's page follower in headless Chromium, against a
real `worldlayer serve` on the demo world, and writes the per-frame results.

    tracking.py WORLDLAYER DATA SET RUNS OUT.json

DATA holds the clip sets (tracking_data.py); SET is dev or score. Each run plays every clip of
the set (bench/tracking/harness.js); the round trips differ from run to run, and with them the
frames the answers land on. Progress goes to stderr.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from processes import free_port  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")


def wait_for(url, seconds=120):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"tracking: nothing answered at {url}")


class WebDriver:
    """The few W3C WebDriver commands this needs, over chromedriver's HTTP."""

    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": shutil.which("chromium"), "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=800,600"]}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=300) as response:
            return json.load(response)["value"]

    def open(self, url):
        self.call("POST", f"/session/{self.session}/url", {"url": url})

    def run(self, script):
        return self.call("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": []})

    def quit(self):
        self.call("DELETE", f"/session/{self.session}")


def web_root(work, data):
    """The client's files with the harness and the clips beside them, all linked, not copied."""
    web = os.path.join(work, "web")
    os.makedirs(os.path.join(web, "bench"))
    for entry in os.listdir(os.path.join(ROOT, "Web")):
        os.symlink(os.path.abspath(os.path.join(ROOT, "Web", entry)), os.path.join(web, entry))
    for entry in ("harness.html", "harness.js"):
        os.symlink(os.path.join(HERE, "tracking", entry), os.path.join(web, "bench", entry))
    for entry in os.listdir(data):
        os.symlink(os.path.abspath(os.path.join(data, entry)), os.path.join(web, "bench", entry))
    return web


def main(worldlayer, data, which, runs, out):
    work = tempfile.mkdtemp(prefix="wl-tracking-")
    processes = []
    try:
        database, media = f"sqlite:{work}/world.sqlite", os.path.join(work, "media")
        subprocess.run([worldlayer, "demo", "seed", "--database", database, "--media", media,
                        "--osm", os.path.join(ROOT, "demo", "helsinki.osm.pbf")], check=True, stdout=subprocess.DEVNULL)
        port, driver_port = free_port(), free_port()
        processes.append(subprocess.Popen([worldlayer, "serve", "--port", str(port), "--database", database, "--media", media,
                                           "--web", web_root(work, data), "--tiles", "none", "--log-level", "error"]))
        processes.append(subprocess.Popen(["chromedriver", f"--port={driver_port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for(f"http://127.0.0.1:{port}/health")
        wait_for(f"http://127.0.0.1:{driver_port}/status")
        browser = WebDriver(driver_port)
        results = []
        try:
            for run in range(runs):
                browser.open(f"http://127.0.0.1:{port}/bench/harness.html?set={which}&book=pictures-of-science" + os.environ.get("TRACKING_QUERY", ""))
                shown = None
                while True:
                    result = browser.run("return window.benchResult ? JSON.stringify(window.benchResult) : null")
                    if result:
                        break
                    text = browser.run("return document.getElementById('progress')?.textContent ?? ''")
                    if text != shown:
                        print(f"\r[tracking] {which} run {run + 1}/{runs}: clip {text}        ", end="", file=sys.stderr, flush=True)
                        shown = text
                    time.sleep(1)
                clips = json.loads(result)
                if isinstance(clips, dict):
                    raise SystemExit(f"tracking: the harness failed: {clips['error']}")
                results.append(clips)
        finally:
            browser.quit()
        print(file=sys.stderr)
        with open(out, "w") as f:
            json.dump({"set": which, "runs": results}, f)
    finally:
        for p in processes:
            p.terminate()
            p.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
