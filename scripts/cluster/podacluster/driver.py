"""The driver: a job directory, the loop over poda's units, progress, and the merge.

A job directory holds:
  job.json      the job (poda's arguments after `poda units`); another job is refused
  results/      one `<id>.json` per finished unit (and `<id>.times.json`), from poda
  log.jsonl     one line per unit finished: which run, machine, process, seconds
  the merged output (tournament/, book.bin or solve.json unless --out says otherwise)

The loop: `poda units JOB --from results --missing` lists what is left (a book's next level
or a solve's second stage appears once the units before it are done), the back end runs it,
and the loop lists again until nothing is missing; then `poda merge`. A stopped job resumes
by running the same command: units whose result exists are not listed again.
"""

import json
import os
import subprocess
import sys
import time

from . import backends

KINDS = ("tournament", "book", "solve")


class JobError(RuntimeError):
    """Something the user must fix (another job in the directory, a bad job, a failed unit)."""


def default_out(job_dir, kind):
    return os.path.join(
        job_dir, {"tournament": "tournament", "book": "book.bin", "solve": "solve.json"}[kind]
    )


def check_job(job_dir, job):
    """Records the job in `job_dir/job.json`, or checks that it is the one there."""
    if not job or job[0] not in KINDS:
        raise JobError(f"the job must start with one of {', '.join(KINDS)}: got {job[:1]}")
    os.makedirs(os.path.join(job_dir, "results"), exist_ok=True)
    path = os.path.join(job_dir, "job.json")
    if os.path.exists(path):
        with open(path) as f:
            saved = json.load(f)["job"]
        if saved != job:
            raise JobError(
                f"{job_dir} holds another job ({' '.join(saved)}); use another --dir"
            )
    else:
        write_atomic(path, json.dumps({"job": job}, indent=1) + "\n")


def remove_stale_temps(results_dir):
    """Temporary files left by a writer that was killed mid-write (the driver's or poda's):
    their result was never renamed into place, so the unit is simply missing."""
    for name in os.listdir(results_dir):
        if name.endswith(".tmp"):
            try:
                os.remove(os.path.join(results_dir, name))
            except OSError:
                pass


def write_atomic(path, text):
    """Whole or absent: written beside, then renamed. (Not synced to disk: that would cost the
    driver about 10 ms a file; after a power loss a damaged result is named by `poda units`,
    and deleting it reruns its unit.)"""
    temp = f"{path}.{os.getpid()}.tmp"
    with open(temp, "w") as f:
        f.write(text)
    os.replace(temp, path)


def list_units(poda, job, results_dir):
    """The units still to run: [(unit line, unit)], and poda's one-line description."""
    proc = subprocess.run(
        [poda, "units", *job, "--from", results_dir, "--missing"],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise JobError(proc.stderr.strip() or "poda units failed")
    units = [(line, json.loads(line)) for line in proc.stdout.splitlines() if line.strip()]
    return units, proc.stderr.strip().removeprefix("poda: ")


class Progress:
    """One status line on stderr: units done of those listed, running, rate and ETA."""

    def __init__(self, quiet):
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.began = time.time()
        self.last = 0.0

    def show(self, stage, done, listed, running, force=False):
        now = time.time()
        if self.quiet or (not force and now - self.last < (0.5 if self.tty else 10)):
            return
        self.last = now
        elapsed = now - self.began
        eta = ""
        if 0 < done < listed:
            eta = f", eta {format_seconds(elapsed / done * (listed - done))}"
        line = (
            f"[{format_seconds(elapsed)}] {done}/{listed} units, {running} running{eta}"
            f"  ({stage})"
        )
        print(("\r" + line[:150].ljust(150)) if self.tty else line, end="" if self.tty else "\n",
              file=sys.stderr, flush=True)

    def end(self):
        if self.tty and not self.quiet:
            print(file=sys.stderr)


def format_seconds(s):
    s = int(s)
    return f"{s // 3600}:{s % 3600 // 60:02}:{s % 60:02}" if s >= 3600 else f"{s // 60}:{s % 60:02}"


def save_returned(results_dir, summary):
    """Writes a unit's files that came back through Ray (times first, then the result, each
    whole or absent)."""
    files = summary.pop("files", {})
    unit_id = summary["id"]
    for name in (f"{unit_id}.times.json", f"{unit_id}.json"):
        if name in files:
            write_atomic(os.path.join(results_dir, name), files[name])


def run_job(args, job):
    """Runs every missing unit of `job` with the back end `args` asks for, then merges."""
    job_dir = args.dir
    check_job(job_dir, job)
    results = os.path.join(job_dir, "results")
    remove_stale_temps(results)
    run_id = f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}"
    if args.local:
        backend = backends.LocalBackend(args.local, args.poda, results, args.trace_dir)
    else:
        backend = backends.RayBackend(
            args.address,
            args.poda,
            workers_poda=args.workers_poda,
            shared_dir=os.path.abspath(results) if args.shared else None,
            cpus=args.cpus_per_unit,
            retries=args.retries,
            memory=args.memory,
            trace_dir=args.trace_dir,
        )
    progress = Progress(args.quiet)
    finished = 0
    try:
        with open(os.path.join(job_dir, "log.jsonl"), "a") as log:
            while True:
                units, stage = list_units(args.poda, job, results)
                if not units:
                    break
                finished += run_units(args, backend, units, stage, results, log, run_id,
                                      progress, finished)
    finally:
        progress.end()
        backend.close()
    return merge(args, job)


def run_units(args, backend, units, stage, results, log, run_id, progress, finished_before):
    """Runs one listing's units, at most `args.in_flight` at a time; returns how many
    finished. Stops at the first unit that failed for good."""
    pending = list(reversed(units))
    running = {}
    finished = 0
    limit = args.in_flight or 4 * backend.slots
    failures = []
    def stopping():
        return args.stop_after is not None and finished_before + finished >= args.stop_after

    while pending or running:
        if stopping():
            backend.cancel(list(running))
            raise JobError(f"stopped after {finished_before + finished} units (--stop-after)")
        while pending and len(running) < limit:
            if args.stop_after is not None and (
                finished_before + finished + len(running) >= args.stop_after
            ):
                break
            line, unit = pending.pop()
            running[backend.submit(line, unit.get("memory_mb", 0))] = unit["id"]
        progress.show(stage, finished, len(units), len(running))
        for handle, outcome in backend.wait(list(running), timeout=1.0):
            unit_id = running.pop(handle)
            if isinstance(outcome, Exception):
                failures.append(f"{unit_id}: {outcome}")
                continue
            if "files" in outcome:
                save_returned(results, outcome)
            outcome["run"] = run_id
            outcome["finished"] = time.time()
            log.write(json.dumps(outcome) + "\n")
            log.flush()
            finished += 1
        if failures:
            backend.cancel(list(running))
            raise JobError(
                f"{len(failures)} unit(s) failed (the others are kept; run the same command "
                f"to resume): {failures[0]}"
            )
    progress.show(stage, finished, len(units), 0, force=True)
    return finished


def merge(args, job):
    """`poda merge` into the output; returns its standard output."""
    kind = job[0]
    out = args.out or default_out(args.dir, kind)
    command = [args.poda, "merge", *job, "--from", os.path.join(args.dir, "results"),
               "--out", out, *(args.merge_arg or [])]
    proc = subprocess.run(command, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise JobError(proc.stderr.strip() or "poda merge failed")
    return proc.stdout


def status(args):
    """How far the job in `args.dir` is."""
    with open(os.path.join(args.dir, "job.json")) as f:
        job = json.load(f)["job"]
    results = os.path.join(args.dir, "results")
    proc = subprocess.run([args.poda, "units", *job, "--from", results],
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise JobError(proc.stderr.strip())
    return f"{' '.join(job)}\n{proc.stderr.strip().removeprefix('poda: ')}"
