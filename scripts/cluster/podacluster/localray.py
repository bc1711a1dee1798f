"""A Ray cluster on this machine for tests and measurements: `ray start --head --block` on
127.0.0.1 in its own process group and temporary directory, stopped by killing exactly the
processes it started."""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

RAY = os.path.join(os.path.dirname(sys.executable), "ray")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid):
    """Every process below `pid` (from /proc), children first found, for the teardown."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


class LocalRay:
    """`ray start --head --block` on 127.0.0.1 with `cpus` CPUs (so that many worker
    processes), in its own process group and temporary directory."""

    def __init__(self, cpus=2, niceness=None):
        self.temp = tempfile.mkdtemp(prefix="rp-", dir="/tmp")
        self.address = f"127.0.0.1:{free_port()}"
        self.env = dict(os.environ, RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0")
        if niceness is not None:
            # Ray runs its workers at nice 15 by default: on a machine shared with other
            # work they then get only what others leave (measurements use 0).
            self.env["RAY_worker_niceness"] = str(niceness)
        self.log = open(os.path.join(self.temp, "ray-start.log"), "w")
        self.proc = subprocess.Popen(
            [RAY, "start", "--head", "--block", "--num-cpus", str(cpus),
             "--node-ip-address", "127.0.0.1", "--port", self.address.split(":")[1],
             "--include-dashboard=false", "--disable-usage-stats",
             "--object-store-memory", str(300 * 2**20), "--temp-dir", self.temp],
            stdout=self.log, stderr=subprocess.STDOUT, env=self.env, start_new_session=True)
        deadline = time.time() + 120
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"ray start exited: {self.read_log()}")
            if "Ray runtime started" in self.read_log():
                return
            time.sleep(0.5)
        self.stop()
        raise RuntimeError("Ray did not start within 120 s")

    def read_log(self):
        with open(os.path.join(self.temp, "ray-start.log")) as f:
            return f.read()

    def stop(self):
        """Kills what `ray start` started: its process group, then any descendant left."""
        pids = descendants(self.proc.pid)
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
        for pid in [self.proc.pid, *pids]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait()
        self.log.close()
