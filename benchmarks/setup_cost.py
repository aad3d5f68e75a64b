"""What setting up a match costs the server: create it, seat every player, start it, open
every seat's socket and read the first screen, then hang up.

    uv run python benchmarks/setup_cost.py [--matches 200] [--at-once 20] [--seats 5]
        [--screens patches|whole|view|lite] [--lobby seat|table] [--profile FILE]

One SQLite server (as `server_load.py` starts it); the matches are set up by the same
client code as the load benchmark's, `--at-once` at a time. Prints the server's CPU per
match set up and the wall time. In the load benchmark every table finishes its match at
about the same moment and sets up the next at once, so this cost, times the tables, is a
pause in the moves (their push p99). `--profile FILE` samples the server with py-spy
(when installed next to this Python) for the whole run. Nothing here asserts on time.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))

import server_load


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--at-once", type=int, default=20)
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--screens", choices=tuple(server_load.SCREENS), default="patches")
    parser.add_argument("--lobby", choices=("seat", "table"), default="seat",
                        help="as server_load.py --lobby: a new connection for the host and "
                        "each seat (default), or one kept by each table")
    parser.add_argument("--profile", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hacktable-setup-") as temp:
        server = server_load.ServerProcess(f"sqlite:///{temp}/hacktable.db", None,
                                           Path(temp) / "server.log").start(False)
        try:
            assert server.process is not None
            pid = server.process.pid
            run = server_load.Run([server.url], args.at_once, args.seats, 10, 0.0, False,
                                  "raw", "ws", False, args.screens, False, args.lobby)
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
        finally:
            server.stop()
    errors = sum(run.stats.errors.values())
    print(f"{args.matches} matches of {args.seats} seats ({args.at_once} at once, "
          f"{args.screens} screens, lobby connection per {args.lobby}) in {wall:.1f} s: "
          f"server CPU {1000 * cpu / args.matches:.1f} ms per match set up; errors {errors}")


if __name__ == "__main__":
    main()
