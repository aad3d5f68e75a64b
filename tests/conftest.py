"""The whole run's guard: nothing a test started may outlive it (see tests/processes.py).

Each test process (the plain pytest process, or each xdist worker) checks at its end that no
process it started is still alive: a leftover is listed, killed, and fails the run as an
error of the last test. The controlling process of an xdist run checks once more after its
workers are gone, for anything a crashed worker left behind.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests import processes
from tests.services import drop_leftover_databases, load_factor

STUCK_SECONDS = 300
"""A test (setup and teardown included) still running after this long on a quiet machine,
stretched by the load, is stuck: pytest-timeout prints every thread's stack and ends its
worker, and the run goes on without it. Never a timing assertion: the longest test takes
about a fifth of it on a quiet machine."""

SLOWEST = Path(__file__).with_name("slowest_files.txt")
"""The longest test files, longest first (scripts/slowest_test_files.py writes it)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest files first, each file's tests kept together and in their order.

    xdist hands whole files to its workers (`--dist loadfile`) in collection order
    (`--no-loadscope-reorder`; its own reordering puts the files with the most tests first,
    which left a long browser file to start last while the other worker sat idle). Files
    not in the list keep their place after those that are."""
    listed = [line.strip() for line in SLOWEST.read_text().splitlines()
              if line.strip() and not line.startswith("#")] if SLOWEST.exists() else []
    rank = {path: place for place, path in enumerate(listed)}
    root = Path(str(config.rootpath))
    place = {id(item): index for index, item in enumerate(items)}

    def key(item: pytest.Item) -> tuple[int, int]:
        path = Path(str(item.path)).relative_to(root).as_posix()
        return rank.get(path, len(rank)), place[id(item)]

    items.sort(key=key)
    bound = round(STUCK_SECONDS * load_factor())
    for item in items:
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(bound))


@pytest.fixture(scope="session", autouse=True)
def nothing_left_running() -> Iterator[None]:
    """Torn down after every other fixture of this process: the last word on leftovers."""
    yield
    forgotten = processes.stop_all()
    left = processes.survivors(processes.MARK)
    described = [processes.describe(pid) for pid in left]
    processes.kill_pids(left)
    problems = []
    if forgotten:
        problems.append("started and never stopped by their test:\n  " + "\n  ".join(forgotten))
    if described:
        problems.append("still running at the end of the run:\n  " + "\n  ".join(described))
    assert not problems, "\n".join(problems)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Once the whole run is over (in xdist's controller, after its workers): this run's
    PostgreSQL databases still there are dropped, and any process of this run outside the
    controller's own group (its workers) is a leftover that fails the run."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    dropped = drop_leftover_databases()
    if dropped and reporter is not None:
        reporter.write_line(f"dropped databases a test left: {', '.join(dropped)}")
    if not session.config.pluginmanager.has_plugin("dsession"):  # the fixture checked
        return
    left = processes.survivors(os.environ[processes.RUN_ID] + ":",
                               ignore_group=os.getpgid(0))
    if not left:
        return
    lines = [processes.describe(pid) for pid in left]
    processes.kill_pids(left)
    if reporter is not None:
        reporter.write_sep("!", "processes left running by the tests (killed now)", red=True)
        for line in lines:
            reporter.write_line(line)
    if session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
