"""A server whose starter is killed outright (SIGKILL: no cleanup runs) stops by itself
with HACKTABLE_EXIT_WITH_PARENT=1, as every test's server has: a killed test run leaves no
server turning its deadline loop for nobody."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

from tests import processes
from tests.services import Server, TestClock, wait_for

STARTER = textwrap.dedent("""
    import os, subprocess, sys, time
    os.environ["HACKTABLE_PARENT_PID"] = str(os.getpid())
    child = subprocess.Popen(sys.argv[1:])
    print(child.pid, flush=True)
    time.sleep(600)
""")
"""Starts the command it is given, says the child's pid, and waits to be killed."""


def alive(pid: int) -> bool:
    """Running, not a zombie waiting for its parent to read its status."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_server_stops_when_whoever_started_it_is_killed(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'orphan.db'}", TestClock(tmp_path / "clock"))
    env = server.environment()  # a test server's, started by a go-between
    assert server.ready_path is not None
    starter = processes.start([sys.executable, "-c", STARTER, *server.command()], env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert starter.stdout is not None
        pid = int(starter.stdout.readline())
        wait_for(server.ready_path.exists, timeout=120)
        assert alive(pid)
        os.kill(starter.pid, signal.SIGKILL)  # the starter alone, as a crash would
        starter.wait()
        wait_for(lambda: not alive(pid), timeout=30)
    finally:
        processes.stop(starter)


def test_a_server_whose_starter_died_before_it_started_stops_too(tmp_path):
    """The starter says who it is (HACKTABLE_PARENT_PID); a server that finds another parent
    by the time it runs (the starter killed while it was still importing) stops at once."""
    server = Server(f"sqlite:///{tmp_path / 'late.db'}", TestClock(tmp_path / "clock"))
    env = server.environment()
    gone = processes.start([sys.executable, "-c", "pass"])
    processes.stop(gone)  # a process id that is surely not this server's parent any more
    env["HACKTABLE_PARENT_PID"] = str(gone.pid)
    log = tmp_path / "late.log"
    with log.open("wb") as output:
        late = processes.start(server.command(), env=env, stdout=output,
                               stderr=subprocess.STDOUT)
    try:
        late.wait(timeout=120)  # it stops by itself: no signal is sent from here
        assert "is gone; stopping" in log.read_text(), log.read_text()
    finally:
        processes.stop(late)
