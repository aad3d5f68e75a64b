"""A server started by another program (a test, a supervisor script) goes when that program
goes, even if it was killed without a word: an orphaned server would keep its deadline loop
turning and its port taken for nobody."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

log = logging.getLogger(__name__)


async def exit_with_parent(interval: float = 1.0) -> None:
    """Every `interval` seconds, see whether the process that started this one is gone (the
    parent's id changes when it dies); then stop as on Ctrl-C, shutting down cleanly."""
    parent = os.getppid()
    while True:
        await asyncio.sleep(interval)
        if os.getppid() != parent:
            log.warning("the process that started this server (%d) is gone; stopping", parent)
            os.kill(os.getpid(), signal.SIGTERM)
            return
