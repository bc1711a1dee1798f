#!/usr/bin/env python3
"""Measures the web workbench (docs/benchmarks/web.md): page load time, the time from a click
to the engine's move against its move time, thinking updates per second, the server's memory
with as many searches as cores, and requests per second under 200 concurrent clients (wrk,
Debian's package, when installed).

    bash scripts/browser-setup.sh && cargo build --release
    .venv/bin/python scripts/web-bench.py target/release/poda

Every figure is measured on this machine against a fresh `poda serve --port 0` on 127.0.0.1;
the load test sends traffic to that address only and stops by itself.
"""

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from playwright.sync_api import sync_playwright

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def serve(binary, *extra):
    p = subprocess.Popen([binary, "serve", "--port", "0", *extra], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    url = re.search(r"open (http://\S+)", p.stdout.readline()).group(1).rstrip("/")
    return p, url


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def think_events(url, body):
    """Posts /api/think and returns [(seconds since the request, event name)]."""
    req = urllib.request.Request(url + "/api/think", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    began = time.monotonic()
    out = []
    with urllib.request.urlopen(req) as r:
        for raw in r:
            line = raw.decode().strip()
            if line.startswith("event:"):
                name = line[6:].strip()
                out.append((time.monotonic() - began, name))
                if name in ("done", "error"):
                    break
    return out


def page_load(browser, url, runs=10):
    times = []
    for _ in range(runs):
        page = browser.new_page()
        began = time.monotonic()
        page.goto(url + "/?game=connect4&p2=person")
        page.wait_for_selector("#board svg")
        times.append((time.monotonic() - began) * 1000)
        page.close()
    return statistics.median(times), min(times), max(times)


def click_to_move(browser, url, movetime_ms, moves=5):
    """A person clicks, the engine answers: the time from the click to the engine's move."""
    page = browser.new_page()
    page.goto(url + f"/?game=connect4&p2=engine(movetime={movetime_ms}ms)")
    page.wait_for_selector("#board svg")
    times = []
    for i in range(moves):
        ply = int(page.locator("#board").get_attribute("data-ply"))
        column = ["4", "3", "5", "2", "6"][i]
        began = time.monotonic()
        page.click(f"rect.column-hit[data-col='{column}']")
        page.wait_for_function(f"() => Number(document.getElementById('board').dataset.ply) >= {ply + 2}",
                               timeout=60_000)
        times.append((time.monotonic() - began) * 1000)
    page.close()
    return statistics.median(times)


def updates_per_second(url, seconds=5):
    events = think_events(url, {"game": "connect4", "moves": "44",
                                "agent": f"engine(movetime={seconds}s)"})
    info = [t for t, name in events if name == "info"]
    late = [t for t in info if t >= 1.0]  # after the quick shallow iterations
    return len(info) / seconds, len(late) / max(seconds - 1, 1)


def memory(binary, searches):
    p, url = serve(binary, "--max-searches", str(searches))
    time.sleep(0.5)
    idle = rss_mib(p.pid)
    threads = [threading.Thread(target=think_events, args=(url, {"game": "connect4", "moves": "4",
               "agent": "best(movetime=4s)"})) for _ in range(searches)]
    for t in threads:
        t.start()
    peak = idle
    while any(t.is_alive() for t in threads):
        peak = max(peak, rss_mib(p.pid))
        time.sleep(0.1)
    after = rss_mib(p.pid)
    p.terminate()
    p.wait()
    return idle, peak, after


def load(url, seconds=10, clients=200):
    """wrk against positions (GET) and moves (POST): requests per second, errors."""
    out = {}
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    script.write('wrk.method = "POST"\nwrk.body = \'{"game":"connect4","moves":"4453","move":"4"}\'\n'
                 'wrk.headers["Content-Type"] = "application/json"\n')
    script.close()
    for name, target, extra in [
        ("position", url + "/api/position?game=connect4&moves=4453", []),
        ("move", url + "/api/move", ["-s", script.name]),
    ]:
        text = subprocess.run(["wrk", "-t2", f"-c{clients}", f"-d{seconds}s", "--latency", *extra, target],
                              capture_output=True, text=True).stdout
        rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
        total = int(re.search(r"(\d+) requests in", text).group(1))
        errors = re.search(r"Socket errors:.*", text)
        non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
        p99 = re.search(r"99%\s+(\S+)", text)
        out[name] = {"rps": rps, "requests": total, "socket_errors": errors.group(0) if errors else "none",
                     "non_2xx": int(non2xx.group(1)) if non2xx else 0, "p99": p99.group(1) if p99 else "?"}
    os.unlink(script.name)
    return out


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/poda"
    cores = os.cpu_count()
    p, url = serve(binary)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        median, low, high = page_load(browser, url)
        print(f"page load (to the board drawn), median of 10: {median:.0f} ms (min {low:.0f}, max {high:.0f})")
        for ms in (100, 500, 1000):
            latency = click_to_move(browser, url, ms)
            print(f"click to the engine's move, engine(movetime={ms}ms), median of 5: {latency:.0f} ms "
                  f"(+{latency - ms:.0f} ms over the move time)")
        browser.close()
    per_second, late = updates_per_second(url)
    print(f"thinking updates per second, engine(movetime=5s): {per_second:.1f} (after the first second: {late:.1f})")
    if subprocess.run(["which", "wrk"], capture_output=True).returncode == 0:
        for name, r in load(url).items():
            print(f"200 clients, 10 s, {name}: {r['rps']:.0f} requests/s, {r['requests']} requests, "
                  f"non-2xx {r['non_2xx']}, socket errors: {r['socket_errors']}, p99 {r['p99']}")
    p.terminate()
    p.wait()
    idle, peak, after = memory(binary, cores)
    print(f"server memory (RSS), {cores} searches of best(movetime=4s) at once: idle {idle:.0f} MiB, "
          f"peak {peak:.0f} MiB, after {after:.0f} MiB")


if __name__ == "__main__":
    main()
