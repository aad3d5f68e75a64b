"""Helpers shared by the API, hidden-information and schema tests.

Every test talks to a real server process (see tests/services.py). These helpers only
shorten the calls and say what a refusal must look like.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
from tests.services import Api, Server, Table, TestClock, postgres_database, wait_for

from hacktable.server import delta, line_patch

START_TIMEOUT = 90.0
"""Seconds a server process may take to start: a loaded machine makes it slow."""

BOTS = [None, None, None]
"""Three bot seats, as `open_table` reads a `None` name."""


class Servers:
    """Server processes, one per database, each started when first asked for (a process
    takes seconds to start) and stopped by `close`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._running: dict[str, Server] = {}
        self._stack = contextlib.ExitStack()

    def __getitem__(self, database: str) -> Server:
        if database not in self._running:
            if database == "sqlite":
                url = f"sqlite:///{self.folder / 'hacktable.db'}"
            else:
                url = self._stack.enter_context(postgres_database())
            process = Server(url, TestClock(self.folder / f"clock-{database}"))
            self._stack.callback(process.stop)
            self._running[database] = process.start(timeout=START_TIMEOUT)
        return self._running[database]

    def close(self) -> None:
        self._stack.close()
        self._running.clear()


_POOL: list[Servers] = []


def shared_servers(tmp_path_factory: Any) -> Servers:
    """One pool for the whole session: the API, hidden-information and schema modules share
    their server processes. Each test plays its own matches, and a test that moves a
    server's clock only closes rounds of matches whose tests are done."""
    if not _POOL:
        _POOL.append(Servers(tmp_path_factory.mktemp("servers")))
    return _POOL[0]


def token_of(api: Api) -> str:
    """The token an `Api` client presents."""
    return api.http.headers["Authorization"].removeprefix("Bearer ")


def match_info(base: str, code: str) -> dict[str, Any]:
    """The public facts of a match, read without any token."""
    return Api(base).ok("GET", f"/api/matches/{code}")


def screen(api: Api, code: str, **params: str) -> dict[str, Any]:
    return api.ok("GET", f"/api/matches/{code}/view" + _query(params))


def _query(params: dict[str, str]) -> str:
    return "?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else ""


def gm_state(table: Table) -> dict[str, Any]:
    """The whole hidden state, as a refereeing host sees it (`open_table(referee=True)`)."""
    return screen(table.host, table.code, **{"as": "host"})["view"]["state"]


def bots_in(table: Table, seats: int) -> list[int]:
    return [seat for seat in range(seats) if seat not in table.seats]


def public_view(table: Table) -> dict[str, Any]:
    """What a spectator sees of the match (anyone may)."""
    return screen(table.host, table.code)["view"]


def bots_have_sent(table: Table, seats: int, round_number: int | None = None
                   ) -> dict[str, Any]:
    """Wait until every bot has handed in its orders for the current round (bots act in the
    background), as the public "who has sent" says; return the match's public facts."""
    base = str(table.host.http.base_url).rstrip("/")

    def ready() -> dict[str, Any] | None:
        if round_number is not None and round_of(table) != round_number:
            return None
        info = match_info(base, table.code)
        done = set((info.get("sent") or {}).get("done") or [])
        return info if set(bots_in(table, seats)) <= done else None

    return wait_for(ready)


def round_of(table: Table) -> int:
    return public_view(table)["round"]


def wait_for_round(table: Table, number: int) -> dict[str, Any]:
    """Wait until the match is in round `number` (or over); return the public view."""

    def reached() -> dict[str, Any] | None:
        view = public_view(table)
        return view if view["round"] >= number or view.get("over") else None

    return wait_for(reached)


def assert_refused(response: httpx.Response, *statuses: int) -> str:
    """A refusal: a 4xx (one of `statuses` if given) whose `detail` is a sentence."""
    assert 400 <= response.status_code < 500, (response.status_code, response.text)
    if statuses:
        assert response.status_code in statuses, (response.status_code, response.text)
    detail = response.json()["detail"]
    assert isinstance(detail, str), detail
    assert detail[:1].isupper() or detail[:1] in "'\"", detail
    assert len(detail.split()) >= 4, detail
    return detail


def seconds(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp()


def walk(value: Any) -> Iterator[Any]:
    """Every value nested inside a JSON document, the document included."""
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


def ws_url(base: str, code: str, token: str | None = None, fmt: str = "json") -> str:
    url = base.replace("http://", "ws://") + f"/api/matches/{code}/ws?format={fmt}"
    return url + (f"&token={token}" if token else "")


class Listener:
    """A WebSocket client in a thread that keeps every message it receives, raw."""

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        self.messages: list[str] = []
        self.closed: tuple[int | None, str] | None = None
        self._socket = connect(url, open_timeout=10, max_size=None)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            for message in self._socket:
                self.messages.append(message if isinstance(message, str) else message.decode())
        except ConnectionClosed:
            pass
        finally:
            self.closed = (self._socket.close_code, self._socket.close_reason or "")

    def screens(self) -> list[dict[str, Any]]:
        return screens_of(list(map(json.loads, self.messages)))

    def wait_for_screen(self, check: Any) -> dict[str, Any]:
        return wait_for(lambda: next((s for s in self.screens() if check(s)), None))

    def close(self) -> None:
        self._socket.close()
        self._thread.join(5)


def every_seat_sends_orders(table: Table, rounds: int) -> None:
    """`rounds` rounds of Rex Furum in which every seat sends "protect self"."""
    for _ in range(rounds):
        for seat in sorted(table.seats):
            table.seats[seat].ok("POST", f"/api/matches/{table.code}/act", {"text": "protect self"})


def patched(current: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The screen a patch makes of the one a socket held: a JSON screen's operations
    (`delta`), or a page's lines kept and new (`line_patch`). A patch that names another
    screen than the one held fails the test."""
    assert current is not None and current.get("id") == message["base"], message
    if "lines" in message:  # a page's HTML
        return {**current, "seq": message["seq"], "match": message["match"],
                "html": line_patch.apply(current["html"], message["lines"]),
                "id": message["id"]}
    made = delta.apply(json.loads(json.dumps(current)), message["patch"])
    made["id"] = message["id"]
    return made


def screens_of(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every screen a socket showed, in order: its whole screens as sent, and the screen
    each patch made of the one before (as `{"type": "screen", ...}`, as if sent whole). A
    patch that does not apply to the screen before it fails the test."""
    shown: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for message in messages:
        if message.get("type") == "screen":
            current = message
        elif message.get("type") == "patch":
            current = patched(current, message)
        else:
            continue
        shown.append(current)
    return shown


def texts(listeners: Iterable[Listener]) -> str:
    return "\n".join(m for listener in listeners for m in listener.messages)


def first_difference(one: str, other: str) -> str:
    """Where two texts part, with some of each around it (for a failure's message)."""
    at = next((i for i, (a, b) in enumerate(zip(one, other, strict=False)) if a != b),
              min(len(one), len(other)))
    return f"...{one[max(0, at - 80):at + 80]!r} vs ...{other[max(0, at - 80):at + 80]!r}"
