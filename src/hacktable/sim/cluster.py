"""`hacktable simulate --cluster`: play the same chunks on a Dask cluster instead of here.

The cluster receives exactly the `play_chunk` calls the local process pool would, through
Dask's `concurrent.futures` executor, and `batch.play_chunks` folds their results in seed
order; so a run gives the same summary, result file and report as a local run with the
same seeds. Dask is an optional extra (`pip install 'hacktable[cluster]'`), imported only
here and only when a cluster is asked for. Every worker must have the same hacktable
installed: it receives the function by name, not its code.
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import Executor
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from hacktable.engine.errors import Rejected

if TYPE_CHECKING:
    from dask.distributed import Client, LocalCluster

INSTALL = "pip install 'hacktable[cluster]'"
CONNECT_TIMEOUT = 5.0
"""Seconds to reach the scheduler, and again for it to have a worker, before giving up."""
LOCAL = "local"
"""The address that starts a cluster on this machine: one single-threaded worker per core."""


def installed_version(package: str) -> str:
    """The version of `package` installed where this runs ("" if none): asked of each worker."""
    try:
        return version(package)
    except PackageNotFoundError:
        return ""


@dataclass
class Cluster:
    """A connected Dask client, the executor the batch submits to, and how many slots it has."""

    client: Client
    address: str
    local: LocalCluster | None = None
    executor: Executor = field(init=False)

    def __post_init__(self) -> None:
        # pure=False: every chunk is its own task, even if an identical one ran before.
        self.executor = self.client.get_executor(pure=False)

    @property
    def slots(self) -> int:
        """Worker threads across the cluster: how many chunks can be played at once."""
        return max(1, sum(self.client.nthreads().values()))

    @property
    def workers(self) -> int:
        """Worker processes on the cluster."""
        return len(self.client.nthreads())

    def close(self) -> None:
        """Disconnect, and stop the cluster if this process started it."""
        self.client.close()
        if self.local is not None:
            self.local.close()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect(address: str, timeout: float = CONNECT_TIMEOUT) -> Cluster:
    """Reach the scheduler at `address` (or start one for "local") and check its workers.

    Raises Rejected with one sentence when Dask is missing, the scheduler cannot be reached
    within `timeout`, it has no worker, or a worker lacks this version of hacktable.
    """
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise Rejected(f"--cluster needs Dask; install it with {INSTALL}.") from None
    if address == LOCAL:
        local = LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1,
                             processes=True, dashboard_address=None)
        cluster = Cluster(Client(local, set_as_default=False), local.scheduler_address, local)
    else:
        try:
            asyncio.run(reach(address, timeout))
        except (OSError, TimeoutError, ValueError) as error:  # refused, timed out, misspelt
            raise Rejected(f"Could not reach a Dask scheduler at {address!r} within "
                           f"{timeout:g} s ({error}).") from None
        except Exception:  # something answered, in another protocol
            raise Rejected(f"Something answered at {address!r}, but not a Dask "
                           "scheduler.") from None
        cluster = Cluster(Client(address, timeout=timeout, set_as_default=False), address)
    try:
        check_workers(cluster.client, cluster.address, timeout)
    except BaseException:
        cluster.close()
        raise
    return cluster


async def reach(address: str, timeout: float) -> None:
    """Open and close one connection to the scheduler.

    A `Client` that fails to connect spends twice its timeout again closing itself when it
    is collected, so the address is tried on its own first: a bad one fails within
    `timeout`. It uses the TLS settings of Dask's configuration, as the client does."""
    from distributed.comm import connect as open_comm
    from distributed.security import Security

    comm = await open_comm(address, timeout=timeout,
                           **Security().get_connection_args("client"))
    await comm.close()


def check_workers(client: Client, address: str, timeout: float) -> None:
    """At least one worker, each with the hacktable version this process runs."""
    try:
        client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        raise Rejected(f"The Dask scheduler at {address!r} has no workers; start some with "
                       f"`dask worker {address}` where hacktable is installed.") from None
    ours = installed_version("hacktable")
    theirs: dict[str, Any] = client.run(installed_version, "hacktable", on_error="return")
    wrong = {worker: found for worker, found in theirs.items() if found != ours}
    if wrong:
        worker, found = sorted(wrong.items())[0]
        has = f"hacktable {found}" if isinstance(found, str) and found else "no hacktable"
        raise Rejected(f"Dask worker {worker} has {has}, not {ours}; install the same "
                       f"version on every worker ({INSTALL}).")
