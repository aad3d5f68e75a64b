"""Real services for the tests: PostgreSQL databases, Redis, and hacktable server processes.

PostgreSQL and Redis must run on loopback (`.ci/run` starts them). Where one is missing,
its tests skip with the reason, unless HACKTABLE_REQUIRE_SERVICES=1 (as in CI) makes the
absence a failure.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests import processes

POSTGRES_ADMIN = os.environ.get("HACKTABLE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("HACKTABLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


def missing(reason: str) -> None:
    if os.environ.get("HACKTABLE_REQUIRE_SERVICES") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh, empty PostgreSQL database, dropped afterwards; yields its URL."""
    import psycopg

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    name = f"{DATABASE_PREFIX}{worker}_{secrets.token_hex(4)}"
    try:
        admin = psycopg.connect(POSTGRES_ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        missing(f"PostgreSQL is not reachable at {POSTGRES_ADMIN}: {error}")
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = POSTGRES_ADMIN.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


DATABASE_PREFIX = f"hacktable_test_{os.environ[processes.RUN_ID]}_"
"""Every database this run creates is named so (then the worker, then a random part)."""


def drop_leftover_databases() -> list[str]:
    """Drop this run's databases that are still there (a test process killed before its
    cleanup); returns their names. Nothing to do where PostgreSQL is not running."""
    import psycopg

    try:
        admin = psycopg.connect(POSTGRES_ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError:
        return []
    with admin:
        names = [row[0] for row in admin.execute(
            "SELECT datname FROM pg_database WHERE starts_with(datname, %s)",
            (DATABASE_PREFIX,))]
        for name in names:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    return names


def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
    except redis.RedisError as error:
        missing(f"Redis is not reachable at {REDIS_URL}: {error}")
    return REDIS_URL


READY_SECONDS = 120.0
"""Seconds a server may take to get ready on a quiet machine: importing the app alone takes
seconds of processor time, and a machine running other suites beside the tests gives it a
fraction of a processor."""
PORT_TRIES = 3
REDIS_PREFIX = f"hacktable:test:{processes.MARK}:"
"""This test process's Redis keys and channels, apart from those of a run beside it."""


class PortTaken(RuntimeError):
    """The server could not listen: the port chosen was taken meanwhile."""


def ready_budget(least: float = READY_SECONDS) -> float:
    """`least` seconds, stretched by the load: a machine running more than one job per
    processor shares each processor out, and every start takes that much longer."""
    return max(least, READY_SECONDS) * load_factor()


def await_ready(process: subprocess.Popen[Any], ready_path: Path, url: str,
                log: Callable[[], str], timeout: float = READY_SECONDS) -> None:
    """Wait for a server's ready file (written once it has imported, opened its database and
    started its loops: HACKTABLE_READY_FILE), then for its first answer at `url`. The budget
    grows with the machine's load, so a busy machine is slow, not failing; a process that
    exits or never gets ready fails with the end of its log and the load."""
    budget = ready_budget(timeout)
    deadline = time.monotonic() + budget

    def check_alive() -> None:
        if process.poll() is None:
            return
        if "address already in use" in log().lower():
            raise PortTaken(log())
        raise RuntimeError(why(f"server exited with {process.returncode}", log()))

    pause = 0.05
    while not ready_path.exists():
        check_alive()
        if time.monotonic() > deadline:
            raise RuntimeError(why(f"server not ready after {budget:.0f} s", log()))
        time.sleep(pause)
        pause = min(pause * 1.5, 0.5)
    while True:
        check_alive()
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/games", timeout=10).status_code == 200:
                return
        if time.monotonic() > deadline:
            raise RuntimeError(why(f"server ready but not answering after {budget:.0f} s",
                                   log()))
        time.sleep(0.1)


def why(what: str, log: str) -> str:
    """A failed start, explained: what went wrong, the machine's load, the log's end."""
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    return f"{what} (load average {load}); its log ends:\n{log[-4000:] or '(empty)'}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_offset() -> float:
    """0, or with `HACKTABLE_TEST_CLOCK_AT` (an ISO time, "2026-12-31T23:59:58Z"), the
    offset that puts a new test clock at that instant: a run can start every test's
    servers just before a minute, a day or a year turns, to show that no comparison
    depends on when it runs."""
    at = os.environ.get("HACKTABLE_TEST_CLOCK_AT")
    if not at:
        return 0.0
    moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp() - time.time()


class TestClock:
    """Moves the clock of every server process sharing its file."""

    __test__ = False

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = start_offset()
        self._written = 0
        path.write_text(repr(self.offset))

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        self._write(repr(self.offset))

    def stand_still(self, at: float) -> None:
        """Stop every sharing process's clock at `at` (seconds since the epoch) until
        `go_on`: what it renders from the clock no longer depends on when the test runs."""
        self._write(f"@{at!r}")

    def go_on(self) -> None:
        """Back to the system clock plus the offset."""
        self._write(repr(self.offset))

    def _write(self, text: str) -> None:
        """Write, with a modification time later than the last write's: the servers look
        for a new one (and a new size), and two quick writes of one length could share a
        coarse file-system time."""
        self.path.write_text(text)
        self._written = max(time.time_ns(), self._written + 1_000_000)
        os.utime(self.path, ns=(self._written, self._written))


@dataclass
class Server:
    """A real `uvicorn` process serving hacktable."""

    database_url: str
    clock: TestClock
    redis_url: str | None = None
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    ready_path: Path | None = None
    env: dict[str, str] = field(default_factory=dict)
    """Extra environment for the process (overrides the tests' defaults)."""
    bind: str = "127.0.0.1"
    """The address to listen on (0.0.0.0: every interface, as for a table friends join)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = READY_SECONDS) -> Server:
        """Start the process and wait until it answers (see `wait_until_ready`).

        `timeout` is the least budget on a quiet machine; a loaded machine gets more."""
        for _ in range(PORT_TRIES):
            self._launch()
            try:
                return self.wait_until_ready(timeout)
            except PortTaken:  # another test process took the free port first: a new one
                self.stop()
                self.port = free_port()
        raise RuntimeError(f"no free port after {PORT_TRIES} tries: {self.log()}")

    def _launch(self) -> None:
        env = self.environment()
        assert self.log_path is not None and self.ready_path is not None
        self.ready_path.unlink(missing_ok=True)
        with self.log_path.open("ab") as log:
            self.process = processes.start(self.command(), env=env, stdout=log,
                                           stderr=subprocess.STDOUT)

    def command(self) -> list[str]:
        return [sys.executable, "-m", "uvicorn", "--factory", "hacktable.site:app_from_env",
                "--host", self.bind, "--port", str(self.port), "--log-level", "warning"]

    def environment(self) -> dict[str, str]:
        """The process's environment; names its log and ready files (`log_path`,
        `ready_path`) after the port."""
        env = dict(os.environ, HACKTABLE_DATABASE_URL=self.database_url,
                   HACKTABLE_CLOCK_FILE=str(self.clock.path), HACKTABLE_TICK="0.05",
                   HACKTABLE_LOOKUP_MISSES_PER_HOUR="0", HACKTABLE_CREATES_PER_HOUR="0",
                   HACKTABLE_JOINS_PER_HOUR="0",
                   HACKTABLE_REDIS_PREFIX=REDIS_PREFIX, HACKTABLE_EXIT_WITH_PARENT="1",
                   HACKTABLE_PARENT_PID=str(os.getpid()))
        env.update(self.env)  # tests of the limits set their own
        if self.redis_url:
            env["HACKTABLE_REDIS_URL"] = self.redis_url
        else:
            env.pop("HACKTABLE_REDIS_URL", None)
        self.log_path = self.clock.path.with_name(f"server-{self.port}.log")
        self.ready_path = self.clock.path.with_name(f"server-{self.port}.ready")
        env["HACKTABLE_READY_FILE"] = str(self.ready_path)
        return env

    def wait_until_ready(self, timeout: float = READY_SECONDS) -> Server:
        """Wait until the process answers (`await_ready`); stop it where it does not."""
        assert self.process is not None and self.ready_path is not None
        try:
            await_ready(self.process, self.ready_path, self.url, self.log, timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path and self.log_path.exists() else ""

    def stop(self) -> None:
        processes.stop(self.process)

    def kill(self) -> None:
        """`kill -9`: no goodbye, no flushing, nothing."""
        processes.kill(self.process)


class Api:
    """A thin client for the tests: each seat is a separate client with its own cookies."""

    def __init__(self, base: str, token: str | None = None) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.Client(base_url=base, headers=headers, timeout=15)

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return self.http.get(path, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> httpx.Response:
        return self.http.post(path, json=body, **kw)

    def ok(self, method: str, path: str, body: Any = None) -> Any:
        response = self.http.request(method, path, json=body)
        assert response.status_code < 300, (response.status_code, response.text)
        return response.json()


@dataclass
class Table:
    """A started match: its code, the host's client and one client per human seat."""

    code: str
    host: Api
    seats: dict[int, Api]
    tokens: dict[int, str]


def open_table(base: str, names: list[str | None], options: dict[str, Any] | None = None,
               start: bool = True, game: str = "rexfurum", referee: bool = False) -> Table:
    """Create a match; seats named in `names` are taken by people, None seats by bots.
    `referee`: the host referees (sees the gamemaster's view) rather than plays."""
    anonymous = Api(base)
    bots = {str(i): "loyal" for i, name in enumerate(names) if name is None}
    created = anonymous.ok("POST", "/api/matches", {"game": game, "seats": len(names),
                                                    "options": options or {}, "bots": bots,
                                                    "referee": referee})
    host = Api(base, created["host_token"])
    seats, tokens = {}, {}
    for seat, name in enumerate(names):
        if name is not None:
            joined = Api(base).ok("POST", f"/api/matches/{created['code']}/join",
                                  {"seat": seat, "name": name})
            tokens[seat] = joined["token"]
            seats[seat] = Api(base, joined["token"])
    if start:
        host.ok("POST", f"/api/matches/{created['code']}/host/start")
    return Table(created["code"], host, seats, tokens)


def load_factor() -> float:
    """How many times slower than on a quiet machine things may go now: the load per
    processor (at least 1, at most 5). Every bound a test waits on is stretched by it."""
    busy = os.getloadavg()[0] / (os.cpu_count() or 1)
    return min(max(1.0, busy), 5.0)


def wait_for(check: Any, timeout: float = 10.0, interval: float = 0.05) -> Any:
    """Poll until `check()` returns something truthy (servers act in the background).
    `timeout` is a bound on a quiet machine, stretched by the load (`load_factor`)."""
    deadline = time.monotonic() + timeout * load_factor()
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {check}")
        time.sleep(interval)
