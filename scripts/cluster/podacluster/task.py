"""What runs on a worker: one unit, by the `poda` binary (`poda run-unit`).

Used by both back ends: the local one calls `run_unit` in a thread, Ray runs it as a task on
any machine of the cluster. Nothing here imports Ray.
"""

import ctypes
import hashlib
import json
import os
import signal
import socket
import subprocess
import tempfile
import time

# prctl(2) option that has the kernel signal a child when its parent dies (Linux).
PR_SET_PDEATHSIG = 1


class PodaKilled(RuntimeError):
    """`poda run-unit` was killed by a signal (out of memory, a machine going down): the unit
    is worth another try, unlike a unit that poda refused."""


class UnitFailed(RuntimeError):
    """`poda run-unit` refused the unit or failed: trying again would fail again."""


def _die_with_parent():
    """In the child, before exec: be killed when the worker that started us dies, so a
    killed worker leaves no `poda` running on (the retry runs the unit again)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: the child may outlive a killed worker, nothing worse


def run_unit(poda, unit_line, out_dir, trace_dir=None):
    """Runs one unit (its JSON line) with the binary `poda`, writing its result into
    `out_dir`; returns poda's summary (id, skipped, seconds, items, nodes) plus where and
    how long. Raises PodaKilled or UnitFailed."""
    unit_id = json.loads(unit_line)["id"]
    started = time.time()
    if trace_dir:
        # For tests and monitoring: which process runs which unit, one file per attempt.
        os.makedirs(trace_dir, exist_ok=True)
        name = f"{unit_id}.{os.getpid()}.{time.time_ns()}.start"
        with open(os.path.join(trace_dir, name), "w") as f:
            f.write(socket.gethostname() + "\n")
    proc = subprocess.run(
        [poda, "run-unit", "-", "--out", out_dir],
        input=unit_line + "\n",
        capture_output=True,
        text=True,
        preexec_fn=_die_with_parent,
        check=False,
    )
    if proc.returncode < 0:
        raise PodaKilled(f"unit {unit_id}: poda was killed by signal {-proc.returncode}")
    if proc.returncode != 0:
        raise UnitFailed(f"unit {unit_id}: {proc.stderr.strip() or 'poda failed'}")
    lines = [l for l in proc.stdout.splitlines() if l.strip()]
    summary = json.loads(lines[-1])
    summary["host"] = socket.gethostname()
    summary["pid"] = os.getpid()
    summary["wall"] = time.time() - started
    return summary


def run_unit_returning(poda, unit_line, trace_dir=None):
    """Runs one unit into a temporary directory and returns its files' text with the
    summary: for clusters without a shared filesystem (the driver writes the files)."""
    with tempfile.TemporaryDirectory(prefix="poda-unit-") as tmp:
        summary = run_unit(poda, unit_line, tmp, trace_dir)
        unit_id = summary["id"]
        files = {}
        for name in (f"{unit_id}.times.json", f"{unit_id}.json"):
            path = os.path.join(tmp, name)
            if os.path.exists(path):
                with open(path) as f:
                    files[name] = f.read()
        summary["files"] = files
        return summary


def cached_binary(data_ref_holder, sha, cache_root=None):
    """The poda binary on this machine: `cache_root/<sha>/poda`, fetched once per machine
    from the object store (`data_ref_holder[0]` is the reference, wrapped in a list so Ray
    does not fetch it for every task)."""
    root = cache_root or os.path.join(tempfile.gettempdir(), f"poda-cluster-{os.getuid()}")
    path = os.path.join(root, sha, "poda")
    if os.path.exists(path):
        return path
    import ray  # only on Ray workers

    data = ray.get(data_ref_holder[0])
    if hashlib.sha256(data).hexdigest() != sha:
        raise UnitFailed("the poda binary arrived damaged")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    temp = f"{path}.{os.getpid()}.tmp"
    with open(temp, "wb") as f:
        f.write(data)
    os.chmod(temp, 0o755)
    os.replace(temp, path)
    return path
