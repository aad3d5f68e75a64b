"""Real services for the tests: PostgreSQL databases, Redis, and hacktable server processes.

PostgreSQL and Redis must run on loopback (`.ci/run` starts them). Where one is missing,
its tests skip with the reason, unless HACKTABLE_REQUIRE_SERVICES=1 (as in CI) makes the
absence a failure.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

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

    name = "hacktable_test_" + secrets.token_hex(4)
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


def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
    except redis.RedisError as error:
        missing(f"Redis is not reachable at {REDIS_URL}: {error}")
    return REDIS_URL


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class TestClock:
    """Moves the clock of every server process sharing its file."""

    __test__ = False

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0.0
        path.write_text("0")

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        self.path.write_text(repr(self.offset))


@dataclass
class Server:
    """A real `uvicorn` process serving hacktable."""

    database_url: str
    clock: TestClock
    redis_url: str | None = None
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    env: dict[str, str] = field(default_factory=dict)
    """Extra environment for the process (overrides the tests' defaults)."""
    bind: str = "127.0.0.1"
    """The address to listen on (0.0.0.0: every interface, as for a table friends join)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 90.0) -> Server:
        """Start the server and wait until it answers (a loaded machine imports slowly:
        the deadline only bounds a server that never comes up)."""
        env = dict(os.environ, HACKTABLE_DATABASE_URL=self.database_url,
                   HACKTABLE_CLOCK_FILE=str(self.clock.path), HACKTABLE_TICK="0.05",
                   HACKTABLE_LOOKUP_MISSES_PER_HOUR="0", HACKTABLE_CREATES_PER_HOUR="0")
        env.update(self.env)  # tests of the limits set their own
        if self.redis_url:
            env["HACKTABLE_REDIS_URL"] = self.redis_url
        else:
            env.pop("HACKTABLE_REDIS_URL", None)
        self.log_path = self.clock.path.with_name(f"server-{self.port}.log")
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "--factory", "hacktable.site:app_from_env",
             "--host", self.bind, "--port", str(self.port), "--log-level", "warning"],
            env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log()}")

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path and self.log_path.exists() else ""

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def kill(self) -> None:
        """`kill -9`: no goodbye, no flushing, nothing."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()


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


def wait_for(check: Any, timeout: float = 10.0, interval: float = 0.05) -> Any:
    """Poll until `check()` returns something truthy (servers act in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {check}")
        time.sleep(interval)
