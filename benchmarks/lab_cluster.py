"""What a Dask cluster costs and gains against local play (docs/lab-cluster.md).

Plays the same seeds three ways, one local process, a local pool of N processes and a Dask
LocalCluster of N single-threaded worker processes, checks the three summaries are equal,
and prints games/s, the speed-up over one process, the cluster's fixed costs (start,
first import on the workers) and its overhead per task and per game.

Run: `nice -n 10 uv run python benchmarks/lab_cluster.py [--game cpu] [--players 2]
[--games 400] [--workers 2]`.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

from dask.distributed import Client, LocalCluster, wait

from hacktable.sim.batch import chunk_size, play_chunk, play_seeds
from hacktable.sim.summary import Summary


def timed(play: Callable[[Summary], None], game_id: str) -> tuple[float, Summary]:
    """Seconds one way of playing takes, and the summary it folds."""
    summary = Summary(game_id)
    started = time.perf_counter()
    play(summary)
    return time.perf_counter() - started, summary


def task_overhead(client: Client, tasks: int) -> tuple[float, float]:
    """Seconds per empty chunk: one at a time (latency), and all at once (throughput)."""
    started = time.perf_counter()
    for _ in range(tasks):
        client.submit(play_chunk, "cpu", ["turtle"], None, [], pure=False).result()
    latency = (time.perf_counter() - started) / tasks
    started = time.perf_counter()
    wait([client.submit(play_chunk, "cpu", ["turtle"], None, [], pure=False)
          for _ in range(tasks)])
    return latency, (time.perf_counter() - started) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cpu")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    bots = {"cpu": ["aggressive", "turtle"]}.get(args.game)
    if bots is None:
        from hacktable.bots.registry import default_bots
        from hacktable.games import get_game
        bots = default_bots(get_game(args.game))
    seats = [bots[seat % len(bots)] for seat in range(args.players)]
    seeds = range(1, args.games + 1)
    n = args.workers
    print(f"{args.game}, {args.players} players ({', '.join(seats)}, rotated), "
          f"{args.games} games, chunks of {chunk_size(args.games, n)}; {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}")

    one, local = timed(lambda s: play_seeds(args.game, seats, None, seeds, 1, sink=s.add,
                                            rotate=True), args.game)
    pool, pooled = timed(lambda s: play_seeds(args.game, seats, None, seeds, n, sink=s.add,
                                              rotate=True), args.game)
    started = time.perf_counter()
    with LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        start = time.perf_counter() - started
        started = time.perf_counter()
        client.run(play_chunk, "cpu", ["turtle"], None, [])  # imports hacktable on each
        warm = time.perf_counter() - started
        executor = client.get_executor(pure=False)
        dask, clustered = timed(lambda s: play_seeds(args.game, seats, None, seeds, n,
                                                     sink=s.add, rotate=True,
                                                     executor=executor), args.game)
        latency, throughput = task_overhead(client, 200)
    assert local.to_json() == pooled.to_json() == clustered.to_json(), "summaries differ"

    rows = [("1 local process", one), (f"local pool, {n} processes", pool),
            (f"Dask LocalCluster, {n} workers", dask)]
    print(f"{'how':<32} {'seconds':>8} {'games/s':>8} {'speed-up':>9}")
    for name, seconds in rows:
        print(f"{name:<32} {seconds:8.2f} {args.games / seconds:8.1f} {one / seconds:8.2f}x")
    print("summaries: identical in all three")
    print(f"cluster fixed costs: start {start:.2f} s, first import on the workers {warm:.2f} s")
    print(f"per task (an empty chunk): {latency * 1000:.1f} ms one at a time, "
          f"{throughput * 1000:.2f} ms each when {200} are queued")
    print(f"dispatch per game at chunks of {chunk_size(args.games, n)}: "
          f"{throughput / chunk_size(args.games, n) * 1000:.3f} ms")
    print(f"per game, cluster against the local pool: "
          f"{(dask - pool) / args.games * 1000:+.2f} ms")
    print(f"per game, cluster against a perfect {n}-way split of one process: "
          f"{(dask - one / n) / args.games * 1000:+.2f} ms "
          f"(one game takes {one / args.games * 1000:.1f} ms in one process)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
