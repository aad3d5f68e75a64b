"""The load benchmark's closed loop in one process, through the application's ASGI interface:
CPU per move of hacktable's own code (and Starlette's and FastAPI's), without uvicorn, the
network or a second process.

    uv run python benchmarks/asgi_moves.py [--tables 20] [--matches 3] [--parts view,prompt,outcome]
        [--setup host|self|seated] [--rounds 10] [--profile] [--sort tottime] [--top 60]

Each table creates a Rex Furum match (5 seats, early close, 10 rounds), seats everyone,
starts it, opens every seat's screen socket (`format=json`, with `--parts`; `--parts ''`
for whole screens then patches) and plays it to its end, `--matches` times; every seat
sends one legal single order as soon as its screen asks for orders, as
`server_load.py`'s seats do, and waits for the screen that shows it. The server's side runs
in this process on an SQLite file (durable, its writer thread included), as `serve` runs
it. Prints the moves, the wall time and the process's CPU per move, set-up included.

The load benchmark's figures move by ±10% from one run to the next on a shared two-core
machine; this one's CPU figure too. For changes of a few per cent, count instructions
instead, which repeat to within 0.3% on a quiet machine (other work beside it changes how
the writer thread groups commits): run it twice under valgrind with different
`--matches` and divide the difference by the difference in moves, e.g.

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/asgi_moves.py --tables 4 --matches 1
    (the same with --matches 4: 600 moves more; "I refs" is the count)

`--profile` runs the measured part under cProfile (which inflates every call, the small
ones most) and prints the top of its table. Nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from typing import Any

NAMES = ["Ada", "Bruno", "Cleo", "Dmitri", "Eve"]
HEADERS = [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json")]
Message = dict[str, Any]


async def post(app: Any, path: str, payload: Any = None, token: str | None = None) -> Any:
    """One POST through the application, as uvicorn would hand it over."""
    body = b"" if payload is None else json.dumps(payload).encode()
    headers = [*HEADERS, (b"content-length", str(len(body)).encode())]
    if token:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "state": {}, "headers": headers,
             "client": ("127.0.0.1", 5555), "server": ("127.0.0.1", 8000)}
    sent: list[Message] = []
    incoming = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> Message:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)

    await app(scope, receive, send)
    if sent[0]["status"] >= 300:
        raise RuntimeError(f"POST {path}: {sent[0]['status']} {sent[-1].get('body')!r}")
    return json.loads(sent[-1]["body"]) if sent[-1].get("body") else None


class Seat:
    """One player's screen socket, held in this process: applies what it is pushed, and
    sends an order whenever its screen asks for one."""

    def __init__(self, app: Any, code: str, token: str, seat: int, parts: str,
                 counts: dict[str, int], rng: random.Random) -> None:
        self.app, self.code, self.token, self.seat = app, code, token, seat
        self.parts, self.counts, self.rng = parts, counts, rng
        self.outbox: asyncio.Queue[Message] = asyncio.Queue()
        self.screen: dict[str, Any] | None = None
        self.pending = False
        self.reach = 0  # the seq the next screen must show: the last move applied
        self.sent = 0
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.task: asyncio.Task[None] | None = None

    def open(self) -> None:
        query = f"token={self.token}&format=json" + (f"&parts={self.parts}" if self.parts
                                                     else "")
        path = f"/api/matches/{self.code}/ws"
        scope = {"type": "websocket", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "scheme": "ws", "path": path, "raw_path": path.encode(),
                 "query_string": query.encode(), "root_path": "", "headers": HEADERS,
                 "client": ("127.0.0.1", 5555), "server": ("127.0.0.1", 8000),
                 "subprotocols": [], "state": {}}
        connect = [{"type": "websocket.connect"}]

        async def receive() -> Message:
            return connect.pop() if connect else await self.outbox.get()

        self.task = asyncio.create_task(self.app(scope, receive, self.pushed))

    async def pushed(self, message: Message) -> None:
        from hacktable.server import delta

        if message["type"] == "websocket.close":
            self.finish()
            return
        if message["type"] != "websocket.send":
            return
        data = json.loads(message["text"])
        kind = data.get("type")
        if kind == "screen":
            self.screen = data
        elif kind == "patch":
            self.screen = delta.apply(self.screen, data["patch"])
        elif kind == "acted":
            self.counts["moves"] += 1
            self.pending = False
            self.reach = max(data.get("accepted") or [0])
        elif kind == "refused":
            raise RuntimeError(f"a move was refused: {data}")
        self.play()

    def play(self) -> None:
        screen = self.screen
        if screen is None or self.pending or screen.get("seq", 0) < self.reach:
            return
        if screen.get("outcome") is not None:
            self.finish()
            return
        prompt = screen.get("prompt")
        if prompt is None or prompt.get("submitted"):
            return
        view = screen.get("view")
        players = view["players"] if view else NAMES
        target = self.rng.choice([p for p in range(len(players)) if p != self.seat])
        pick = self.rng.randrange(4)
        body = ({"text": "protect self"} if pick == 0
                else {"text": f"embezzle {players[target]}"} if pick == 1
                else {"action": {"orders": [{"do": "protect", "target": self.seat}]}}
                if pick == 2 else {"action": {"orders": [{"do": "embezzle",
                                                          "target": target}]}})
        self.sent += 1
        self.pending = True
        self.outbox.put_nowait({"type": "websocket.receive",
                                "text": json.dumps({"type": "act", "id": self.sent, **body})})

    def finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)


async def table(app: Any, index: int, matches: int, parts: str,
                counts: dict[str, int], setup: str = "host", rounds: int = 10) -> None:
    """One table: `matches` matches, one after another, set up as `server_load.py
    --setup` says (the host starts each; it starts itself; the host also sits as they
    create it)."""
    rng = random.Random(index)
    for _ in range(matches):
        body: dict[str, Any] = {"game": "rexfurum", "seats": len(NAMES),
                                "options": {"early_close": True, "rounds": rounds},
                                "start_when_full": setup != "host"}
        if setup == "seated":
            body.update(name=NAMES[0], seat=0)
        created = await post(app, "/api/matches", body)
        code = created["code"]
        tokens = [created["seat_token"]] if setup == "seated" else []
        tokens += [(await post(app, f"/api/matches/{code}/join",
                               {"seat": seat, "name": NAMES[seat]}))["token"]
                   for seat in range(len(tokens), len(NAMES))]
        if setup == "host":
            await post(app, f"/api/matches/{code}/host/start", None, created["host_token"])
        seats = [Seat(app, code, tokens[seat], seat, parts, counts, rng)
                 for seat in range(len(NAMES))]
        for seat in seats:
            seat.open()
        await asyncio.gather(*(seat.done for seat in seats))
        for seat in seats:
            seat.outbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await asyncio.gather(*(seat.task for seat in seats if seat.task is not None))
        counts["matches"] += 1


async def run(args: argparse.Namespace) -> None:
    from hacktable.site import app_from_env

    app = app_from_env()
    async with app.router.lifespan_context(app):
        counts = {"moves": 0, "matches": 0}
        await asyncio.gather(*(table(app, index, 1, args.parts, counts)
                               for index in range(min(4, args.tables))))  # warm
        counts = {"moves": 0, "matches": 0}
        profile = None
        if args.profile:
            import cProfile

            profile = cProfile.Profile()
            profile.enable()
        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.gather(*(table(app, index, args.matches, args.parts, counts,
                                     args.setup, args.rounds)
                               for index in range(args.tables)))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if profile is not None:
            import pstats

            profile.disable()
            pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)
    print(f"{counts['moves']} moves in {counts['matches']} matches, {wall:.1f} s: "
          f"CPU {1000 * cpu / max(1, counts['moves']):.3f} ms a move, set-up included")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--matches", type=int, default=3, help="matches per table")
    parser.add_argument("--parts", default="view,prompt,outcome",
                        help="the screen parts each seat's socket asks for ('' for all)")
    parser.add_argument("--setup", choices=("host", "self", "seated"), default="host",
                        help="as server_load.py --setup")
    parser.add_argument("--rounds", type=int, default=10, help="rounds a match")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--top", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hacktable-asgi-") as folder:
        os.environ["HACKTABLE_DATABASE_URL"] = f"sqlite:///{folder}/hacktable.db"
        os.environ["HACKTABLE_LOOKUP_MISSES_PER_HOUR"] = "0"
        os.environ["HACKTABLE_CREATES_PER_HOUR"] = "0"
        os.environ["HACKTABLE_JOINS_PER_HOUR"] = "0"
        os.environ["HACKTABLE_MOVES_PER_SECOND"] = "0"  # seats at machine speed, 100 rounds
        import uvloop

        uvloop.run(run(args))


if __name__ == "__main__":
    main()
