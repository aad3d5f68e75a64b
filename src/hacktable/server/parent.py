"""A server started by another program (a test, a supervisor script) goes when that program
goes, even if it was killed without a word: an orphaned server would keep its deadline loop
turning and its port taken for nobody."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

log = logging.getLogger(__name__)


async def exit_with_parent(expected: int | None = None, interval: float = 1.0) -> None:
    """Every `interval` seconds, see whether the process that started this one is gone (the
    parent's id changes when it dies); then stop as on Ctrl-C, shutting down cleanly.

    `expected` is the starter's id where it said so (`HACKTABLE_PARENT_PID`): a starter
    killed while this process was still importing is noticed at once, which the parent
    found once the server runs (already the one that adopted it) cannot tell."""
    parent = expected if expected is not None else os.getppid()
    while True:
        if os.getppid() != parent:
            log.warning("the process that started this server (%d) is gone; stopping", parent)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        await asyncio.sleep(interval)
