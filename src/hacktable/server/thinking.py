"""Bots that search think in worker processes, never on the server's event loop.

A searching bot (the thinker) may play thousands of games forward before it moves. Done on
the event loop, a table of six of them froze every other table for seconds at a time. Here
its decision runs in a pool of worker processes started on first use (niced, so the
server's own process keeps the processor), with a bounded search: at most
`iterations` a move and `move_seconds` of search, whatever the personality asked for. A
worker that does not answer within twice that (and a few seconds) is replaced, and the
game's own heuristic bot makes that move instead. Each table's bot runner waits for one
decision at a time, so tables take turns at the pool.

Heuristic bots decide in well under a millisecond and stay on the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from hacktable.engine.contract import Prompt

log = logging.getLogger(__name__)
GRACE_SECONDS = 5.0
"""Beyond twice its search budget, how long a worker may take to answer before it is
replaced (a worker that starts cold imports the games first)."""


def wants_thinking(bot: Any) -> bool:
    """Whether this bot searches (and so thinks in a worker process)."""
    return bool(bot.wants_sampler)


@dataclass(frozen=True, slots=True)
class Decision:
    """Everything a worker needs to decide for one seat, as plain data."""

    game: str
    personality: str
    seat: int
    seats: int
    view: Any
    prompt: Prompt
    legal: list[Any] | None
    state: Any
    """The true state: only the bot's sampler reads it, through the game's `redeal`, so
    what the bot learns is what its seat may see."""
    seed: int
    iterations: int
    move_seconds: float


def _decide(decision: Decision) -> Any:
    """In a worker: make the bot, hand it what its seat may use, let it think."""
    from hacktable.bots.registry import equip, make_bot
    from hacktable.games import get_game

    game = get_game(decision.game)
    bot = make_bot(game, decision.personality)
    equip(bot, game, decision.state, decision.seat, decision.seats, table=True)
    if hasattr(bot, "iterations"):
        bot.iterations = min(bot.iterations, decision.iterations)
    if hasattr(bot, "time_budget"):
        bot.time_budget = min(bot.time_budget or decision.move_seconds, decision.move_seconds)
    return bot.act(decision.view, decision.prompt, decision.legal,
                   random.Random(decision.seed))


def _worker_start() -> None:
    """Workers yield the processor to the server's own process."""
    with contextlib.suppress(OSError):
        os.nice(10)


def _fallback(decision: Decision) -> Any:
    """The game's own heuristic decides, when thinking failed or took too long."""
    from hacktable.bots.ismcts import ThinkerBot
    from hacktable.games import get_game

    return ThinkerBot(get_game(decision.game)).fallback(
        decision.view, decision.prompt, decision.legal, random.Random(decision.seed))


class ThinkingPool:
    """The worker processes searching bots think in."""

    def __init__(self, workers: int, iterations: int, move_seconds: float) -> None:
        self.workers = max(1, workers)
        self.iterations = iterations
        self.move_seconds = move_seconds
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # no copy of the server's threads
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context,
                                             initializer=_worker_start)
        return self._pool

    async def decide(self, decision: Decision) -> Any:
        """The bot's move (None: it hands in nothing), thought out in a worker."""
        loop = asyncio.get_running_loop()
        limit = 2 * self.move_seconds + GRACE_SECONDS
        try:
            future = loop.run_in_executor(self._executor(), _decide, decision)
            return await asyncio.wait_for(future, limit)
        except (TimeoutError, BrokenProcessPool) as error:
            log.warning("a %s bot did not answer in %.0f s (%s); its heuristic moves instead",
                        decision.personality, limit, type(error).__name__)
            self._replace()
            return _fallback(decision)

    def _replace(self) -> None:
        """Stop every worker (one is stuck) so the next decision starts fresh ones."""
        self.close(wait=0.0)

    def close(self, wait: float = 5.0) -> None:
        """Stop the workers now (what they were thinking about is dropped)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.kill()
            if wait:
                process.join(wait)
