"""The tests' own cleanup (tests/processes.py): stopping a process stops everything it
started, and a process that escaped is found by the mark it inherited."""

from __future__ import annotations

import subprocess
import sys

from tests import processes

SHELL_WITH_CHILD = [sys.executable, "-c",
                    "import subprocess, sys, time\n"
                    "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'])\n"
                    "time.sleep(300)\n"]
"""A process that starts a child of its own, as a server starts bot workers."""


def test_stopping_a_process_stops_its_children_too():
    process = processes.start(SHELL_WITH_CHILD)
    # the child shows up once the parent has started it
    children = processes.wait_for_marked(lambda found: len(found) >= 2)
    assert process.pid in children
    processes.stop(process)
    assert processes.survivors(processes.MARK, grace=10) == []


def test_a_process_started_any_other_way_is_still_found_by_its_mark():
    stray = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    try:
        assert stray.pid in processes.wait_for_marked(lambda found: stray.pid in found)
    finally:
        stray.kill()
        stray.wait()
    assert stray.pid not in processes.marked(processes.MARK)
