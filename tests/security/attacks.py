"""Oversized and costly bodies, sent again and again by a process of their own while a test
(or `benchmarks/stall.py`) times another table: the attacker's own work (building and
sending 10 MB) must not be counted against the server, so it never shares this process's
interpreter lock with the reader being timed."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import time
from collections.abc import Callable, Iterator
from multiprocessing.sharedctypes import Synchronized
from multiprocessing.synchronize import Event
from types import TracebackType

import httpx
from tests.services import open_table

KINDS = ("act", "act-chunked", "cards", "cards-small", "create")
"""act: a seat's 10 MB move (3.5 million items) with its Content-Length; act-chunked: the
same without one; cards: the CPU seat whose turn it is loads cards 0..999,999 (7.7 MB);
cards-small: 10,000 of them (49 KB, within the move's body limit); create: an anonymous
match with 500,000 bots (9 MB)."""


def body(kind: str) -> bytes:
    if kind == "create":
        return json.dumps({"game": "rexfurum", "seats": 5, "bots": {
            str(n): "loyal" for n in range(500_000)}}).encode()
    if kind.startswith("cards"):
        count = 1_000_000 if kind == "cards" else 10_000
        return json.dumps({"action": {"do": "load", "cards": list(range(count))}}).encode()
    return json.dumps({"action": {"orders": [1] * 3_500_000}}).encode()


def prompt_kind(screen: dict) -> str | None:
    return (screen.get("prompt") or {}).get("kind")


def cpu_mover(base: str) -> tuple[str, int, str]:
    """A CPU match just started: its code, the seat whose turn it is, and that seat's token."""
    table = open_table(base, ["Cam", "Dev"], game="cpu")
    seat = next(s for s, api in table.seats.items()
                if prompt_kind(api.get(f"/api/matches/{table.code}/view").json()) == "turn")
    return table.code, seat, table.tokens[seat]


def target(kind: str, base: str) -> tuple[str, str | None]:
    """Where the attack posts, and the token it holds (a table is opened for it)."""
    if kind == "create":
        return "/api/matches", None
    if kind.startswith("cards"):
        code, _, token = cpu_mover(base)
    else:
        table = open_table(base, ["Mal", "Ory", None, None, None])
        code, token = table.code, table.tokens[0]
    return f"/api/matches/{code}/act", token


def _pieces(data: bytes) -> Iterator[bytes]:
    for start in range(0, len(data), 65_536):
        yield data[start:start + 65_536]


def _run(base: str, kind: str, path: str, token: str | None, per_second: float,
         stop: Event, sent: Synchronized) -> None:  # type: ignore[type-arg]
    data = body(kind)
    headers = {"content-type": "application/json",
               **({"authorization": f"Bearer {token}"} if token else {})}
    with httpx.Client(base_url=base, timeout=60) as client:
        while not stop.is_set():
            started = time.monotonic()
            with contextlib.suppress(httpx.HTTPError):  # the server closed on a body it
                client.post(path, headers=headers,  # would not read
                            content=_pieces(data) if kind == "act-chunked" else data)
            with sent.get_lock():
                sent.value += 1
            if per_second > 0:
                stop.wait(max(0.0, started + 1 / per_second - time.monotonic()))


class Attacker:
    """`with Attacker(base, kind):` the attack runs in a process of its own until the end
    of the block, `per_second` requests a second at most (0: each as soon as the last was
    answered); `sent` counts the requests it finished."""

    def __init__(self, base: str, kind: str, per_second: float = 0) -> None:
        path, token = target(kind, base)
        context = multiprocessing.get_context("spawn")
        self._stop = context.Event()
        self._sent = context.Value("i", 0)
        self._process = context.Process(target=_run, daemon=True, args=(
            base, kind, path, token, per_second, self._stop, self._sent))

    @property
    def sent(self) -> int:
        return int(self._sent.value)

    def __enter__(self) -> Attacker:
        self._process.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._stop.set()
        self._process.join(120)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()


class Reader:
    """Reads another table's screen on a schedule, one read due every `every` seconds, each
    read's latency counted from when it was due: a server that stalls for a second delays
    every read due in that second, as it delays every player, where reads one after another
    would count it once (and their median would miss it)."""

    def __init__(self, base: str, path: str, token: str, every: float = 0.02) -> None:
        self.path = path
        self.every = every
        self.client = httpx.Client(base_url=base, timeout=60,
                                   headers={"authorization": f"Bearer {token}"})

    def reads(self, count: int, more: Callable[[], bool] = lambda: False) -> list[float]:
        """At least `count` reads, and more while `more()` says so: their latencies."""
        found: list[float] = []
        start = time.perf_counter()
        while len(found) < count or more():
            due = start + len(found) * self.every
            time.sleep(max(0.0, due - time.perf_counter()))
            self.client.get(self.path).raise_for_status()
            found.append(time.perf_counter() - due)
        return found

    def close(self) -> None:
        self.client.close()
