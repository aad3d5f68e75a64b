"""Many matches over worker processes: game i gets seed + i, whatever process plays it.

Workers receive the game's id (not the game object) and send back only `GameResult`s;
the parent folds them in seed order, so one worker and sixteen give the same summary.
The chunks go to a local process pool or, given an executor (a Dask cluster's, see
`sim/cluster.py`), to that executor: the same calls, folded the same way.
With rotation the bots move round the table from seed to seed (by the seed alone, so
however the games are split the same seed seats the same bots), which separates a
seat's advantage from a strategy's.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from typing import Any

from hacktable.games import get_game
from hacktable.sim.results import GameResult, result_of
from hacktable.sim.runner import play_match
from hacktable.sim.summary import Summary

Progress = Callable[[int, int], None]
"""Called with (games done, games in all) as games finish."""
Sink = Callable[[GameResult], None]
"""Called with each result, in seed order, as it is folded in (to store it at once)."""

MAX_CHUNK = 50


def rotated(personalities: Sequence[str], seed: int) -> list[str]:
    """The bots as seated for this seed under rotation: shifted by seed mod seats."""
    n = len(personalities)
    return [personalities[(seat + seed) % n] for seat in range(n)]


def play_chunk(
    game_id: str, personalities: Sequence[str], options: Mapping[str, Any] | None,
    seeds: Sequence[int], rotate: bool = False,
) -> list[GameResult]:
    """Play one match per seed; the unit of work a worker process receives."""
    game = get_game(game_id)
    return [result_of(play_match(game, rotated(personalities, seed) if rotate
                                 else personalities, options, seed)) for seed in seeds]


def chunk_size(games: int, workers: int) -> int:
    """Several chunks per worker keep them all busy to the end and the progress bar moving."""
    return max(1, min(MAX_CHUNK, games // (workers * 8)))


def run_batch(
    game_id: str,
    personalities: Sequence[str],
    options: Mapping[str, Any] | None = None,
    games: int = 100,
    seed: int = 1,
    workers: int = 1,
    progress: Progress | None = None,
    rotate: bool = False,
) -> Summary:
    """Play `games` matches (seeds seed .. seed+games-1) and summarise them.

    `workers` = 1 plays in this process; more starts that many processes (0: one per CPU).
    """
    summary = Summary(game_id)
    play_seeds(game_id, personalities, options, range(seed, seed + games), workers,
               progress, summary.add, rotate)
    return summary


def play_seeds(
    game_id: str,
    personalities: Sequence[str],
    options: Mapping[str, Any] | None,
    seeds: Sequence[int],
    workers: int = 1,
    progress: Progress | None = None,
    sink: Sink | None = None,
    rotate: bool = False,
    executor: Executor | None = None,
) -> None:
    """Play one match per seed and hand each result to `sink` in seed order.

    With `executor` the chunks go there (`workers` then only sizes them: the slots it has);
    otherwise `workers` > 1 starts a process pool for this call.
    """
    workers = workers or os.cpu_count() or 1
    seeds = list(seeds)
    games = len(seeds)
    if executor is None and (workers == 1 or games <= 1):
        for done, one in enumerate(seeds, start=1):
            for result in play_chunk(game_id, personalities, options, [one], rotate):
                if sink:
                    sink(result)
            if progress:
                progress(done, games)
        return
    size = chunk_size(games, workers)
    chunks = [seeds[start:start + size] for start in range(0, games, size)]
    if executor is not None:
        play_chunks(executor, game_id, personalities, options, chunks, rotate, progress, sink)
        return
    # "spawn" starts clean interpreters: forking while the progress bar's thread holds a lock
    # could hang a worker.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(min(workers, len(chunks)), mp_context=context) as pool:
        play_chunks(pool, game_id, personalities, options, chunks, rotate, progress, sink)


def play_chunks(
    executor: Executor,
    game_id: str,
    personalities: Sequence[str],
    options: Mapping[str, Any] | None,
    chunks: Sequence[Sequence[int]],
    rotate: bool,
    progress: Progress | None,
    sink: Sink | None,
) -> None:
    """Submit every chunk, then fold results in chunk order as they come, whoever plays them."""
    games = sum(len(chunk) for chunk in chunks)
    futures = {executor.submit(play_chunk, game_id, list(personalities),
                               dict(options) if options is not None else None, list(chunk),
                               rotate): index
               for index, chunk in enumerate(chunks)}
    finished: dict[int, list[GameResult]] = {}
    next_index = done = 0
    pending = set(futures)
    try:
        while pending:
            ready, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                results = future.result()
                finished[futures[future]] = results
                done += len(results)
            while next_index in finished:  # fold in seed order
                for result in finished.pop(next_index):
                    if sink:
                        sink(result)
                next_index += 1
            if progress:
                progress(done, games)
    except BaseException:  # a failing game or Ctrl-C: do not play the rest
        for future in pending:
            future.cancel()
        raise
