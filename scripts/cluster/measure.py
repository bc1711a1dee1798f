#!/usr/bin/env python3
"""Measurements of the cluster driver (BENCHMARKS.md, docs/benchmarks/cluster.md).

    measure.py overhead   # seconds a unit costs beyond its work: in one process, one process
                          # a unit, Ray with 1 and 2 worker processes
    measure.py speedup    # a CPU-bound job on Ray with 1 then 2 worker processes, back to back
    measure.py sample --count 12 --timeout 60 -- solve "kalah(pits=6,seeds=5)" "" --split-ply 6
                          # a seeded random sample of a job's units, each run alone with a
                          # limit of CPU seconds: what a unit costs (CPU), for projections

Ray runs on this machine on 127.0.0.1 (podacluster.localray), started and stopped here, with
its workers at nice 0 (Ray's default is 15, which on a shared machine measures the others'
load rather than the driver).
Set PODA to the binary (default target/release/poda).
"""

import argparse
import json
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from podacluster.localray import LocalRay  # noqa: E402

REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
PODA = os.environ.get("PODA", os.path.join(REPO, "target", "release", "poda"))
CLUSTER = os.path.join(HERE, "cluster.py")

# 100 units of two games of random against random: next to no work, so the time is overhead.
TRIVIAL = ["tournament", "connect4", "random", "random", "--games-per-pair", "200"]
# A CPU-bound job of several CPU seconds a unit: Kalah(4,4) split at ply 4 (181 leaves),
# 4 leaves a unit.
CPU_BOUND = ["solve", "kalah(pits=4,seeds=4)", "", "--split-ply", "4", "--tt", "16",
             "--endgame", "8", "--leaves-per-unit", "4"]


def load():
    return os.getloadavg()[0]


def timed(command, env=None):
    began = time.time()
    subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE)
    return time.time() - began


def driver(job, job_dir, where, env=None):
    return timed([sys.executable, CLUSTER, "run", "--poda", PODA, "--quiet", "--dir", job_dir,
                  *where, "--", *job], env=env)


def units_of(job):
    out = subprocess.run([PODA, "units", *job], capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def steady(job_dir):
    """Seconds between two units finishing, over the whole run (log.jsonl), and the mean
    seconds a unit spent inside the task and inside poda."""
    with open(os.path.join(job_dir, "log.jsonl")) as f:
        log = [json.loads(line) for line in f]
    done = sorted(line["finished"] for line in log)
    return ((done[-1] - done[0]) / (len(done) - 1),
            statistics.mean(line.get("wall", line["seconds"]) for line in log),
            statistics.mean(line["seconds"] for line in log))


def overhead(args):
    n = len(units_of(TRIVIAL))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        began = time.time()
        listing = subprocess.run([PODA, "units", *TRIVIAL], capture_output=True, text=True,
                                 check=True).stdout
        subprocess.run([PODA, "run-unit", "-", "--out", os.path.join(tmp, "inproc")],
                       input=listing, text=True, check=True, stdout=subprocess.DEVNULL)
        rows.append(("one poda process, every unit", time.time() - began, None, load()))
        job_dir = os.path.join(tmp, "local")
        total = driver(TRIVIAL, job_dir, ["--local", "1"])
        rows.append(("one poda process a unit (--local 1)", total, steady(job_dir), load()))
        for cpus in (1, 2):
            ray = LocalRay(cpus=cpus, niceness=0)
            job_dir = os.path.join(tmp, f"ray{cpus}")
            try:
                total = driver(TRIVIAL, job_dir, ["--address", ray.address], env=ray.env)
            finally:
                ray.stop()
            rows.append((f"Ray, {cpus} worker process(es)", total, steady(job_dir), load()))
    print(f"{n} units of 2 games of random against random (connect4); ms a unit:")
    print(f"  {'':38} {'job, s':>7} {'a unit':>7} {'between':>8} {'task':>6} {'poda':>6}")
    for name, total, stead, avg in rows:
        between, task, inside = (f"{1000 * x:.1f}" for x in stead) if stead else ("",) * 3
        print(f"  {name:38} {total:7.2f} {1000 * total / n:7.1f} {between:>8} {task:>6} "
              f"{inside:>6}  (load {avg:.1f})")
    print("  job: the whole run (Ray's start-up, the binary shipped, listing, merge); between:"
          " time between two units finishing once running; task: a unit's wall time in its"
          " worker (poda's process included); poda: inside poda run-unit")


def speedup(args):
    n = len(units_of(CPU_BOUND))
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(args.repeat):
            for cpus in (1, 2):
                ray = LocalRay(cpus=cpus, niceness=0)
                try:
                    seconds = driver(CPU_BOUND, os.path.join(tmp, f"r{rep}c{cpus}"),
                                     ["--address", ray.address], env=ray.env)
                finally:
                    ray.stop()
                results.append((rep, cpus, seconds, load()))
                print(f"  round {rep + 1}, {cpus} worker(s): {seconds:.1f} s (load {load():.1f})",
                      flush=True)
    print(f"{' '.join(CPU_BOUND)}: {n} units")
    for rep in range(args.repeat):
        one = [r[2] for r in results if r[0] == rep and r[1] == 1][0]
        two = [r[2] for r in results if r[0] == rep and r[1] == 2][0]
        print(f"  round {rep + 1}: 1 worker {one:.1f} s, 2 workers {two:.1f} s, "
              f"speed-up {one / two:.2f}")


def cpu_limit(seconds):
    """In the child: stop at `seconds` of CPU time (SIGXCPU), whatever the machine's load."""
    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))
    return limit


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def sample(args):
    """Each sampled unit alone, one after another; its CPU time (not wall time: the machine
    is shared) or, past --timeout CPU seconds, censored."""
    job = args.job[1:] if args.job[:1] == ["--"] else args.job
    lines = units_of(job)
    picked = random.Random(args.seed).sample(lines, min(args.count, len(lines)))
    costs, censored = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for line in picked:
            unit = json.loads(line)
            before = children_cpu()
            proc = subprocess.run([PODA, "run-unit", "-", "--out", tmp], input=line,
                                  capture_output=True, text=True,
                                  preexec_fn=cpu_limit(args.timeout))
            cpu = children_cpu() - before
            if proc.returncode < 0:
                censored += 1
                print(f"  {unit['id']}: over {args.timeout} CPU s", flush=True)
                continue
            proc.check_returncode()
            costs.append(cpu)
            print(f"  {unit['id']}: {cpu:.2f} CPU s", flush=True)
    print(json.dumps({
        "job": job, "units": len(lines), "sampled": len(picked), "censored": censored,
        "timeout_cpu_s": args.timeout, "mean_cpu_s": statistics.mean(costs) if costs else None,
        "median_cpu_s": statistics.median(costs) if costs else None,
        "max_cpu_s": max(costs) if costs else None, "load": load(),
    }))


def main():
    # A terminated measurement still stops the Ray cluster it started (the finally blocks).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="what", required=True)
    sub.add_parser("overhead")
    sp = sub.add_parser("speedup")
    sp.add_argument("--repeat", type=int, default=2)
    sa = sub.add_parser("sample")
    sa.add_argument("--count", type=int, default=12)
    sa.add_argument("--timeout", type=int, default=60)
    sa.add_argument("--seed", type=int, default=1)
    sa.add_argument("job", nargs=argparse.REMAINDER)
    args = p.parse_args()
    {"overhead": overhead, "speedup": speedup, "sample": sample}[args.what](args)


if __name__ == "__main__":
    main()
