"""A hung Redis must not freeze a match: two processes on PostgreSQL with their own Redis,
which the test stops with SIGSTOP (the process is alive, its sockets open, nothing answers),
as a swapped-out or wedged Redis behaves.

Moves, views, host controls and deadlines keep working through either process; players on
the other process learn of moves through catch-up polling; when Redis runs again, fan-out
resumes. Every wait is bounded (the HTTP client gives up after `PATIENCE` seconds): before
the fix a move hung for as long as Redis did, so these requests failed.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
from collections.abc import Iterator

import httpx
from tests import processes
from tests.server.process_helpers import NAMES, Watcher, assert_quiet, host_token, running
from tests.services import TestClock, free_port, missing, open_table, postgres_database, wait_for

ROUND_MINUTES = 30
PATIENCE = 10.0
"""Seconds a request may take before the test calls the table frozen (a bound, not a
measurement: a healthy request takes milliseconds)."""


@contextlib.contextmanager
def own_redis(tmp_path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Redis of this test's own, so stopping it disturbs nobody else."""
    server = shutil.which("redis-server")
    if server is None:
        missing("redis-server is not installed, so no Redis can be stopped for this test")
    port = free_port()
    process = processes.start([server, "--port", str(port), "--bind", "127.0.0.1",
                               "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        import redis

        wait_for(lambda: _pings(redis, port), timeout=10)
        yield f"redis://127.0.0.1:{port}/0", process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGCONT)
        processes.stop(process)


def _pings(redis, port: int) -> bool:
    try:
        return bool(redis.Redis(port=port, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def patient(base: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"},
                        timeout=PATIENCE)


def test_a_stopped_redis_freezes_no_match(tmp_path):
    clock = TestClock(tmp_path / "clock")
    with (own_redis(tmp_path) as (redis_url, redis_process), postgres_database() as url,
          running(url, clock, 2, redis_url) as (one, two)):
        # rounds far longer than the test, so on a loaded machine real time never closes
        # one: only the test's clock does
        table = open_table(one.url, NAMES[:4], {"round_minutes": ROUND_MINUTES, "rounds": 3},
                           referee=True)
        code = table.code
        ada, bruno = patient(one.url, table.tokens[0]), patient(two.url, table.tokens[1])
        host = patient(one.url, host_token(table))
        with (Watcher(one.url, code, table.tokens[2]) as near,
              Watcher(two.url, code, table.tokens[3]) as far):
            started = near.wait(lambda m: True)["seq"]
            far.wait(lambda m: m["seq"] == started)

            os.kill(redis_process.pid, signal.SIGSTOP)
            # moves through either process are acknowledged while Redis hangs
            first = ada.post(f"/api/matches/{code}/act",
                             json={"text": f"invest 1111 {NAMES[1]}"})
            assert first.status_code == 200, first.text
            second = bruno.post(f"/api/matches/{code}/act",
                                json={"text": f"invest 2222 {NAMES[0]}"})
            assert second.status_code == 200, second.text
            # reads and host controls on the same match answer too
            assert ada.get(f"/api/matches/{code}/view").status_code == 200
            extended = host.post(f"/api/matches/{code}/host/extend", json={"seconds": 30})
            assert extended.status_code == 200, extended.text
            # both processes' watchers learn of every move they may know of (the far one
            # by polling): here the host's extension, which everyone is told of
            near.wait(lambda m: m["seq"] >= started + 1)
            far.wait(lambda m: m["seq"] >= started + 1)
            # and the deadline still closes the round, once
            clock.advance(ROUND_MINUTES * 60 + 30 + 1)
            near.wait(lambda m: m["view"]["round"] == 2)
            far.wait(lambda m: m["view"]["round"] == 2)
            # and a publish of the near process's has given up on the stopped Redis: on a
            # loaded machine all of the above can pass before its first one times out, and
            # a Redis woken before then answers it late, so there is nothing to resume
            wait_for(lambda: "could not publish to Redis" in one.log(), timeout=10)

            os.kill(redis_process.pid, signal.SIGCONT)
            # Redis is back: fan-out resumes by itself (the first publish after it says so)
            amounts = iter(range(3000, 4000))

            def resumed() -> bool:
                moved = ada.post(f"/api/matches/{code}/act",
                                 json={"text": f"invest {next(amounts)} {NAMES[1]}"})
                assert moved.status_code == 200, moved.text
                return "fan-out resumed" in one.log()

            wait_for(resumed, timeout=20, interval=0.5)
            with Watcher(two.url, code, host_token(table), as_host=True) as book:
                moved = ada.post(f"/api/matches/{code}/act",
                                 json={"text": f"invest 4444 {NAMES[1]}"})
                assert moved.status_code == 200, moved.text
                # its first screen may come before process two heard of Ada's orders at all
                book.wait(lambda m: (m["view"]["state"]["orders"][0] or [{}])[0].get("amount")
                          == 4444)
        log = host.get(f"/api/matches/{code}/log").json()["log"]
        assert [e["kind"] for e in log].count("timeout") == 1
    assert_quiet(one, two)
