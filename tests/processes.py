"""Every process the tests start, so that none outlives the run.

A test's server, redis-server, dovecot or gateway is started here, in a process group of its
own: stopping it stops the whole group (the bot workers and Lab runs a server started too),
whatever happened before — a start that timed out, a failed assertion, an interrupted run
(`atexit` stops whatever is still registered). Every process started under the tests also
carries a mark in its environment (`RUN_MARK`), inherited by its children and by anything
else the tests launch (a browser), so the end of the run can find and name any process that
is still alive, and fail the run for it (tests/conftest.py).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import secrets
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

RUN_ID = "HACKTABLE_TEST_RUN_ID"
"""One value for the whole run (the pytest process and every xdist worker)."""
RUN_MARK = "HACKTABLE_TEST_RUN"
"""`<run id>:<pid of the pytest process>`: which test process a process was started under."""

os.environ.setdefault(RUN_ID, secrets.token_hex(6))
MARK = f"{os.environ[RUN_ID]}:{os.getpid()}"
os.environ[RUN_MARK] = MARK  # every child inherits it, and their children after them

_running: dict[int, subprocess.Popen[Any]] = {}
"""Started and not yet stopped, by pid (which is also the process group's id)."""
_started_by: dict[int, str] = {}
"""The test that started each process in `_running`, so a leftover names its culprit."""


def start(args: list[str], **options: Any) -> subprocess.Popen[Any]:
    """`subprocess.Popen` in a new session (its own process group), registered for cleanup."""
    process = subprocess.Popen(args, start_new_session=True, **options)
    _running[process.pid] = process
    _started_by[process.pid] = os.environ.get("PYTEST_CURRENT_TEST", "outside any test")
    return process


def stop(process: subprocess.Popen[Any] | None, timeout: float = 10.0) -> None:
    """SIGTERM to the process group, SIGKILL after `timeout` s; then SIGKILL to whatever the
    group still holds (a worker the leader left behind). Safe to call twice."""
    if process is None:
        return
    if process.poll() is None:
        _signal_group(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            _signal_group(process.pid, signal.SIGKILL)
            process.wait()
    _signal_group(process.pid, signal.SIGKILL)
    _running.pop(process.pid, None)
    _started_by.pop(process.pid, None)


def kill(process: subprocess.Popen[Any] | None) -> None:
    """SIGKILL to the whole group at once: no goodbye, as when a machine dies."""
    if process is None:
        return
    _signal_group(process.pid, signal.SIGKILL)
    process.wait()
    _running.pop(process.pid, None)
    _started_by.pop(process.pid, None)


def stop_all() -> list[str]:
    """Stop every process still registered; returns what each was (for the report)."""
    described = [f"{describe(pid)}\n    started by {_started_by.get(pid, '?')}"
                 for pid in _running]
    for process in list(_running.values()):
        stop(process, timeout=5.0)
    return described


def _signal_group(group: int, number: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, number)


def describe(pid: int) -> str:
    """`pid: command line`, as `ps` would show it."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        command = "?"
    return f"{pid}: {command.strip()[:200]}"


def marked(prefix: str) -> list[int]:
    """Live processes (not this one) whose environment has a `RUN_MARK` starting with
    `prefix`. Zombies have no environment left and are not counted: they are dead."""
    wanted = f"{RUN_MARK}={prefix}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if any(item.startswith(wanted) for item in environ.split(b"\0")):
            found.append(int(entry.name))
    return found


HELPERS = (b"multiprocessing.resource_tracker", b"multiprocessing.forkserver")
"""Python's own helper processes, started by the test process itself the first time a test
uses multiprocessing in it: they belong to that process and end with it."""


def own_helper(pid: int) -> bool:
    """A multiprocessing helper of this very process (not a leftover of a test)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
        parent = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return False
    return parent == os.getpid() and any(helper in command for helper in HELPERS)


def survivors(prefix: str, grace: float = 10.0,
              ignore_group: int | None = None) -> list[int]:
    """The marked processes still alive after up to `grace` seconds (a process that was just
    stopped may take a moment to go), less this process's own multiprocessing helpers.
    `ignore_group`: a process group not to count."""
    deadline = time.monotonic() + grace
    while True:
        alive = [pid for pid in marked(prefix) if not own_helper(pid)
                 and (ignore_group is None or _group(pid) != ignore_group)]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.2)


def wait_for_marked(check: Callable[[list[int]], bool], timeout: float = 60.0) -> list[int]:
    """This process's marked processes, once `check` accepts them (bounded wait)."""
    deadline = time.monotonic() + timeout
    while True:
        found = marked(MARK)
        if check(found) or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def _group(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except ProcessLookupError:
        return None


def kill_pids(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


atexit.register(stop_all)
