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
    before = set(processes.marked(processes.MARK))  # whatever else this process runs
    process = processes.start(SHELL_WITH_CHILD)
    # the child shows up once the parent has started it
    found = processes.wait_for_marked(lambda found: len(set(found) - before) >= 2)
    ours = set(found) - before
    assert process.pid in ours and len(ours) == 2
    processes.stop(process)
    processes.wait_for_marked(lambda found: not ours & set(found), timeout=10)
    assert not ours & set(processes.marked(processes.MARK))


def test_a_process_started_any_other_way_is_still_found_by_its_mark():
    stray = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    try:
        assert stray.pid in processes.wait_for_marked(lambda found: stray.pid in found)
    finally:
        stray.kill()
        stray.wait()
    assert stray.pid not in processes.marked(processes.MARK)
