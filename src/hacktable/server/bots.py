"""Bots at the table: a seat marked as a bot is played by the server, from that seat's view
only, with the same `Bot` objects the simulator uses.

Bots act in the background after each move of their match, one runner per match, in the
process that committed the move (so each move asks the bots once, however many processes
serve the match). A bot that hands in nothing, or is refused, is not asked again until its
prompt changes. Heuristic bots decide on the event loop (they take well under a
millisecond); searching bots think in worker processes (`server/thinking.py`), without
the match's lock, and their move is made only if the match did not move meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from typing import Any

from hacktable.bots.registry import equip, make_bot
from hacktable.engine.contract import Prompt
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.engine.rng import derive_seed
from hacktable.server import clockwork, thinking
from hacktable.server.clock import iso
from hacktable.server.live import Live
from hacktable.server.match_writer import MatchWriter
from hacktable.server.matches import Matches
from hacktable.server.thinking import ThinkingPool
from hacktable.store.records import BOT, RUNNING

log = logging.getLogger(__name__)


DEFAULT_THINKER_ITERATIONS = 256
"""The most search iterations a bot may spend on one move at a served table."""
DEFAULT_THINKER_SECONDS = 1.0
"""The most seconds a bot may search for one move at a served table."""


class SeatBots:
    """The bots of every match this process holds: one runner per match, asked to look
    again after each move committed here (`kick`)."""

    def __init__(self, matches: Matches, writer: MatchWriter) -> None:
        self.matches = matches
        self.writer = writer
        self.thinking = ThinkingPool(1, DEFAULT_THINKER_ITERATIONS, DEFAULT_THINKER_SECONDS)
        """Where searching bots think (off the event loop); the server sets its size."""
        self.closing = False

    def kick(self, live: Live) -> None:
        """Start the match's bot runner, or tell the running one to look again."""
        if self.closing or not any(s.kind == BOT for s in live.seats) or live.match is None:
            return
        if live.bots_task is not None and not live.bots_task.done():
            live.bots_again = True
            return
        live.bots_task = asyncio.create_task(_run(self, live))

    async def close(self) -> None:
        """Stop every runner (a bot mid-move is cancelled: its move was not committed),
        then the thinking pool."""
        self.closing = True
        tasks = [live.bots_task for live in self.matches.held().values()
                 if live.bots_task is not None and not live.bots_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await asyncio.to_thread(self.thinking.close)


async def _run(bots: SeatBots, live: Live) -> None:
    try:
        live.bots_again = True
        while live.bots_again:
            live.bots_again = False
            while await _think(live) and await _step(bots, live):
                live.bots_again = False
    except Exception:
        log.exception("a bot failed in match %s", live.record.code)


async def _think(live: Live) -> bool:
    """Take the match's pace before a bot move, so that people at the table can follow what
    the bots do (a second or two by default at a served table; none in the simulator)."""
    pace = live.record.bot_pace or 0.0
    if pace > 0:
        rng = random.Random(derive_seed(live.record.seed, live.seq, "pace"))
        await asyncio.sleep(pace * rng.uniform(0.7, 1.3))
    return True


async def _step(bots: SeatBots, live: Live) -> bool:
    """One bot move, if a bot is being asked for one; True if a bot acted (or should be
    asked again)."""
    async with live.lock:
        await bots.matches.sync(live)
        asked = _asked(live)
        if asked is None:
            return False
        seat, prompt, bot = asked
        match = live.match
        assert match is not None
        legal = match.legal_actions(seat) if bot.wants_legal else None
        seed = derive_seed(live.record.seed, match.next_seq, f"bot{seat}")
        if not thinking.wants_thinking(bot):  # a heuristic: well under a millisecond
            # the seat's media, as its person gets it
            equip(bot, live.game, match.state, seat, len(live.seats), table=True)
            action = bot.act(match.view(seat), prompt, legal, random.Random(seed))
            return await _move(bots, live, seat, prompt, action)
        decision = thinking.Decision(
            live.game.id, live.seats[seat].personality or "thinker", seat, len(live.seats),
            match.view(seat), prompt, legal, tree_copy(match.state), seed,
            bots.thinking.iterations, bots.thinking.move_seconds)
        seq = live.seq
    action = await bots.thinking.decide(decision)  # off the loop, without the lock
    async with live.lock:
        await bots.matches.sync(live)
        again = _asked(live)
        if live.seq != seq or again is None or again[:2] != (seat, prompt):
            return True  # the match moved while the bot thought: think again
        return await _move(bots, live, seat, prompt, action)


def _asked(live: Live) -> tuple[int, Prompt, Any] | None:
    """The first bot seat asked for a move it has not made (nor declined), with its bot."""
    match = live.match
    if match is None or live.record.status != RUNNING:
        return None
    prompts = match.prompts()
    for seat in live.seats:
        prompt = prompts.get(seat.seat)
        if (seat.kind != BOT or prompt is None or prompt.submitted
                or live.declined.get(seat.seat) == prompt):
            continue
        return seat.seat, prompt, make_bot(live.game, seat.personality or "random-legal")
    return None


async def _move(bots: SeatBots, live: Live, seat: int, prompt: Prompt, action: Any) -> bool:
    """Make the bot's move (under the match's lock); a bot that hands in nothing, or is
    refused, is not asked again until its prompt changes."""
    if action is None:
        live.declined[seat] = prompt
        return True

    def move(live: Live, now: float) -> clockwork.ClockState:
        assert live.match is not None
        live.match.submit(seat, action, at=iso(now))
        return live.clock

    try:
        await bots.writer.write(live, move)
    except Rejected as error:
        log.info("bot in seat %s refused: %s", seat, error.reason)
        live.declined[seat] = prompt
    return True
