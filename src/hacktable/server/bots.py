"""Bots at the table: a seat marked as a bot is played by the server, from that seat's view
only, with the same `Bot` objects the simulator uses.

Bots act in the background after each move of their match, one runner per match, in the
process that committed the move (so each move asks the bots once, however many processes
serve the match). A bot that hands in nothing, or is refused, is not asked again until its
prompt changes.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

from hacktable.bots.registry import equip, make_bot
from hacktable.engine.errors import Rejected
from hacktable.engine.rng import derive_seed
from hacktable.server import clockwork
from hacktable.server.clock import iso
from hacktable.store.records import BOT, RUNNING

if TYPE_CHECKING:
    from hacktable.server.service import Live, Table

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
    """One bot move, if a bot is being asked for one; True if a bot acted."""
    async with live.lock:
        await table._sync(live)
        match = live.match
        if match is None or live.record.status != RUNNING:
            return False
        prompts = match.prompts()
        for seat in live.seats:
            prompt = prompts.get(seat.seat)
            if (seat.kind != BOT or prompt is None or prompt.submitted
                    or live.declined.get(seat.seat) == prompt):
                continue
            bot = make_bot(live.game, seat.personality or "random-legal")
            legal = match.legal_actions(seat.seat) if getattr(bot, "wants_legal", False) else None
            # the seat's media, as its person gets it, and a searching bot's sampler
            equip(bot, match.game, match.state, seat.seat, len(live.seats), table=True)
            rng = random.Random(derive_seed(live.record.seed, match.next_seq, f"bot{seat.seat}"))
            action = bot.act(match.view(seat.seat), prompt, legal, rng)
            if action is None:
                live.declined[seat.seat] = prompt
                return True

            def move(live: Live, now: float, seat: int = seat.seat,
                     action: Any = action) -> clockwork.ClockState:
                assert live.match is not None
                live.match.submit(seat, action, at=iso(now))
                return live.clock

            try:
                await table._write(live, move)
            except Rejected as error:
                log.info("bot in seat %s refused: %s", seat.seat, error.reason)
                live.declined[seat.seat] = prompt
            return True
    return False
