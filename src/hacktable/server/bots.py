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
import logging
import random
from collections.abc import Callable
from typing import Any, Protocol

from hacktable.bots.registry import equip, make_bot
from hacktable.engine.contract import Prompt
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.engine.match import Entry
from hacktable.engine.rng import derive_seed
from hacktable.server import clockwork, thinking
from hacktable.server.clock import iso
from hacktable.server.live import Live
from hacktable.store.records import BOT, RUNNING


class Table(Protocol):
    """What the bots need of the table (`service.Table`): bring a match up to date, make a
    move by its one path, and the pool where searching bots think."""

    thinking: thinking.ThinkingPool

    async def sync(self, live: Live) -> None: ...

    async def write(self, live: Live, step: Callable[[Live, float], clockwork.ClockState]
                    ) -> list[Entry]: ...

log = logging.getLogger(__name__)


def kick(table: Table, live: Live) -> None:
    """Start the match's bot runner, or tell the running one to look again."""
    if not any(s.kind == BOT for s in live.seats) or live.match is None:
        return
    if live.bots_task is not None and not live.bots_task.done():
        live.bots_again = True
        return
    live.bots_task = asyncio.create_task(_run(table, live))


async def _run(table: Table, live: Live) -> None:
    try:
        live.bots_again = True
        while live.bots_again:
            live.bots_again = False
            while await _think(live) and await _step(table, live):
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


async def _step(table: Table, live: Live) -> bool:
    """One bot move, if a bot is being asked for one; True if a bot acted (or should be
    asked again)."""
    async with live.lock:
        await table.sync(live)
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
            equip(bot, match.game, match.state, seat, len(live.seats), table=True)
            action = bot.act(match.view(seat), prompt, legal, random.Random(seed))
            return await _move(table, live, seat, prompt, action)
        decision = thinking.Decision(
            live.game.id, live.seats[seat].personality or "thinker", seat, len(live.seats),
            match.view(seat), prompt, legal, tree_copy(match.state), seed,
            table.thinking.iterations, table.thinking.move_seconds)
        seq = live.seq
    action = await table.thinking.decide(decision)  # off the loop, without the lock
    async with live.lock:
        await table.sync(live)
        again = _asked(live)
        if live.seq != seq or again is None or again[:2] != (seat, prompt):
            return True  # the match moved while the bot thought: think again
        return await _move(table, live, seat, prompt, action)


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


async def _move(table: Table, live: Live, seat: int, prompt: Prompt, action: Any) -> bool:
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
        await table.write(live, move)
    except Rejected as error:
        log.info("bot in seat %s refused: %s", seat, error.reason)
        live.declined[seat] = prompt
    return True
