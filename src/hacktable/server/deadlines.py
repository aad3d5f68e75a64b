"""The deadline loop: every process looks for phases whose time ran out and closes them.

Deadlines are wall-clock times stored with each match, so a phase closes on time even
across a restart; the store's claim and the sequence-number check make each fire once.
"""

from __future__ import annotations

import asyncio
import logging

from hacktable.server.service import Table

log = logging.getLogger(__name__)


async def run_deadlines(table: Table, tick: float, lease: float) -> None:
    while True:
        try:
            await table.fire_due(lease)
        except asyncio.CancelledError:
            raise
        except Exception:  # a database hiccup must not stop the clock for good
            log.exception("deadline loop failed; trying again")
        await asyncio.sleep(tick)
