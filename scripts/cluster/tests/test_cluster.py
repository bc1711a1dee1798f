"""The cluster driver on a real Ray cluster started by the test on this machine (loopback
addresses, two worker processes), against the single-machine commands:

- a tournament of time-independent agents gives the records and reports of `poda tournament`;
- a small Connect 4 book build gives the book file of `poda book`, byte for byte;
- Kalah(4,4) split at ply 4 gives the value and move scores of `poda solve`;
- a worker killed in the middle of a unit: the unit is run again, nothing is lost and no
  unit's result is recorded twice;
- a driver killed in the middle: the same command resumes, without redoing finished units;
- the same job on local processes without Ray gives the same result.

Run: `.venv/bin/python -m unittest discover -s scripts/cluster/tests -v` with PODA set to a
built poda binary (scripts/cluster/test.sh does all of it). The cluster is stopped at the end
by killing the processes it started, and only those.
"""

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
CLUSTER = os.path.join(REPO, "scripts", "cluster", "cluster.py")
PODA = os.environ.get("PODA", os.path.join(REPO, "target", "release", "poda"))
PY = sys.executable
sys.path.insert(0, os.path.join(REPO, "scripts", "cluster"))
from podacluster.localray import LocalRay, descendants  # noqa: E402

TOURNAMENT = ["tournament", "connect4", "alphabeta(depth=6)", "engine(depth=9)",
              "minimax(depth=4)", "--games-per-pair", "4", "--seed", "3"]
BOOK = ["book", "connect4", "--root", "274552224131661", "--root", "5455174361263362",
        "--depth", "21", "--full-depth=-1", "--probe-nodes", "5000", "--probe-tt", "4",
        "--tt", "16", "--from-scratch"]
KALAH = ["solve", "kalah(pits=4,seeds=4)", "", "--split-ply", "4", "--tt", "16",
         "--endgame", "8", "--leaves-per-unit", "4"]


def run_cluster(args, job, check=True, **kw):
    proc = subprocess.run([PY, CLUSTER, "run", "--poda", PODA, "--quiet", *args, "--", *job],
                          capture_output=True, text=True, **kw)
    if check and proc.returncode != 0:
        raise AssertionError(f"cluster.py failed: {proc.stderr}")
    return proc


def poda(*args):
    proc = subprocess.run([PODA, *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise AssertionError(f"poda {' '.join(args)}: {proc.stderr}")
    return proc.stdout


def log_lines(job_dir):
    with open(os.path.join(job_dir, "log.jsonl")) as f:
        return [json.loads(line) for line in f if line.strip()]


def records_without_times(path):
    with open(path) as f:
        out = [json.loads(line) for line in f]
    for r in out:
        del r["time_ms"]
    return out


def slow_poda(directory, delay=1.5):
    """A `poda` that waits `delay` seconds before it starts the real binary (a shell script
    named `poda`, shipped to the workers like the binary). The two kill tests use it so
    that every unit is certainly still running when they kill it: on a fast machine a unit
    of TOURNAMENT takes a few milliseconds, too short to be caught (a CI run caught none).
    The results are the real binary's."""
    path = os.path.join(directory, "poda")
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\nsleep {delay}\nexec {shlex.quote(PODA)} \"$@\"\n")
    os.chmod(path, 0o755)
    return path


def unit_count(job, results):
    proc = subprocess.run([PODA, "units", *job, "--from", results],
                          capture_output=True, text=True, check=True)
    return len(proc.stdout.splitlines())


class OnRay(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ray = LocalRay(cpus=2)
        cls.tmp = tempfile.mkdtemp(prefix="poda-cluster-test-")
        os.makedirs(os.path.join(cls.tmp, "slow"))
        cls.slow = slow_poda(os.path.join(cls.tmp, "slow"))
        cls.kalah_single = json.loads(
            poda("solve", "kalah(pits=4,seeds=4)", "", "--analyze", "--json"))

    @classmethod
    def tearDownClass(cls):
        cls.ray.stop()
        shutil.rmtree(cls.tmp, ignore_errors=True)
        shutil.rmtree(cls.ray.temp, ignore_errors=True)

    def on_ray(self, name, job, *extra, check=True):
        job_dir = os.path.join(self.tmp, name)
        proc = run_cluster(["--dir", job_dir, "--address", self.ray.address, *extra], job,
                           check=check, env=self.ray.env)
        return job_dir, proc

    def single_tournament(self):
        """`poda tournament` on this machine (played once for the tests that need it)."""
        single = os.path.join(self.tmp, "tournament-single")
        if not os.path.exists(os.path.join(single, "report.md")):
            poda(*TOURNAMENT, "--quiet", "--out", single)
        return single

    def assert_kalah_exact(self, job_dir):
        with open(os.path.join(job_dir, "solve.json")) as f:
            answer = json.load(f)
        for key in ("score", "best", "analysis"):
            self.assertEqual(answer[key], self.kalah_single[key], key)

    def assert_each_unit_once(self, job_dir, job):
        logged = [line["id"] for line in log_lines(job_dir)]
        self.assertEqual(len(logged), len(set(logged)), "a unit was recorded twice")
        results = os.path.join(job_dir, "results")
        total = unit_count(job, results)
        self.assertEqual(len(logged), total)
        names = [n for n in os.listdir(results) if n.endswith(".json")
                 and not n.endswith(".times.json")]
        self.assertEqual(len(names), total)
        self.assertFalse([n for n in os.listdir(results) if n.endswith(".tmp")])

    def test_tournament_equals_the_single_machine_run(self):
        single = self.single_tournament()
        job_dir, _ = self.on_ray("tournament", TOURNAMENT)
        merged = os.path.join(job_dir, "tournament")
        for name in ("tournament.json", "report.md", "report.json", "ratings.svg"):
            with open(os.path.join(single, name), "rb") as a, \
                    open(os.path.join(merged, name), "rb") as b:
                self.assertEqual(a.read(), b.read(), name)
        self.assertEqual(records_without_times(os.path.join(single, "games.jsonl")),
                         records_without_times(os.path.join(merged, "games.jsonl")))
        self.assert_each_unit_once(job_dir, TOURNAMENT)
        # The work was spread over both worker processes.
        self.assertGreaterEqual(len({line["pid"] for line in log_lines(job_dir)}), 2)

    def test_book_build_gives_the_same_book_file(self):
        single = os.path.join(self.tmp, "book-single.bin")
        poda(*BOOK, "--partial", os.path.join(self.tmp, "book-single.partial"),
             "--out", single)
        job = BOOK + ["--nodes-per-unit", "2"]
        job_dir, _ = self.on_ray("book", job)
        with open(single, "rb") as a, open(os.path.join(job_dir, "book.bin"), "rb") as b:
            book = a.read()
            self.assertGreater(len(book), 8 * 40)
            self.assertEqual(book, b.read())
        self.assert_each_unit_once(job_dir, job)

    def test_kalah_44_split_at_ply_4_and_without_ray(self):
        job_dir, _ = self.on_ray("kalah", KALAH)
        self.assert_kalah_exact(job_dir)
        self.assert_each_unit_once(job_dir, KALAH)
        # The same job on local processes, no Ray at all: the same answer, the same results.
        local = os.path.join(self.tmp, "kalah-local")
        run_cluster(["--dir", local, "--local", "2"], KALAH)
        self.assert_kalah_exact(local)
        with open(os.path.join(job_dir, "solve.json")) as a, \
                open(os.path.join(local, "solve.json")) as b:
            self.assertEqual(a.read(), b.read())
        results = os.path.join(job_dir, "results")
        for name in os.listdir(results):
            if not name.endswith(".times.json"):
                with open(os.path.join(results, name), "rb") as a, \
                        open(os.path.join(local, "results", name), "rb") as b:
                    self.assertEqual(a.read(), b.read(), name)

    def test_a_killed_worker_loses_nothing_and_repeats_no_result(self):
        job = TOURNAMENT + ["--rounds-per-unit", "2"]
        job_dir = os.path.join(self.tmp, "killed-worker")
        trace = os.path.join(self.tmp, "killed-worker-trace")
        driver = subprocess.Popen(
            [PY, CLUSTER, "run", "--poda", self.slow, "--quiet", "--dir", job_dir,
             "--address", self.ray.address, "--trace-dir", trace, "--", *job],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.ray.env)
        killed = kill_a_running_unit(trace, os.path.join(job_dir, "results"), driver)
        out, err = driver.communicate(timeout=600)
        self.assertEqual(driver.returncode, 0, err)
        self.assertIsNotNone(killed, "no unit was caught running")
        starts = [n for n in os.listdir(trace) if n.startswith(killed + ".")]
        self.assertGreaterEqual(len(starts), 2, f"{killed} was not run again")
        self.assert_each_unit_once(job_dir, job)
        single = self.single_tournament()
        self.assertEqual(records_without_times(os.path.join(single, "games.jsonl")),
                         records_without_times(os.path.join(job_dir, "tournament",
                                                            "games.jsonl")))

    def test_a_killed_poda_is_run_again(self):
        """A `poda` killed under a live worker (as the kernel's out-of-memory killer would):
        the task fails as killed and Ray runs the unit again."""
        job_dir = os.path.join(self.tmp, "killed-poda")
        trace = os.path.join(self.tmp, "killed-poda-trace")
        driver = subprocess.Popen(
            [PY, CLUSTER, "run", "--poda", self.slow, "--quiet", "--dir", job_dir,
             "--address", self.ray.address, "--trace-dir", trace, "--", *TOURNAMENT],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.ray.env)
        killed = None
        deadline = time.time() + 300
        while killed is None and time.time() < deadline and driver.poll() is None:
            for pid in descendants(self.ray.proc.pid):
                try:
                    with open(f"/proc/{pid}/cmdline") as f:
                        command = f.read().split("\0")
                except OSError:
                    continue
                # Workers run the program shipped to them (cached under /tmp), here the
                # slow wrapper: `/bin/sh .../poda run-unit ...` while it waits.
                if command[0] == "/bin/sh" and os.path.basename(command[1]) == "poda" \
                        and command[2:3] == ["run-unit"]:
                    os.kill(pid, signal.SIGKILL)
                    killed = pid
                    break
            time.sleep(0.05)
        _, err = driver.communicate(timeout=600)
        self.assertEqual(driver.returncode, 0, err)
        self.assertIsNotNone(killed, "no poda was caught running")
        counts = {}
        for name in os.listdir(trace):
            counts[name.split(".")[0]] = counts.get(name.split(".")[0], 0) + 1
        self.assertTrue(any(n >= 2 for n in counts.values()), counts)
        self.assert_each_unit_once(job_dir, TOURNAMENT)
        self.assertEqual(
            records_without_times(os.path.join(self.single_tournament(), "games.jsonl")),
            records_without_times(os.path.join(job_dir, "tournament", "games.jsonl")))

    def test_a_stopped_job_resumes_without_redoing_units(self):
        job = KALAH[:-1] + ["1"]  # one leaf a unit: many units
        job_dir = os.path.join(self.tmp, "resumed")
        driver = subprocess.Popen(
            [PY, CLUSTER, "run", "--poda", PODA, "--quiet", "--dir", job_dir,
             "--address", self.ray.address, "--", *job],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.ray.env)
        log = os.path.join(job_dir, "log.jsonl")
        deadline = time.time() + 300
        while time.time() < deadline and driver.poll() is None:
            if os.path.exists(log) and len(log_lines(job_dir)) >= 20:
                break
            time.sleep(0.1)
        driver.kill()
        driver.wait()
        first = log_lines(job_dir)
        total = unit_count(job, os.path.join(job_dir, "results"))
        self.assertTrue(20 <= len(first) < total, (len(first), total))
        # The same command finishes the job and runs only what was missing.
        self.on_ray("resumed", job)
        lines = log_lines(job_dir)
        runs = {line["run"] for line in lines}
        self.assertEqual(len(runs), 2)
        again = {line["id"] for line in lines[len(first):]}
        self.assertFalse(again & {line["id"] for line in first})
        self.assert_each_unit_once(job_dir, job)
        self.assert_kalah_exact(job_dir)
        # A third run has nothing to do and merges the same answer.
        self.on_ray("resumed", job)
        self.assertEqual(len(log_lines(job_dir)), len(lines))
        self.assert_kalah_exact(job_dir)


def kill_a_running_unit(trace, results, driver, timeout=300):
    """Waits until a worker has been on a unit for a while (its latest start file is old and
    the unit has no result yet) and kills that worker process (SIGKILL); returns the unit's
    id (None if none was caught before the driver ended). Workers run units one after
    another, so a worker's latest start file names the unit it is running."""
    deadline = time.time() + timeout
    while time.time() < deadline and driver.poll() is None:
        latest = {}
        for name in os.listdir(trace) if os.path.isdir(trace) else []:
            unit_id, pid, stamp, _ = name.split(".")
            if int(stamp) > latest.get(pid, (0, ""))[0]:
                latest[pid] = (int(stamp), unit_id)
        for pid, (stamp, unit_id) in sorted(latest.items()):
            done = os.path.exists(os.path.join(results, f"{unit_id}.json"))
            if time.time() - stamp / 1e9 > 0.5 and not done:
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except ProcessLookupError:
                    continue
                return unit_id
        time.sleep(0.05)
    return None


if __name__ == "__main__":
    unittest.main()
