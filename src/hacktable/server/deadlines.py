"""The deadline loop: every process looks for phases whose time ran out and closes them.

Deadlines are wall-clock times stored with each match, so a phase closes on time even
across a restart; the store's claim and the sequence-number check make each fire once.
"""

from __future__ import annotations

import asyncio
import logging

from hacktable.server.service import Table

log = logging.getLogger(__name__)


CATCH_UP_SECONDS = 2.0
"""How often watched matches are checked against the store, in case a fan-out message was
lost."""


HOUSEKEEPING_SECONDS = 60.0
"""How often idle matches are forgotten and expired ones removed."""
IDLE_SECONDS = 600.0
"""A match nobody watched or moved here for this long is dropped from memory (not from the
store: the next request rebuilds it)."""


async def run_deadlines(table: Table, tick: float, lease: float, keep_days: float = 0) -> None:
    ticks_per_catch_up = max(1, round(CATCH_UP_SECONDS / tick))
    ticks_per_housekeeping = max(1, round(HOUSEKEEPING_SECONDS / tick))
    count = 0
    while True:
        count += 1
        try:
            await table.fire_due(lease)
            if count % ticks_per_catch_up == 0:
                await table.catch_up()
            if count % ticks_per_housekeeping == 0:
                table.evict_idle(IDLE_SECONDS)
                await table.expire(keep_days)
        except asyncio.CancelledError:
            raise
        except Exception:  # a database hiccup must not stop the clock for good
            log.exception("deadline loop failed; trying again")
        await asyncio.sleep(await _until_next(table, tick))


async def _until_next(table: Table, tick: float) -> float:
    """Sleep until the next deadline if it comes before the next tick, so a 30-second turn
    ends on time rather than up to a tick late."""
    try:
        due = await table.store.next_deadline()
    except Exception:  # the next tick will look again
        return tick
    if due is None:
        return tick
    return min(tick, max(0.005, due - table.clock.now() + 0.002))
