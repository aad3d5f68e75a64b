"""Helpers for the tests that run several server processes or kill one: starting and
stopping processes, watching a match over its WebSocket, and reading its log back."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tests.server.helpers import screens_of
from tests.services import Api, Server, Table, TestClock, wait_for
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from hacktable.engine import GM, Entry, Match, Viewer
from hacktable.engine.seats import seat_names
from hacktable.games import get_game

NAMES = seat_names(10)
"""Names for up to ten human seats (Rex Furum seats at most ten)."""
START_TIMEOUT = 60.0
"""Seconds a process may take to start: a busy machine can take ten or more."""


@contextlib.contextmanager
def running(database_url: str, clock: TestClock, count: int,
            redis_url: str | None = None) -> Iterator[list[Server]]:
    """`count` server processes on one database (and one Redis), started together."""
    processes = [Server(database_url, clock, redis_url=redis_url) for _ in range(count)]
    try:
        with ThreadPoolExecutor(count) as pool:
            list(pool.map(lambda process: process.start(timeout=START_TIMEOUT), processes))
        yield processes
    finally:
        for process in processes:
            process.stop()


def assert_quiet(*processes: Server) -> None:
    """No process logged an exception (a failed catch-up, a deadline loop that broke…)."""
    for process in processes:
        assert "Traceback" not in process.log(), process.log()


def host_token(table: Table) -> str:
    return table.host.http.headers["authorization"].removeprefix("Bearer ")


def act(client: Api, code: str, text: str) -> Any:
    return client.post(f"/api/matches/{code}/act", {"text": text})


def invest(amount: int, target: str) -> dict[str, Any]:
    """The action JSON that `invest <amount> <target>` stands for, as the log keeps it."""
    return {"orders": [{"do": "invest", "amount": amount, "target": NAMES.index(target)}]}


def download(base: str, token: str, code: str) -> tuple[dict[str, Any], Match]:
    """The match log as the host downloads it from `base`, and the match it replays to."""
    response = Api(base, token).get(f"/api/matches/{code}/log")
    assert response.status_code == 200, response.text
    return response.json(), Match.loads(response.text, get_game)


def kinds(log: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [entry for entry in log["log"] if entry["kind"] == kind]


def plain(value: Any) -> Any:
    """A value as it comes out of the API: through JSON and back."""
    return json.loads(json.dumps(value))


def views_by_known(log: dict[str, Any], viewer: Viewer) -> list[Any]:
    """What `viewer` may see as its own count of the log grows: item k is the view once it
    knew of k entries. An entry it may not know of must not change its view."""
    match = Match(get_game(log["game"]), log["seats"], log["options"], log["seed"])
    views = [plain(match.view(viewer))]
    for item in log["log"]:
        match.apply_entry(Entry.from_json(item))
        view = plain(match.view(viewer))
        if match.known(viewer) == len(views):
            views.append(view)
        else:
            assert view == views[-1], f"entry {item['seq']} changed {viewer!r}'s view unseen"
    return views


def assert_served_state_replays(base: str, table: Table, match: Match) -> None:
    """Every seat's screen and the (refereeing) host's show exactly what the downloaded log
    replays to, each numbered as far as its own viewer knows."""
    host = Api(base, host_token(table)).get(f"/api/matches/{table.code}/view",
                                            params={"as": "host"}).json()
    assert host["view"] == plain(match.view(GM)) and host["seq"] == len(match.log)
    for seat, token in table.tokens.items():
        screen = Api(base, token).get(f"/api/matches/{table.code}/view").json()
        assert screen["seq"] == match.known(seat)
        assert screen["view"] == plain(match.view(seat)), f"seat {seat}"


class Watcher:
    """A WebSocket client that keeps, in a background thread, every message it receives."""

    def __init__(self, base: str, code: str, token: str, as_host: bool = False) -> None:
        url = (base.replace("http://", "ws://", 1)
               + f"/api/matches/{code}/ws?token={token}&format=json"
               + ("&as=host" if as_host else ""))
        self._stack = contextlib.ExitStack()
        self.socket = self._stack.enter_context(connect(url, open_timeout=10, close_timeout=2))
        self.messages: list[dict[str, Any]] = []
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            for raw in self.socket:
                self.messages.append(json.loads(raw))

    def screens(self) -> list[dict[str, Any]]:
        return screens_of(list(self.messages))

    def wait(self, check: Callable[[dict[str, Any]], bool], timeout: float = 10.0
             ) -> dict[str, Any]:
        """The first screen pushed so far, or pushed within `timeout`, that passes `check`."""
        return wait_for(lambda: next((m for m in self.screens() if check(m)), None), timeout)

    def close(self) -> None:
        self._stack.close()
        self._thread.join(5)

    def __enter__(self) -> Watcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
