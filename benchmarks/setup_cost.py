"""What setting up a match costs the server: create it, seat every player, start it, open
every seat's socket and read the first screen, then hang up.

    uv run python benchmarks/setup_cost.py [--matches 200] [--at-once 20] [--seats 5]
        [--screens patches|whole|view|lite] [--lobby seat|table] [--join post|socket]
        [--setup host|self|seated] [--profile FILE]
        [--by-step]

One SQLite server (as `server_load.py` starts it); the matches are set up by the same
client code as the load benchmark's, `--at-once` at a time. Prints the server's CPU per
match set up and the wall time. In the load benchmark every table finishes its match at
about the same moment and sets up the next at once, so this cost, times the tables, is a
pause in the moves (their push p99). `--profile FILE` samples the server with py-spy
(when installed next to this Python) for the whole run. `--by-step` then times each step
of a set-up apart, one request at a time (creating, joining, starting, opening a socket
until its first screen, closing it). Nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))

import server_load
from hacktable.engine.seats import seat_names


async def set_up(run: server_load.Run, matches: int, at_once: int) -> None:
    """`matches` set up `at_once` at a time: `at_once` tables, each opening one match after
    another (over the connection it keeps, with `--lobby table`)."""
    rng = random.Random(1)
    tables: asyncio.Queue[dict[int, server_load.Http] | None] = asyncio.Queue()
    for _ in range(at_once):
        tables.put_nowait({} if run.lobby == "table" else None)

    async def one(index: int) -> None:
        lobbies = await tables.get()
        try:
            seats = await run.open_match(index, rng, lobbies)
            await asyncio.gather(*(seat.close() for seat in seats))
        finally:
            tables.put_nowait(lobbies)

    try:
        await asyncio.gather(*(one(index) for index in range(matches)))
    finally:
        while not tables.empty():
            for kept in (tables.get_nowait() or {}).values():
                await kept.close()


async def by_step(url: str, pid: int, matches: int, seats: int, lobby: str,
                  screens: str) -> dict[str, float]:
    """Each step of a set-up on its own, one after another from one client, for `matches`
    matches: the server's CPU per request (microseconds). Joins go over the one kept
    connection with `--lobby table`, else each over a new one; sockets are opened one at a
    time, each until its first screen, and closed once all are open."""
    kept = server_load.RawHttp(url)
    costs: dict[str, float] = {}

    async def post(http: server_load.Http, path: str, body: Any = None,
                   token: str | None = None) -> Any:
        return await server_load.Run.call(http, path, body, token)

    def step(name: str, count: int, before: float) -> None:
        costs[name] = 1e6 * (server_load.cpu_seconds(pid) - before) / count

    names = seat_names(seats)
    options = {"early_close": True, "rounds": 10}
    before = server_load.cpu_seconds(pid)
    created = [await post(kept, "/api/matches", {"game": "rexfurum", "seats": seats,
                                                 "options": options})
               for _ in range(matches)]
    step("create a match", matches, before)
    before = server_load.cpu_seconds(pid)
    tokens = []
    for match in created:
        for seat in range(seats):
            http = kept if lobby == "table" else server_load.RawHttp(url)
            joined = await post(http, f"/api/matches/{match['code']}/join",
                                {"seat": seat, "name": names[seat]})
            if http is not kept:
                await http.close()
            tokens.append((match["code"], joined["token"]))
    step(f"take a seat ({'kept' if lobby == 'table' else 'new'} connection)",
         len(tokens), before)
    before = server_load.cpu_seconds(pid)
    for match in created:
        await post(kept, f"/api/matches/{match['code']}/host/start", None,
                   match["host_token"])
    step("start it", matches, before)
    await kept.close()
    before = server_load.cpu_seconds(pid)
    base = url.replace("http://", "ws://")
    sockets = []
    for code, token in tokens:
        socket = await connect(f"{base}/api/matches/{code}/ws?token={token}&format=json"
                               f"{server_load.SCREENS[screens]}", max_size=None,
                               compression=None)
        await socket.recv()
        sockets.append(socket)
    await asyncio.sleep(0.2)  # the server's side of the last ones
    step(f"open a socket, first screen ({screens})", len(sockets), before)
    before = server_load.cpu_seconds(pid)
    for socket in sockets:
        await socket.close()
    await asyncio.sleep(0.5)
    step("close a socket", len(sockets), before)

    # --setup seated: the host sits as they create, the last seat taken starts the match
    kept = server_load.RawHttp(url)
    before = server_load.cpu_seconds(pid)
    seated = [await post(kept, "/api/matches", {"game": "rexfurum", "seats": seats,
                                                "options": options, "start_when_full": True,
                                                "name": names[0], "seat": 0})
              for _ in range(matches)]
    step("create a match, the host seated", matches, before)
    last = 0.0
    for match in seated:
        for seat in range(1, seats):
            http = kept if lobby == "table" else server_load.RawHttp(url)
            before = server_load.cpu_seconds(pid)
            await post(http, f"/api/matches/{match['code']}/join",
                       {"seat": seat, "name": names[seat]})
            if seat == seats - 1:
                last += server_load.cpu_seconds(pid) - before
            if http is not kept:
                await http.close()
    costs["take the last seat, which starts it"] = 1e6 * last / matches
    await kept.close()
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--at-once", type=int, default=20)
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--screens", choices=tuple(server_load.SCREENS), default="patches")
    parser.add_argument("--lobby", choices=("seat", "table"), default="seat",
                        help="as server_load.py --lobby: a new connection for the host and "
                        "each seat (default), or one kept by each table")
    parser.add_argument("--join", choices=("post", "socket"), default="post",
                        help="seats join by POST /join, or as their sockets open (join=)")
    parser.add_argument("--setup", choices=("host", "self", "seated"), default="host",
                        help="as server_load.py --setup: the host starts the match (default), "
                        "the table starts itself when full, or that with the host seated as "
                        "they create it")
    parser.add_argument("--profile", type=Path, default=None)
    parser.add_argument("--by-step", action="store_true",
                        help="also each step of a set-up apart (create, join, start, open "
                        "and close a socket), one at a time, CPU per request")
    args = parser.parse_args()
    steps: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="hacktable-setup-") as temp:
        server = server_load.ServerProcess(f"sqlite:///{temp}/hacktable.db", None,
                                           Path(temp) / "server.log").start(False)
        try:
            assert server.process is not None
            pid = server.process.pid
            run = server_load.Run([server.url], args.at_once, args.seats, 10, 0.0, False,
                                  "raw", "ws", False, args.screens, False, args.lobby,
                                  args.join, args.setup)
            asyncio.run(set_up(run, 2, 2))  # warm: imports, first templates, caches
            spy = None
            py_spy = Path(sys.executable).with_name("py-spy")
            if args.profile is not None and py_spy.exists():
                spy = subprocess.Popen([str(py_spy), "record", "--pid", str(pid), "--format",
                                        "raw", "--rate", "200", "--gil", "--output",
                                        str(args.profile)], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
                time.sleep(1.0)
            cpu, wall = server_load.cpu_seconds(pid), time.monotonic()
            asyncio.run(set_up(run, args.matches, args.at_once))
            cpu, wall = server_load.cpu_seconds(pid) - cpu, time.monotonic() - wall
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                spy.wait(60)
            if args.by_step:
                steps = asyncio.run(by_step(server.url, pid, args.matches, args.seats,
                                            args.lobby, args.screens))
        finally:
            server.stop()
    errors = sum(run.stats.errors.values())
    print(f"{args.matches} matches of {args.seats} seats ({args.at_once} at once, "
          f"{args.screens} screens, lobby connection per {args.lobby}, joined by "
          f"{args.join}, set up by {args.setup}) in {wall:.1f} s: "
          f"server CPU {1000 * cpu / args.matches:.1f} ms per match set up; errors {errors}")
    for name, cost in steps.items():
        print(f"  {name:<44} {cost:6.0f} us of server CPU each")


if __name__ == "__main__":
    main()
