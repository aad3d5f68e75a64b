"""The deadline loop: every process looks for phases whose time ran out and closes them.

Deadlines are wall-clock times stored with each match, so a phase closes on time even
across a restart; the store's claim and the sequence-number check make each fire once.
"""

from __future__ import annotations

import asyncio
import logging
import math

from hacktable.server import housekeeping
from hacktable.server.table import Table

log = logging.getLogger(__name__)


CATCH_UP_SECONDS = 2.0
"""How often watched matches are checked against the store, in case a fan-out message was
lost."""


HOUSEKEEPING_SECONDS = 60.0
"""How often idle matches are forgotten and expired ones removed."""
IDLE_SECONDS = 600.0
"""A match nobody watched or moved here for this long is dropped from memory (not from the
store: the next request rebuilds it)."""


async def run_deadlines(table: Table, tick: float, lease: float, keep_days: float = 0,
                        first_pass: asyncio.Event | None = None) -> None:
    """Fire due deadlines, every `tick` seconds or sooner when one is due.

    An idle tick costs a clock reading: the store is asked again only when a deadline is
    due, when this process heard of a change (a move, a start, a pause or an extension, here
    or from another process: `FanOut.heard`), and at every catch-up, which also finds the
    deadlines of a process that died without announcing them. `first_pass` is set once the
    phases that ran out while no process watched are closed and the next deadline is
    known: the server says it is ready only then."""
    ticks_per_catch_up = max(1, round(CATCH_UP_SECONDS / tick))
    ticks_per_housekeeping = max(1, round(HOUSEKEEPING_SECONDS / tick))
    count = 0
    heard = -1
    next_due = UNKNOWN
    while True:
        count += 1
        catching_up = count % ticks_per_catch_up == 0
        try:
            if heard != table.fanout.heard or catching_up or table.clock.now() >= next_due:
                heard = table.fanout.heard
                await table.play.close_due(lease)
                next_due = await _next_due(table)
            if catching_up:
                await table.fanout.catch_up()
            if count % ticks_per_housekeeping == 0:
                housekeeping.evict_idle(table, IDLE_SECONDS)
                await housekeeping.expire(table, keep_days)
        except asyncio.CancelledError:
            raise
        except Exception:  # a database hiccup must not stop the clock for good
            log.exception("deadline loop failed; trying again")
            next_due = UNKNOWN
        if first_pass is not None:
            first_pass.set()
        await asyncio.sleep(_pause(table, next_due, tick))


UNKNOWN = -math.inf
"""The next deadline when the store could not say: look again at the next tick."""


async def _next_due(table: Table) -> float:
    """The earliest running deadline, `math.inf` when none runs, UNKNOWN on a hiccup."""
    try:
        due = await table.store.next_deadline()
    except Exception:  # the next tick will look again
        return UNKNOWN
    return math.inf if due is None else due


def _pause(table: Table, next_due: float, tick: float) -> float:
    """Sleep until the next deadline if it comes before the next tick, so a 30-second turn
    ends on time rather than up to a tick late."""
    if next_due == UNKNOWN:
        return tick
    return min(tick, max(0.005, next_due - table.clock.now() + 0.002))
