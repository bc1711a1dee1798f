"""Where units run: on this machine's cores (`LocalBackend`, no Ray at all) or as Ray tasks
on a cluster (`RayBackend`). Both take unit lines and hand back poda's summaries; the driver
does the rest, so the two give the same results."""

import concurrent.futures
import hashlib
import os
import tempfile

from . import task


class LocalBackend:
    """Units on `processes` local `poda run-unit` processes, results straight into the
    results directory."""

    def __init__(self, processes, poda, results_dir, trace_dir=None):
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, processes))
        self.poda = poda
        self.results_dir = results_dir
        self.trace_dir = trace_dir
        self.slots = max(1, processes)

    def submit(self, unit_line, memory_mb):
        del memory_mb  # one unit a process: the user chose how many fit
        return self.pool.submit(
            task.run_unit, self.poda, unit_line, self.results_dir, self.trace_dir
        )

    def wait(self, handles, timeout):
        """Handles finished within `timeout` seconds: [(handle, summary or exception)]."""
        done, _ = concurrent.futures.wait(
            handles, timeout=timeout, return_when=concurrent.futures.FIRST_COMPLETED
        )
        out = []
        for h in done:
            try:
                out.append((h, h.result()))
            except Exception as e:  # noqa: BLE001 (reported by the driver)
                out.append((h, e))
        return out

    def cancel(self, handles):
        for h in handles:
            h.cancel()

    def close(self):
        self.pool.shutdown(wait=True, cancel_futures=True)


def _ray_task(binary, unit_line, shared_dir, trace_dir):
    """The Ray task: runs one unit with the poda binary (shipped through the object store
    unless `binary` is a path), into the shared directory or returning the files."""
    if isinstance(binary, str):
        poda = binary
    else:
        ref_holder, sha = binary
        poda = task.cached_binary(ref_holder, sha)
    if shared_dir:
        return task.run_unit(poda, unit_line, shared_dir, trace_dir)
    return task.run_unit_returning(poda, unit_line, trace_dir)


class RayBackend:
    """Units as Ray tasks: `cpus` CPUs and the unit's memory each, retried up to `retries`
    times when a worker dies or poda is killed."""

    def __init__(
        self,
        address,
        poda,
        *,
        workers_poda=None,
        shared_dir=None,
        cpus=1.0,
        retries=3,
        memory=True,
        trace_dir=None,
    ):
        if is_loopback(address):
            # A one-machine cluster started on a loopback address (`ray start --head
            # --node-ip-address 127.0.0.1` with this variable set): without it, Ray would
            # resolve 127.0.0.1 to the machine's network address and not find the head.
            os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
        import ray
        from ray import cloudpickle

        import podacluster

        # Workers need not have this package: its functions travel by value.
        cloudpickle.register_pickle_by_value(podacluster)
        ray.init(address=address, log_to_driver=False, configure_logging=False)
        self.ray = ray
        if workers_poda:
            self.binary = workers_poda
        else:
            with open(poda, "rb") as f:
                data = f.read()
            # A list, so that tasks receive the reference itself and fetch the bytes only on
            # machines that do not have them cached yet.
            self.binary = ([ray.put(data)], hashlib.sha256(data).hexdigest())
        self.shared_dir = shared_dir
        self.trace_dir = trace_dir
        self.memory = memory
        self.remote = ray.remote(_ray_task)
        self.options = {
            "num_cpus": cpus,
            "max_retries": retries,
            "retry_exceptions": [task.PodaKilled],
        }
        self.slots = max(1, int(ray.cluster_resources().get("CPU", 1) / max(cpus, 1e-9)))

    def submit(self, unit_line, memory_mb):
        options = dict(self.options)
        if self.memory and memory_mb:
            options["memory"] = int(memory_mb) * 1024 * 1024
        return self.remote.options(**options).remote(
            self.binary, unit_line, self.shared_dir, self.trace_dir
        )

    def wait(self, handles, timeout):
        ready, _ = self.ray.wait(list(handles), num_returns=1, timeout=timeout)
        if ready:
            # Everything else that is ready too, without waiting.
            more, _ = self.ray.wait(list(handles), num_returns=len(handles), timeout=0)
            ready = list(dict.fromkeys(ready + more))
        out = []
        for ref in ready:
            try:
                out.append((ref, self.ray.get(ref)))
            except Exception as e:  # noqa: BLE001 (reported by the driver)
                out.append((ref, e))
        return out

    def cancel(self, handles):
        for ref in handles:
            try:
                self.ray.cancel(ref, force=True)
            except Exception:  # noqa: BLE001 (already finished or gone)
                pass

    def close(self):
        self.ray.shutdown()


def is_loopback(address):
    """Whether a Ray address (host:port, or "auto": the cluster this machine last started or
    joined) is on the loopback interface."""
    if address in (None, "auto"):
        current = os.path.join(tempfile.gettempdir(), "ray", "ray_current_cluster")
        try:
            with open(current) as f:
                address = f.read().strip()
        except OSError:
            return False
    host = address.split("://")[-1].rsplit(":", 1)[0].strip("[]")
    return host in ("localhost", "::1") or host.startswith("127.")
