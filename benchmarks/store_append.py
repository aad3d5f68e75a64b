"""What a durable move costs the store: processor time per append on SQLite.

    .venv/bin/python benchmarks/store_append.py [--matches 20] [--rounds 200] [--repeat 3]

`--matches` matches each append one entry per round at once (as a busy table's moves arrive
together), `--rounds` times, through the store's writer thread and through SQLAlchemy's
async layer (the path every move took before), alternating, `--repeat` times each. Prints
processor milliseconds per append (every thread of this process: the writer's and
aiosqlite's included), wall milliseconds per round and how many commits (syncs) the rounds
took. Processor time per append is the figure a busy machine distorts least; nothing here
asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from hacktable.engine.match import Entry
from hacktable.store import Store

CLOCK = {"status": "running", "phase_key": "p", "deadline_at": 1.0, "remaining": None}
PAYLOAD = {"order": "embezzle Bruno", "text": "embezzle Bruno", "amount": 3}


async def one_run(folder: Path, writer_thread: bool, matches: int,
                  rounds: int) -> tuple[float, float, int]:
    """(cpu ms per append, wall ms per round, commits) for one fresh database."""
    path = folder / f"bench-{writer_thread}-{time.monotonic_ns()}.db"
    store = await Store.open(f"sqlite:///{path}", writer_thread=writer_thread)
    ids = [(await store.create_match(code=f"B{n:05d}", game="rexfurum", options={},
                                     seed="s", host_token="h", now=1.0, seats=5,
                                     bots={})).id for n in range(matches)]
    commits_before = store._appender.commits if store._appender else 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seq in range(rounds):
        await asyncio.gather(*(store.append(match, seq, [Entry(seq + 1, "action", 0, PAYLOAD,
                                                               "2026-01-01T00:00:00")],
                                            **CLOCK) for match in ids))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    commits = (store._appender.commits - commits_before) if store._appender else -1
    await store.close()
    return 1000 * cpu / (matches * rounds), 1000 * wall / rounds, commits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{args.matches} matches x {args.rounds} rounds, load average "
          f"{os.getloadavg()[0]:.1f}")
    figures: dict[str, list[tuple[float, float, int]]] = {"writer thread": [],
                                                           "SQLAlchemy async": []}
    with tempfile.TemporaryDirectory(prefix="store-append-") as scratch:
        for _ in range(args.repeat):
            for name, thread in (("writer thread", True), ("SQLAlchemy async", False)):
                figures[name].append(asyncio.run(
                    one_run(Path(scratch), thread, args.matches, args.rounds)))
    print(f"{'path':<18}  {'cpu ms/append':>13}  {'wall ms/round':>13}  runs")
    for name, runs in figures.items():
        cpu = [run[0] for run in runs]
        wall = [run[1] for run in runs]
        print(f"{name:<18}  {statistics.median(cpu):>13.3f}  {statistics.median(wall):>13.2f}"
              f"  {', '.join(f'{c:.3f}' for c in cpu)}")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
