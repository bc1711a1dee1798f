#!/usr/bin/env python3
"""Runs a poda job (tournament, book build, solve) on a Ray cluster or on local processes.

    python scripts/cluster/cluster.py run --dir runs/t1 -- \\
        tournament connect4 random greedy "alphabeta(depth=6)" --games-per-pair 100
    python scripts/cluster/cluster.py status --dir runs/t1

Everything after `--` is a job as `poda units` takes it. The same command resumes a stopped
job. See README.md ("On a cluster") and scripts/cluster/podacluster/.
"""

import argparse
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from podacluster import driver  # noqa: E402

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def find_poda(given):
    """The poda binary: --poda, else `poda` on the PATH, else this checkout's release build."""
    if given:
        if not os.access(given, os.X_OK):
            raise driver.JobError(f"--poda {given}: not an executable file")
        return os.path.abspath(given)
    on_path = shutil.which("poda")
    if on_path:
        return on_path
    for profile in ("release", "debug"):
        path = os.path.join(REPO, "target", profile, "poda")
        if os.path.exists(path):
            return path
    raise driver.JobError("no poda binary: give --poda PATH, or cargo install --path crates/cli")


def parse(argv):
    p = argparse.ArgumentParser(
        prog="cluster.py",
        description="Run a poda tournament, book build or solve on a Ray cluster "
        "(or local processes), resumably, and merge the result.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run (or resume) a job and merge it")
    run.add_argument("--dir", required=True, help="the job's directory (results, log, output)")
    where = run.add_mutually_exclusive_group()
    where.add_argument("--address", default="auto",
                       help="Ray cluster to join (default: auto, the one this machine is in)")
    where.add_argument("--local", type=int, metavar="N",
                       help="no Ray: run units on N local processes")
    run.add_argument("--poda", help="the poda binary here (default: poda on PATH, or target/)")
    run.add_argument("--workers-poda", metavar="PATH",
                     help="poda's path on every worker (default: ship this machine's binary "
                          "through Ray, cached once per machine)")
    run.add_argument("--shared", action="store_true",
                     help="workers write results into --dir themselves (a shared filesystem); "
                          "default: results come back through Ray")
    run.add_argument("--cpus-per-unit", type=float, default=1.0, help="Ray CPUs a unit asks for")
    run.add_argument("--no-memory", dest="memory", action="store_false",
                     help="do not ask Ray for each unit's memory (poda's memory_mb)")
    run.add_argument("--retries", type=int, default=3,
                     help="times a unit is retried after a worker dies (default 3)")
    run.add_argument("--in-flight", type=int, default=0,
                     help="units submitted at once (default: 4 per CPU slot)")
    run.add_argument("--out", help="merged output (default: in --dir)")
    run.add_argument("--merge-arg", action="append", metavar="ARG",
                     help="extra argument for poda merge (repeat), e.g. --merge-arg=--json")
    run.add_argument("--stop-after", type=int, help=argparse.SUPPRESS)
    run.add_argument("--trace-dir", help=argparse.SUPPRESS)
    run.add_argument("--quiet", action="store_true", help="no progress line")
    run.add_argument("job", nargs=argparse.REMAINDER,
                     help="-- then the job: tournament|book|solve and its poda arguments")
    st = sub.add_parser("status", help="how far a job is")
    st.add_argument("--dir", required=True)
    st.add_argument("--poda")
    args = p.parse_args(argv)
    if args.command == "run":
        args.job = args.job[1:] if args.job[:1] == ["--"] else args.job
    return args


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    try:
        args.poda = find_poda(args.poda)
        if args.command == "status":
            print(driver.status(args))
        else:
            sys.stdout.write(driver.run_job(args, args.job))
    except driver.JobError as e:
        print(f"cluster: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cluster: interrupted; run the same command to resume", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
