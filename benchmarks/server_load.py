"""The server under load: many Rex Furum matches played by bot clients over HTTP and WebSockets.

    .venv/bin/python benchmarks/server_load.py [--backend sqlite|postgresql|both]
        [--processes 1|2|1,2] [--matches 20] [--seats 5] [--seconds 30] [--rounds 10]
        [--think 0] [--screens patches|whole|lite] [--check] [--quick]
        [--json results.json]

Each configuration starts its own `uvicorn` server process(es) on loopback with a fresh
database (an SQLite file, or a new PostgreSQL database; two processes share PostgreSQL and
fan out through Redis), then plays `--matches` matches of `--seats` seats, every seat a bot
client in this process: one WebSocket per seat (`format=json`), and POST /act over the
seat's own keep-alive HTTP/1.1 connection (a few lines of asyncio, as a browser tab holds
one; `--http httpx` shares one `httpx.AsyncClient` per server instead, which costs this
client milliseconds of CPU per request on a small machine). With two processes, seat s of
match m talks to process (m + s) mod 2, so every match is moved from both and the fan-out
is exercised.

A seat acts as soon as its pushed prompt says it has not submitted (after `--think`
seconds on average, exponentially distributed; 0 = as fast as the server allows, a closed
loop that measures capacity). Its order is one legal single order built from its view,
written as text or as JSON at random ("protect self", "embezzle Bruno", ...). Rounds close
early (`early_close: true`) as soon as every seat submitted; a match that reaches its last
round is replaced by a new one (set up before the old seats hang up) so play goes on for the
whole window. Matches last the game's default 10 rounds: a seat's screen grows with the
rounds played, so `--rounds 100` measures long matches.

What each seat's socket is sent (`--screens`): `patches` (the default), the whole screen
once and then patches of the one it holds, which the client applies (`server/delta.py`);
`whole`, whole screens only (`patches=false`), as every push was before patches; `lite`,
patches of only the parts a bot needs (`parts=prompt,outcome`: its orders are written
from the seats' names and its own seat). `--check` gives every seat a second socket that
is sent whole screens and checks that each screen the first one patched is the same (the
figures then include the second sockets' pushes).

Two latencies per act, both from the moment the POST is sent: until the POST returns
(HTTP), and until the acting seat's own WebSocket delivers a screen at or past the
sequence number the POST accepted (push). Only acts sent inside the `--seconds` window
count; setting up the matches and connecting the seats comes before it and is timed apart.

The clients share the machine with the servers (and PostgreSQL, Redis): the CPU columns
say how many cores each used during the window, so a saturated client is visible. Nothing
here asserts on time; it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import hashlib
import json
import math
import os
import platform
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from hacktable.cli import socket_frame_limit
from hacktable.engine.seats import seat_names
from hacktable.server import delta
from hacktable.server.pauses import LATE_AFTER, read_pauses
from hacktable.server.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
CLOCK = time.perf_counter
PROFILE_RATE = os.environ.get("HACKTABLE_PROFILE_RATE", "100")
"""Samples a second py-spy takes of each server with `--profile`."""
STALL_SECONDS = 20.0
"""A seat that hears nothing it can act on for this long (plus ten `--think` times) asks
GET /view, and counts a stall: a push that should have come and did not."""
PUSH_TIMEOUT = 15.0
SETUP_PARALLEL = 16
TICK = 0.25
"""The deadline loop's period in production (`Settings.tick`)."""
FACTORY = "hacktable.site:app_from_env"
ASGI_SERVER = ["uvicorn"]
"""The ASGI server the benchmark runs hacktable under (`--asgi`): uvicorn, what `hacktable
serve` runs, or granian, measured beside it (installed for the measurement only)."""
IDLE_REUSE = 4.0
"""A keep-alive connection idle this long is replaced (uvicorn closes them after 5 s)."""


def services() -> Any:
    """`tests/services.py` (fresh PostgreSQL databases, Redis), from the repository root."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import tests.services

    return tests.services


# -- server processes -------------------------------------------------------------------


async def hang_up(socket: Any, reader: asyncio.Task[Any] | None) -> None:
    """Close a client's socket (if it opened one) and stop the task reading it."""
    if socket is not None:
        with contextlib.suppress(Exception):
            await socket.close()
    if reader is not None:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader


@dataclass
class ServerProcess:
    """One `uvicorn` process serving hacktable with production settings (the test helper's
    `Server` sets a 50 ms deadline tick and a clock file; here the defaults apply)."""

    database_url: str
    redis_url: str | None
    log_path: Path
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    pause_log: Path | None = None
    """Where the server notes its late wake-ups and longer collector passes (`--pauses`)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, compression: bool, timeout: float = 60.0) -> ServerProcess:
        self.port = services().free_port()
        env = dict(os.environ, HACKTABLE_DATABASE_URL=self.database_url)
        for name in ("HACKTABLE_CLOCK_FILE", "HACKTABLE_TICK", "HACKTABLE_REDIS_URL",
                     "HACKTABLE_PAUSE_LOG"):
            env.pop(name, None)
        if self.pause_log is not None:
            env["HACKTABLE_PAUSE_LOG"] = str(self.pause_log)
        if self.redis_url:
            env["HACKTABLE_REDIS_URL"] = self.redis_url
        env["HACKTABLE_TICK"] = str(TICK)  # said explicitly: the tests' helper uses 0.05
        env["HACKTABLE_CREATES_PER_HOUR"] = "0"  # the load creates matches by the hundred
        env["HACKTABLE_JOINS_PER_HOUR"] = "0"  # and seats every player of them
        env["HACKTABLE_LOOKUP_MISSES_PER_HOUR"] = "0"
        env["HACKTABLE_MOVES_PER_SECOND"] = "0"  # bots at machine speed, up to 100 rounds
        if ASGI_SERVER[0] == "granian":
            # Granian (Rust, one worker, uvloop as uvicorn picks): it offers no
            # per-message deflate, so `compression` cannot be asked of it.
            command = [sys.executable, "-m", "granian", "--interface", "asgi", "--factory",
                       FACTORY, "--host", "127.0.0.1", "--port", str(self.port),
                       "--workers", "1", "--loop", "uvloop", "--log-level", "warning",
                       "--no-access-log"]
        else:
            # as `hacktable serve` runs it: the table reads X-Forwarded-For itself, and a
            # socket frame larger than any message the app reads is refused unread
            command = [sys.executable, "-m", "uvicorn", "--factory", FACTORY, "--host",
                       "127.0.0.1", "--port", str(self.port), "--log-level", "warning",
                       "--no-access-log", "--no-proxy-headers", "--ws-max-size",
                       str(socket_frame_limit(Settings().max_socket_message))]
            if not compression:
                command.append("--ws-per-message-deflate=false")
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(command, env=env, stdout=log,
                                            stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log()[-3000:]}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of one process (0 if it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def processes(name: str, word: str | None = None) -> dict[int, float]:
    """CPU seconds of each process with command name `name` (and `word` in its command
    line: a PostgreSQL backend's title names its database)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() != name:
                continue
            if word is not None and word.encode() not in (entry / "cmdline").read_bytes():
                continue
        except OSError:
            continue
        found[int(entry.name)] = cpu_seconds(int(entry.name))
    return found


@dataclass
class CpuMeter:
    """Cores used during a window by the servers, this run's PostgreSQL backends, Redis
    (shared with anything else using it), this client, and everything else."""

    server_pids: list[int]
    database: str | None
    marks: dict[str, Any] = field(default_factory=dict)

    def read(self) -> dict[str, Any]:
        own = os.times()
        return {"servers": {pid: cpu_seconds(pid) for server in self.server_pids
                            for pid in (server, *descendants(server))},
                "postgres": processes("postgres", self.database) if self.database else {},
                "redis": processes("redis-server"), "client": {0: own.user + own.system},
                "machine": {0: machine_busy()}}

    def start(self) -> None:
        self.marks = self.read()

    def stop(self, seconds: float) -> dict[str, float]:
        now = self.read()
        used = {key: sum(max(0.0, cpu - self.marks[key].get(pid, 0.0))
                         for pid, cpu in now[key].items()) / seconds for key in now}
        ours = used["servers"] + used["postgres"] + used["redis"] + used["client"]
        used["other"] = max(0.0, used.pop("machine") - ours)
        return used


def descendants(pid: int) -> list[int]:
    """A process's children and theirs (granian serves from a worker process it starts)."""
    found: list[int] = []
    try:
        tasks = Path(f"/proc/{pid}/task").iterdir()
        children = [int(child) for task in tasks
                    for child in (task / "children").read_text().split()]
    except OSError:
        return found
    for child in children:
        found += [child, *descendants(child)]
    return found


def machine_busy() -> float:
    """CPU seconds the whole machine spent busy since boot (all cores, from /proc/stat)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


# -- HTTP for the clients --------------------------------------------------------------


class HttpError(Exception):
    """A request that got no answer (connection refused, reset, timed out)."""


class RawHttp:
    """HTTP/1.1 over one keep-alive connection, one request at a time, as a browser tab
    holds it. A few hundred bytes of parsing per request: the client must not take the CPU
    the server needs (httpx spends milliseconds of CPU per request, more with many waiting)."""

    def __init__(self, url: str) -> None:
        host, port = url.removeprefix("http://").rsplit(":", 1)
        self.host, self.port = host, int(port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.lock = asyncio.Lock()
        self.used = 0.0

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> tuple[int, bytes]:
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n")
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        message = head.encode() + b"\r\n" + data
        async with self.lock:
            for attempt in range(2):
                reused = self.writer is not None
                if (self.reader is None or self.writer is None or self.reader.at_eof()
                        or time.monotonic() - self.used > IDLE_REUSE):
                    await self.close()
                    reused = False
                    try:
                        self.reader, self.writer = await asyncio.wait_for(
                            asyncio.open_connection(self.host, self.port), 60)
                    except (OSError, TimeoutError) as error:
                        raise HttpError(repr(error)) from None
                try:
                    self.writer.write(message)
                    answer = await asyncio.wait_for(self._response(), 120)
                    self.used = time.monotonic()
                    return answer
                except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
                    await self.close()
                    # The server may close a keep-alive connection just as we reuse it: it
                    # answered nothing, so sending once more is safe (and a second order
                    # would only replace the first).
                    closed = isinstance(error, ConnectionError) or (
                        isinstance(error, asyncio.IncompleteReadError) and not error.partial)
                    if not (reused and closed and attempt == 0):
                        raise HttpError(repr(error)) from None
        raise HttpError("unreachable")

    async def _response(self) -> tuple[int, bytes]:
        assert self.reader is not None
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            body = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                body += chunk[:-2]
        else:
            body = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return status, body

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()
        self.reader = self.writer = None


class SharedHttpx:
    """The same requests through one shared `httpx.AsyncClient` per server (`--http httpx`)."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> tuple[int, bytes]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        try:
            response = await self.client.request(method, path, json=body, headers=headers)
        except httpx.HTTPError as error:
            raise HttpError(repr(error)) from None
        return response.status_code, response.content

    async def close(self) -> None:
        pass


Http = RawHttp | SharedHttpx


# -- the bot clients --------------------------------------------------------------------


@dataclass
class Stats:
    """Everything one run counts; latencies in seconds, for acts sent inside the window."""

    http: list[float] = field(default_factory=list)
    push: list[float] = field(default_factory=list)
    acts: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    error_samples: list[str] = field(default_factory=list)
    push_missing: int = 0
    stalls: int = 0
    rounds: int = 0
    matches_started: int = 0
    matches_finished: int = 0
    disconnects: int = 0
    connected: int = 0
    connected_samples: list[int] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)
    """How late this client's event loop woke up: its own delays are in every latency."""
    wholes: int = 0
    patches: int = 0
    resyncs: int = 0
    received_bytes: int = 0
    """Screens and patches as received (before the socket's compression, after it is
    undone), inside the window."""
    checked: int = 0
    mismatched: int = 0

    def error(self, kind: str, detail: str = "") -> None:
        self.errors[kind] += 1
        if len(self.error_samples) < 8:
            self.error_samples.append(f"{kind}: {detail[:200]}")


@dataclass
class Window:
    """The measured stretch of time: acts are sent only after `go` and before `ends`."""

    go: asyncio.Event = field(default_factory=asyncio.Event)
    over: asyncio.Event = field(default_factory=asyncio.Event)
    started: float = 0.0
    ends: float = float("inf")

    @property
    def open(self) -> bool:
        return self.go.is_set() and CLOCK() < self.ends


def asked(screen: dict[str, Any]) -> bool:
    """The screen asks this seat for orders it has not sent yet (or the match is over)."""
    prompt = screen.get("prompt")
    return screen.get("outcome") is not None or (prompt is not None and not prompt["submitted"])


class Seat:
    """One player: a WebSocket for its screens, and its acts over HTTP."""

    def __init__(self, run: Run, code: str, seat: int, token: str, server: int,
                 http: Http, rng: random.Random) -> None:
        self.run = run
        self.code = code
        self.seat = seat
        self.token = token
        self.server = server
        self.rng = rng
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.arrivals: deque[tuple[int, float]] = deque(maxlen=32)
        self.waiting: tuple[int, asyncio.Future[float]] | None = None
        self.ws: ClientConnection | None = None
        self.receiver: asyncio.Task[None] | None = None
        self.round = 0
        self.http = http
        self.answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.sent_moves = 0
        self.twin: Twin | None = None
        self.resyncing = False
        run.all_seats.add(self)

    def uri(self, query: str) -> str:
        base = self.run.urls[self.server].replace("http://", "ws://")
        return f"{base}/api/matches/{self.code}/ws?token={self.token}&format=json{query}"

    async def connect(self, name: str | None = None) -> None:
        """Open the seat's socket; with `name`, one that takes the seat as it opens
        (`join=`) and reads its token from the first message."""
        if name is None:
            uri = self.uri(SCREENS[self.run.screens])
        else:
            base = self.run.urls[self.server].replace("http://", "ws://")
            uri = (f"{base}/api/matches/{self.code}/ws?join={self.seat}&name={name}"
                   f"&format=json{SCREENS[self.run.screens]}")
        self.ws = await connect(uri, max_size=None, open_timeout=60,
                                compression="deflate" if self.run.compression else None)
        if name is not None:
            joined = json.loads(await asyncio.wait_for(self.ws.recv(), 60))
            if joined.get("type") != "joined":
                raise RuntimeError(f"a socket join was answered {joined}")
            self.token = joined["token"]
        self.receiver = asyncio.create_task(self.receive())
        if self.run.check:
            self.twin = Twin(self)
            await self.twin.connect()

    async def receive(self) -> None:
        assert self.ws is not None
        stats = self.run.stats
        counted = False
        try:
            async for raw in self.ws:
                at = CLOCK()
                message = json.loads(raw)
                kind = message.get("type")
                if kind in ("acted", "refused"):
                    answer = self.answers.pop(message.get("id"), None)
                    if answer is not None and not answer.done():
                        answer.set_result(message)
                    continue
                if kind not in ("screen", "patch"):
                    continue
                counting = self.run.window.open
                if counting:
                    stats.received_bytes += len(raw)
                if kind == "patch":
                    if self.latest is None or self.latest.get("id") != message["base"]:
                        if not self.resyncing:  # not the screen it patches: ask for it
                            self.resyncing = True
                            stats.resyncs += 1
                            await self.ws.send('{"type": "full"}')
                        continue
                    stats.patches += counting
                    screen = delta.apply(self.latest, message["patch"])
                    screen["id"], screen["seq"] = message["id"], message["seq"]
                else:
                    stats.wholes += counting
                    screen, self.resyncing = message, False
                if not counted:
                    counted = True
                    stats.connected += 1
                seq = screen["seq"]
                self.latest = screen
                if self.twin is not None:
                    self.twin.compare(screen, patched=True)
                self.arrivals.append((seq, at))
                if self.waiting is not None and seq >= self.waiting[0]:
                    future = self.waiting[1]
                    if not future.done():
                        future.set_result(at)
                shown_round = round_of(screen)
                if self.seat == 0 and shown_round > self.round:
                    if self.round and self.run.window.open:
                        stats.rounds += 1
                    self.round = shown_round
                self.changed.set()
        except Exception as error:
            if not self.run.closing:
                stats.disconnects += 1
                stats.error("websocket", repr(error))
        finally:
            if counted:
                stats.connected -= 1
            self.changed.set()

    async def next_screen(self, accept: Callable[[dict[str, Any]], bool]
                          ) -> dict[str, Any] | None:
        """The latest pushed screen once `accept` likes it; None after a stall: nothing
        to act on for STALL_SECONDS plus ten think times (the other seats think too)."""
        deadline = CLOCK() + STALL_SECONDS + 10 * self.run.think
        while True:
            if self.latest is not None and accept(self.latest):
                return self.latest
            if self.receiver is None or self.receiver.done() or self.run.closing or (
                    self.run.window.go.is_set() and not self.run.window.open):
                return None
            self.changed.clear()
            left = deadline - CLOCK()
            if left <= 0:
                return None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def play(self) -> bool:
        """Act whenever asked until the window ends; True if the match finished."""
        run, stats = self.run, self.run.stats
        await run.window.go.wait()
        floor = 0

        def actionable(screen: dict[str, Any]) -> bool:
            return screen["seq"] >= floor and asked(screen)

        while True:
            screen = await self.next_screen(actionable)
            if not run.window.open or run.closing:
                return False
            if screen is None:
                if self.receiver is None or self.receiver.done():
                    return False
                stats.stalls += 1
                screen = await self.fresh_view()
                if screen is None or not asked(screen):
                    continue
            if screen.get("outcome") is not None:
                return True
            if run.think:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(run.window.over.wait(),
                                           self.rng.expovariate(1 / run.think))
                if not run.window.open:
                    return False
            floor = await self.act(screen)

    async def fresh_view(self) -> dict[str, Any] | None:
        try:
            status, body = await self.http.request("GET", f"/api/matches/{self.code}/view",
                                                   token=self.token)
        except HttpError as error:
            self.run.stats.error("view: no answer", str(error))
            return None
        if status != 200:
            self.run.stats.error(f"view HTTP {status}", body.decode(errors="replace"))
            return None
        screen = json.loads(body)
        screen["seq"] = screen["match"]["seq"]
        return screen

    def order(self, screen: dict[str, Any]) -> dict[str, Any]:
        """One legal single order, as notation or JSON: protect yourself or embezzle. Written
        from the view, or where the socket reads less (`lite`), from the seats' names."""
        view = screen.get("view")
        players = view["players"] if view else seat_names(self.run.seats)
        me = view["seat"] if view else self.seat
        target = self.rng.choice([p for p in range(len(players)) if p != me])
        pick = self.rng.randrange(4)
        if pick == 0:
            return {"text": "protect self"}
        if pick == 1:
            return {"text": f"embezzle {players[target]}"}
        if pick == 2:
            return {"action": {"orders": [{"do": "protect", "target": me}]}}
        return {"action": {"orders": [{"do": "embezzle", "target": target}]}}

    async def act(self, screen: dict[str, Any]) -> int:
        """POST one order; returns the sequence number the next screen must reach."""
        stats = self.run.stats
        body = self.order(screen)
        self.arrivals.clear()
        sent = CLOCK()
        if self.run.moves == "ws":
            reply = await self.act_on_socket(body)
            answered = CLOCK()
            if reply is None or reply.get("type") != "acted":
                stats.error("act over the socket: " + ("no answer" if reply is None else
                                                       f"refused {reply.get('status')}"),
                            "" if reply is None else str(reply.get("detail")))
                return screen["seq"] + 1
            accepted = reply.get("accepted") or [screen["seq"] + 1]
        else:
            try:
                status, answer = await self.http.request(
                    "POST", f"/api/matches/{self.code}/act", body, self.token)
            except HttpError as error:
                stats.error("act: no answer", str(error))
                return screen["seq"] + 1
            answered = CLOCK()
            if status != 200:
                stats.error(f"act HTTP {status}", answer.decode(errors="replace"))
                return screen["seq"] + 1
            accepted = json.loads(answer).get("accepted") or [screen["seq"] + 1]
        target = max(accepted)
        pushed = next((at for seq, at in self.arrivals if seq >= target), None)
        if pushed is None:
            future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
            self.waiting = (target, future)
            try:
                pushed = await asyncio.wait_for(future, PUSH_TIMEOUT)
            except TimeoutError:
                pushed = None
            finally:
                self.waiting = None
        if sent < self.run.window.ends:
            stats.acts += 1
            stats.http.append(answered - sent)
            if pushed is None:
                stats.push_missing += 1
            else:
                stats.push.append(pushed - sent)
        return target

    async def act_on_socket(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """Send the move on the seat's WebSocket and wait for its acted/refused answer."""
        assert self.ws is not None
        self.sent_moves += 1
        ident = self.sent_moves
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.answers[ident] = answer
        try:
            await self.ws.send(json.dumps({"type": "act", "id": ident, **body}))
            return await asyncio.wait_for(answer, PUSH_TIMEOUT)
        except Exception:
            return None
        finally:
            self.answers.pop(ident, None)

    async def close(self) -> None:
        if self.twin is not None:
            await self.twin.close()
        await hang_up(self.ws, self.receiver)
        await self.http.close()
        self.run.all_seats.discard(self)


SCREENS = {"patches": "", "whole": "&patches=false", "view": "&parts=view,prompt,outcome",
           "lite": "&parts=prompt,outcome"}
"""The socket's query for each `--screens`."""


def round_of(screen: dict[str, Any]) -> int:
    """The round a screen shows, from its view or, where it reads less, its prompt."""
    view = screen.get("view")
    if view:
        return int(view.get("round", 0))
    prompt = screen.get("prompt") or {}
    return int((prompt.get("data") or {}).get("round", 0))


class Twin:
    """`--check`: a second socket of the same seat that is sent whole screens only. A screen
    the first socket made by patching and one this socket was sent whole, of the same
    moment (the caller's `seq` and the server's clock), must be the same."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.ws: ClientConnection | None = None
        self.task: asyncio.Task[None] | None = None
        self.patched: dict[tuple[Any, Any], dict[str, Any]] = {}
        self.whole: dict[tuple[Any, Any], dict[str, Any]] = {}

    async def connect(self) -> None:
        query = SCREENS[self.seat.run.screens] + "&patches=false"
        self.ws = await connect(self.seat.uri(query), max_size=None, open_timeout=60)
        self.task = asyncio.create_task(self.receive())

    async def receive(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                message = json.loads(raw)
                if message.get("type") == "screen":
                    self.compare(message, patched=False)

    def compare(self, screen: dict[str, Any], patched: bool) -> None:
        key = (screen.get("seq"), screen.get("server_now"))
        mine, other = (self.patched, self.whole) if patched else (self.whole, self.patched)
        twin = other.pop(key, None)
        if twin is None:
            mine[key] = json.loads(json.dumps(screen))  # as it is now: patches go on
            while len(mine) > 16:
                mine.pop(next(iter(mine)))
            return
        stats = self.seat.run.stats
        stats.checked += 1
        if {**screen, "id": None} != {**twin, "id": None}:
            stats.mismatched += 1
            stats.error("patched screen differs", f"seat {self.seat.seat} seq {key[0]}")

    async def close(self) -> None:
        await hang_up(self.ws, self.task)


@dataclass
class Run:
    """The clients of one configuration, against already running servers."""

    urls: list[str]
    matches: int
    seats: int
    rounds: int
    think: float
    compression: bool
    http_mode: str = "raw"
    moves: str = "ws"
    affinity: bool = False
    screens: str = "patches"
    check: bool = False
    lobby: str = "seat"
    join: str = "post"
    setup: str = "host"
    seed: int = 0
    clients: list[httpx.AsyncClient] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    window: Window = field(default_factory=Window)
    closing: bool = False
    all_seats: set[Seat] = field(default_factory=set)

    def server_of(self, match: int, seat: int) -> int:
        """With affinity every seat of a match talks to one process (as a proxy routing by
        room code would); without, the seats of a match are spread over the processes."""
        if self.affinity:
            return match % len(self.urls)
        return (match + seat) % len(self.urls)

    def http_for(self, server: int) -> Http:
        """A seat's own connection (raw), or the server's shared httpx client."""
        if self.http_mode == "httpx":
            return SharedHttpx(self.clients[server])
        return RawHttp(self.urls[server])

    async def open_match(self, index: int, rng: random.Random,
                         lobbies: dict[int, Http] | None = None) -> list[Seat]:
        """Create, fill and start a match, and connect every seat's WebSocket.

        With `lobbies` (`--lobby table`), the match is created, joined and started over the
        table's own kept connection to each server, as a boardgame.io `LobbyClient` does;
        else over a new connection for the host and one for each seat (`--lobby seat`), as
        every player's own device would."""
        kept = lobbies is not None and self.http_mode == "raw"  # httpx pools by itself

        def lobby(server: int) -> Http:
            if lobbies is None or not kept:  # a new connection each time
                return self.http_for(server)
            if server not in lobbies:
                lobbies[server] = self.http_for(server)
            return lobbies[server]

        host = lobby(self.server_of(index, 0))
        seats: list[Seat] = []
        names = seat_names(self.seats)
        try:
            options = {"early_close": True, "rounds": self.rounds}
            body: dict[str, Any] = {"game": "rexfurum", "seats": self.seats, "options": options,
                                    "start_when_full": self.setup != "host"}
            if self.setup == "seated":  # the host plays seat 0 and sits as they create
                body.update(name=names[0], seat=0)
            created = await self.call(host, "/api/matches", body)
            code = created["code"]
            first = 0
            if created.get("seat_token"):
                server = self.server_of(index, 0)
                seats.append(Seat(self, code, 0, created["seat_token"], server,
                                  self.http_for(server), rng))
                first = 1
            if self.join == "socket":  # each seat's socket sits down as it opens
                for seat in range(first, self.seats):
                    server = self.server_of(index, seat)
                    seats.append(Seat(self, code, seat, "", server, self.http_for(server), rng))
                await asyncio.gather(*(seat.connect(None if seat.token else names[seat.seat])
                                       for seat in seats))
                if self.setup == "host":
                    await self.call(host, f"/api/matches/{code}/host/start", None,
                                    created["host_token"])
                await asyncio.gather(*(seat.next_screen(lambda s: s["seq"] > 0)
                                       for seat in seats))
                self.stats.matches_started += 1
                return seats
            for seat in range(first, self.seats):
                server = self.server_of(index, seat)
                http = self.http_for(server)  # connects when first used (moves over HTTP)
                try:
                    joined = await self.call(lobby(server) if kept else http,
                                             f"/api/matches/{code}/join",
                                             {"seat": seat, "name": names[seat]})
                except BaseException:
                    await http.close()
                    raise
                seats.append(Seat(self, code, seat, joined["token"], server, http, rng))
            if self.setup == "host":
                await self.call(host, f"/api/matches/{code}/host/start", None,
                                created["host_token"])
            await asyncio.gather(*(seat.connect() for seat in seats))
            await asyncio.gather(*(seat.next_screen(lambda _: True) for seat in seats))
        except BaseException:
            await asyncio.gather(*(seat.close() for seat in seats))
            raise
        finally:
            if not kept:
                await host.close()
        self.stats.matches_started += 1
        return seats

    @staticmethod
    async def call(http: Http, path: str, body: Any, token: str | None = None) -> Any:
        status, answer = await http.request("POST", path, body, token)
        if status >= 300:
            raise RuntimeError(f"POST {path}: {status} {answer[:300].decode(errors='replace')}")
        return json.loads(answer)

    async def table(self, index: int, gate: asyncio.Semaphore, ready: list[int]) -> None:
        """One table: a match after another for as long as the window lasts. The next match
        is set up before the finished one's seats hang up, so the seats stay connected."""
        lobbies: dict[int, Http] | None = {} if self.lobby == "table" else None
        try:
            await self.tables_matches(index, gate, ready, lobbies)
        finally:
            for kept in (lobbies or {}).values():
                await kept.close()

    async def tables_matches(self, index: int, gate: asyncio.Semaphore, ready: list[int],
                             lobbies: dict[int, Http] | None) -> None:
        rng = random.Random(self.seed * 100_003 + index)
        async with gate:
            seats = await self.open_or_none(index, rng, lobbies)
        ready.append(0 if seats is None else 1)
        while seats is None:
            await asyncio.sleep(1.0)
            if self.closing or (self.window.go.is_set() and not self.window.open):
                return
            seats = await self.open_or_none(index, rng, lobbies)
        while True:
            try:
                finished = await asyncio.gather(*(seat.play() for seat in seats))
                following = None
                if any(finished):
                    self.stats.matches_finished += 1
                    while following is None and self.window.open and not self.closing:
                        following = await self.open_or_none(index, rng, lobbies)
                        if following is None:
                            await asyncio.sleep(1.0)
            finally:
                await asyncio.gather(*(seat.close() for seat in seats))
            if following is None:
                return
            seats = following

    async def open_or_none(self, index: int, rng: random.Random,
                           lobbies: dict[int, Http] | None = None) -> list[Seat] | None:
        try:
            return await self.open_match(index, rng, lobbies)
        except Exception as error:
            self.stats.error("setup", repr(error))
            return None

    async def sample(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            if self.window.open:
                self.stats.connected_samples.append(self.stats.connected)

    async def watch_lag(self, period: float = 0.01) -> None:
        while True:
            due = CLOCK() + period
            await asyncio.sleep(period)
            if self.window.open:
                self.stats.lag.append(max(0.0, CLOCK() - due))

    async def play(self, seconds: float, meter: CpuMeter,
                   on_go: Callable[[], None] = lambda: None) -> dict[str, Any]:
        if self.http_mode == "httpx":
            limits = httpx.Limits(max_connections=100, max_keepalive_connections=100)
            self.clients = [httpx.AsyncClient(base_url=url, limits=limits, timeout=120)
                            for url in self.urls]
        gate = asyncio.Semaphore(SETUP_PARALLEL)
        ready: list[int] = []
        began = CLOCK()
        tables = [asyncio.create_task(self.table(i, gate, ready)) for i in range(self.matches)]
        sampler = asyncio.create_task(self.sample())
        lag = asyncio.create_task(self.watch_lag())
        while len(ready) < self.matches:
            await asyncio.sleep(0.05)
        setup = CLOCK() - began
        # No garbage collection in this client during the window: a full collection over
        # 1,000 seats' sockets takes this process 100-300 ms, which would land in the
        # latencies it measures (the servers collect as usual). Its remaining delays are
        # reported as event loop lag.
        gc.collect()
        gc.disable()
        try:
            on_go()
            meter.start()
            self.window.started = CLOCK()
            self.window.ends = self.window.started + seconds
            self.window.go.set()
            await asyncio.sleep(seconds)
            cpu = meter.stop(seconds)
            connected_at_end = self.stats.connected
            self.window.over.set()
            for seat in list(self.all_seats):  # wake the waiting seats: the window is over
                seat.changed.set()
            drained = CLOCK()
            _, pending = await asyncio.wait(tables, timeout=PUSH_TIMEOUT + 5)
        finally:
            gc.enable()
            self.closing = True
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        drain = CLOCK() - drained
        sampler.cancel()
        lag.cancel()
        for client in self.clients:
            await client.aclose()
        return {"setup_s": setup, "drain_s": drain, "cpu": cpu,
                "connected_at_end": connected_at_end, "tables_ready": sum(ready)}


# -- one configuration, start to finish -------------------------------------------------


@dataclass
class Config:
    backend: str
    processes: int
    matches: int
    seats: int
    seconds: float
    rounds: int
    think: float
    compression: bool
    http: str = "raw"
    moves: str = "ws"
    affinity: bool = False
    screens: str = "patches"
    check: bool = False
    lobby: str = "seat"
    join: str = "post"
    setup: str = "host"

    @property
    def name(self) -> str:
        return f"{self.backend} x{self.processes}" + (
            " aff" if self.affinity and self.processes > 1 else "")


@contextlib.contextmanager
def database(backend: str, folder: Path) -> Iterator[str]:
    if backend == "sqlite":
        yield f"sqlite:///{folder / 'hacktable.db'}"
    else:
        with services().postgres_database() as url:
            yield url


def run_config(config: Config, profile: Path | None, pauses: bool = False) -> dict[str, Any]:
    """Start the servers, play, stop them; the figures of one configuration (with
    `pauses`, also each server's pauses in the window: `pause_figures`)."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="hacktable-load-") as temp, \
            database(config.backend, Path(temp)) as url:
        redis = services().redis_url() if config.processes > 1 else None
        servers: list[ServerProcess] = []
        spies: list[subprocess.Popen[bytes]] = []
        try:
            starting = time.monotonic()
            for number in range(config.processes):  # one after the other: each migrates
                servers.append(ServerProcess(
                    url, redis, Path(temp) / f"server{number}.log",
                    pause_log=Path(temp) / f"pauses{number}.jsonl" if pauses else None)
                    .start(config.compression))
            start_s = time.monotonic() - starting
            run = Run([s.url for s in servers], config.matches, config.seats, config.rounds,
                      config.think, config.compression, config.http, config.moves,
                      config.affinity, config.screens, config.check, config.lobby,
                      config.join, config.setup)
            meter = CpuMeter([s.process.pid for s in servers if s.process is not None],
                             url.rsplit("/", 1)[1] if config.backend == "postgresql" else None)

            def on_go() -> None:  # profile the window, not the setting up
                if profile is not None:
                    spies.extend(start_profiles(servers, config, profile))

            figures = run_async(run.play(config.seconds, meter, on_go))
        finally:
            for spy in spies:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    spy.wait(60)
            stopping = time.monotonic()
            for server in servers:
                server.stop()
            stopped = time.monotonic() - stopping
        logs = "".join(server.log() for server in servers)
        if pauses:
            figures["pauses"] = pause_figures(
                [read_pauses(server.pause_log, run.window.started, run.window.ends)
                 for server in servers if server.pause_log is not None])
    figures["server_errors"] = logs.count("Traceback") + logs.count("ERROR")
    figures["server_log_tail"] = logs[-1500:] if figures["server_errors"] else ""
    cpu = figures["cpu"]
    acts = max(run.stats.acts, 1)
    figures["server_ms_per_act"] = 1000 * cpu["servers"] * config.seconds / acts
    figures["client_ms_per_act"] = 1000 * cpu["client"] * config.seconds / acts
    figures["wall_s"] = time.monotonic() - started
    figures["stop_s"] = stopped
    figures["start_s"] = start_s
    return summarize(config, run.stats, figures)


def pause_figures(logs: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """The servers' pauses that began in the window: how many of each kind, the longest, and
    the time they held a loop in all (each server's loop its own)."""
    kinds: dict[str, list[float]] = {"late": [], "middle passes": [], "full passes": []}
    for lines in logs:
        for line in lines:
            kind = ("late" if line["kind"] == "late"
                    else "middle passes" if line["generation"] == 1 else "full passes")
            kinds[kind].append(line["ms"])
    return {kind: {"count": len(ms), "max_ms": max(ms, default=0.0), "total_ms": sum(ms)}
            for kind, ms in kinds.items()}


def start_profiles(servers: list[ServerProcess], config: Config,
                   folder: Path) -> list[subprocess.Popen[bytes]]:
    """py-spy (if installed) samples each server during the window: the thread holding the
    GIL only, as one process is bounded by what runs under it."""
    spy = Path(sys.executable).with_name("py-spy")
    if not spy.exists():
        print("  (py-spy is not installed next to this Python; no profile)")
        return []
    folder.mkdir(parents=True, exist_ok=True)
    spies = []
    for number, server in enumerate(servers):
        assert server.process is not None
        out = folder / (f"{config.backend}-x{config.processes}-{config.matches}x"
                        f"{config.seats}-server{number}.txt")
        spies.append(subprocess.Popen(
            [str(spy), "record", "--pid", str(server.process.pid), "--format", "raw",
             "--duration", str(max(1, round(config.seconds))), "--rate", PROFILE_RATE,
             "--nonblocking", "--gil",
             "--output", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    return spies


def code_version() -> str:
    """A short hash of the server's source, so figures name the code they measured."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "src" / "hacktable").rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def run_async(coroutine: Any) -> Any:
    # The clients tune the cycle collector as the server does (server/app.py), so that this
    # process's own pauses do not count as the server's latency.
    from hacktable.server.app import GC_THRESHOLDS

    gc.set_threshold(*GC_THRESHOLDS)
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def summarize(config: Config, stats: Stats, figures: dict[str, Any]) -> dict[str, Any]:
    ms = 1000.0
    samples = stats.connected_samples or [0]
    return {
        **asdict(config),
        "name": config.name,
        "seats_total": config.matches * config.seats,
        "connected_min": min(samples), "connected_max": max(samples),
        "acts": stats.acts, "acts_s": stats.acts / config.seconds,
        "rounds_s": stats.rounds / config.seconds,
        "http_p50_ms": percentile(stats.http, 0.50) * ms,
        "http_p99_ms": percentile(stats.http, 0.99) * ms,
        "http_max_ms": max(stats.http, default=float("nan")) * ms,
        "push_p50_ms": percentile(stats.push, 0.50) * ms,
        "push_p99_ms": percentile(stats.push, 0.99) * ms,
        "push_max_ms": max(stats.push, default=float("nan")) * ms,
        "client_lag_p99_ms": percentile(stats.lag, 0.99) * ms,
        "client_lag_max_ms": max(stats.lag, default=float("nan")) * ms,
        "errors": sum(stats.errors.values()), "error_kinds": dict(stats.errors),
        "error_samples": stats.error_samples, "push_missing": stats.push_missing,
        "stalls": stats.stalls, "disconnects": stats.disconnects,
        "matches_started": stats.matches_started, "matches_finished": stats.matches_finished,
        "wholes": stats.wholes, "patches": stats.patches, "resyncs": stats.resyncs,
        "kb_per_act": stats.received_bytes / 1024 / max(1, stats.acts),
        "checked": stats.checked, "mismatched": stats.mismatched,
        **figures,
    }


# -- the report -------------------------------------------------------------------------

COLUMNS = (
    ("config", 16, lambda r: f"{r['backend']} x{r['processes']}" + (
        " aff" if r.get("affinity") and r["processes"] > 1 else "")),
    ("seats", 10, lambda r: f"{r['matches']}x{r['seats']}"),
    ("connected", 10, lambda r: f"{r['connected_min']}/{r['seats_total']}"),
    ("acts/s", 7, lambda r: f"{r['acts_s']:.0f}"),
    ("rounds/s", 8, lambda r: f"{r['rounds_s']:.1f}"),
    ("http p50", 8, lambda r: f"{r['http_p50_ms']:.1f}"),
    ("http p99", 8, lambda r: f"{r['http_p99_ms']:.1f}"),
    ("push p50", 8, lambda r: f"{r['push_p50_ms']:.1f}"),
    ("push p99", 8, lambda r: f"{r['push_p99_ms']:.1f}"),
    ("errors", 6, lambda r: str(r["errors"] + r["push_missing"])),
    ("srv ms/act", 10, lambda r: f"{r['server_ms_per_act']:.2f}"),
    ("KB/act", 6, lambda r: f"{r['kb_per_act']:.1f}"),
    ("cpu srv", 7, lambda r: f"{r['cpu']['servers']:.2f}"),
    ("pg", 5, lambda r: f"{r['cpu']['postgres']:.2f}" if r["backend"] == "postgresql" else "-"),
    ("redis", 5, lambda r: f"{r['cpu']['redis']:.2f}"),
    ("client", 6, lambda r: f"{r['cpu']['client']:.2f}"),
    ("other", 5, lambda r: f"{r['cpu']['other']:.2f}"),
    ("setup s", 7, lambda r: f"{r['setup_s']:.1f}"),
    ("run s", 6, lambda r: f"{r['wall_s']:.0f}"),
)


def table(results: list[dict[str, Any]]) -> str:
    head = "  ".join(f"{name:>{width}}" for name, width, _ in COLUMNS)
    lines = [head, "-" * len(head)]
    for result in results:
        lines.append("  ".join(f"{cell(result):>{width}}" for _, width, cell in COLUMNS))
    return "\n".join(lines)


def detail(result: dict[str, Any]) -> str:
    r = result
    lines = [f"  {r['backend']} x{r['processes']}: {r['acts']} acts; http max "
             f"{r['http_max_ms']:.0f} ms, push max {r['push_max_ms']:.0f} ms; connected "
             f"{r['connected_min']}..{r['connected_max']}; matches started "
             f"{r['matches_started']}, finished {r['matches_finished']}",
             f"    stalls {r['stalls']}, disconnects {r['disconnects']}, pushes missing "
             f"{r['push_missing']}, server log errors {r['server_errors']}; servers started in "
             f"{r['start_s']:.1f} s, matches set up in {r['setup_s']:.1f} s, drained in "
             f"{r['drain_s']:.1f} s, servers stopped in {r['stop_s']:.1f} s",
             f"    client event loop late by p99 {r['client_lag_p99_ms']:.1f} ms, max "
             f"{r['client_lag_max_ms']:.0f} ms (part of every latency); server CPU per act "
             f"{r['server_ms_per_act']:.2f} ms, client {r['client_ms_per_act']:.2f} ms",
             f"    screens ({r['screens']}): {r['wholes']} whole, {r['patches']} patches, "
             f"{r['resyncs']} asked for again; {r['kb_per_act']:.1f} KB received per act"
             + (f"; checked {r['checked']} patched screens, {r['mismatched']} differed"
                if r["check"] else "")]
    if "pauses" in result:
        said = {kind: f"{p['count']} (longest {p['max_ms']:.0f} ms, {p['total_ms']:.0f} ms "
                      f"in all)" for kind, p in result["pauses"].items()}
        late = f"{1000 * LATE_AFTER:.0f}+ ms late"
        lines.append(f"    server pauses in the window: event loop {late} {said['late']}; "
                     f"collector middle passes {said['middle passes']}, full passes "
                     f"{said['full passes']}")
    for kind, count in sorted(result["error_kinds"].items()):
        lines.append(f"    {count} x {kind}")
    lines += [f"    e.g. {sample}" for sample in result["error_samples"][:4]]
    if result["server_log_tail"]:
        tail = result["server_log_tail"].strip().splitlines()[-12:]
        lines += ["    server log (tail):", *(f"      {line}" for line in tail)]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--processes", default="1,2",
                        help="1, 2 or 1,2 (two processes need PostgreSQL and Redis)")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rounds", type=int, default=10,
                        help="rounds per match (the game's default 10; at most 100); a "
                        "finished match is replaced by a new one")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a seat waits before acting (0: at once)")
    parser.add_argument("--http", choices=("raw", "httpx"), default="raw",
                        help="raw: each seat holds its own keep-alive connection (default); "
                        "httpx: one shared httpx.AsyncClient per server (costs the client "
                        "milliseconds of CPU per request)")
    parser.add_argument("--lobby", choices=("seat", "table"), default="seat",
                        help="seat: a match is created and started over a new connection, "
                        "and each seat joins over its own, as every player's device would "
                        "(default); table: each table creates, joins and starts its matches "
                        "over one connection it keeps, as a boardgame.io LobbyClient does")
    parser.add_argument("--join", choices=("post", "socket"), default="post",
                        help="post: each seat joins by POST /join, then opens its socket once "
                        "the match started (default); socket: each seat's socket takes its "
                        "seat as it opens (join=), in the lobby, and stays open into the match")
    parser.add_argument("--setup", choices=("host", "self", "seated"), default="host",
                        help="host: the seats join, then the host starts the match (default); "
                        "self: the table starts itself as its last seat is taken "
                        "(start_when_full), as a boardgame.io match needs no start; seated: "
                        "that, and the host plays seat 0, sitting down as they create it")
    parser.add_argument("--moves", choices=("ws", "http"), default="ws",
                        help="ws: moves on the seat's open WebSocket (default); http: POST /act")
    parser.add_argument("--affinity", action="store_true",
                        help="with two processes, every seat of a match talks to the same "
                        "one (as a proxy routing by room code does)")
    parser.add_argument("--asgi", choices=("uvicorn", "granian"), default="uvicorn",
                        help="the ASGI server hacktable runs under (granian: installed for the "
                        "measurement only, `uv pip install granian`)")
    parser.add_argument("--no-compression", dest="compression", action="store_false",
                        help="no permessage-deflate on the WebSockets (browsers use it)")
    parser.add_argument("--screens", choices=tuple(SCREENS), default="patches",
                        help="patches: the whole screen once, then patches (default); whole: "
                        "whole screens only; view: patches of the seat's view, prompt and "
                        "outcome (what a boardgame.io client is sent: its state); lite: "
                        "patches of the prompt and outcome only")
    parser.add_argument("--check", action="store_true",
                        help="a second socket per seat, sent whole screens, to check every "
                        "patched screen against")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 4 matches of 5 seats for 5 seconds")
    parser.add_argument("--profile", type=Path, default=None,
                        help="folder for py-spy raw stacks of each server (if installed)")
    parser.add_argument("--pauses", action="store_true",
                        help="each server keeps a pause log (HACKTABLE_PAUSE_LOG): print how "
                        "often, and how long, its event loop woke late and its cycle "
                        "collector ran a middle or full pass during the window")
    parser.add_argument("--json", type=Path, default=None, help="also write results here")
    args = parser.parse_args()
    ASGI_SERVER[0] = args.asgi
    if args.quick:
        args.matches, args.seats, args.seconds = 4, 5, 5.0
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    counts = sorted({int(part) for part in args.processes.split(",")})
    configs = [Config(backend, processes, args.matches, args.seats, args.seconds, args.rounds,
                      args.think, args.compression, args.http, args.moves, args.affinity,
                      args.screens, args.check, args.lobby, args.join, args.setup)
               for backend in backends for processes in counts
               if processes == 1 or backend == "postgresql"]

    version = code_version()
    print(f"hacktable server load: {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, server source {version}; the clients run in this "
          f"process and share the cores.")
    print(f"{args.matches} matches x {args.seats} seats, {args.seconds:g} s window, "
          f"{args.rounds} rounds/match, early close, think {args.think:g} s, "
          f"WebSocket compression {'on' if args.compression else 'off'}, HTTP {args.http}, "
          f"moves over {args.moves}, screens: {args.screens}{' (checked)' if args.check else ''}"
          f", lobby connection per {args.lobby}, seats joined by {args.join}, set up by "
          f"{args.setup}"
          f"{', match affinity' if args.affinity else ''}.")
    results = []
    for config in configs:
        print(f"\n{config.name}: starting (load average {os.getloadavg()[0]:.1f}) ...",
              flush=True)
        try:
            result = run_config(config, args.profile, args.pauses)
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            print(f"  {config.name} did not run: {error!r}")
            continue
        result["source"] = version
        results.append(result)
        print(detail(result), flush=True)
    print("\nLatencies in ms, p50/p99 over the acts sent in the window. connected: the fewest "
          "seats connected at any\nsample / seats wanted. errors include pushes that never "
          "came. srv ms/act: server CPU per act (all processes),\nwhich a busy machine skews "
          "least. cpu: cores used during the window by the servers, this run's PostgreSQL\n"
          "backends, Redis, this client, and other processes (a busy machine skews every "
          "figure).\n")
    print(table(results))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2, default=str))


if __name__ == "__main__":
    main()
