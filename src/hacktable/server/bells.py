"""How a match's watchers hear that it moved: a bell they wait on, rung once its lock is free.

A match's sockets each wait for news, then read the match under its lock. Rung while the
mover still holds that lock (the move is announced inside the write that commits it),
every watcher would wake only to queue for the lock, and be handed it one after another:
two wake-ups each per move, where one will do. So news told under the lock rings the bell
as the lock is let go, and a watcher that wakes finds it free.

With `asyncio.Condition`, each woken waiter also takes the condition's own lock back in
turn; the bell has no lock: the event loop runs one task at a time, so a watcher that
checks for news and then waits cannot miss a ring in between.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable


class Bell:
    """Wakes every task waiting on it at once."""

    __slots__ = ("_waiting",)

    def __init__(self) -> None:
        self._waiting: list[asyncio.Future[None]] = []

    async def wait(self) -> None:
        """Until the next ring (check what you wait for first: a ring before is not kept)."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            await waiter
        finally:
            if waiter.cancelled():  # not waiting any more (unless a ring took it already)
                with contextlib.suppress(ValueError):
                    self._waiting.remove(waiter)

    def ring(self) -> None:
        waiting, self._waiting = self._waiting, []
        for waiter in waiting:
            if not waiter.done():
                waiter.set_result(None)

    @property
    def waiters(self) -> int:
        return len(self._waiting)


class MatchLock(asyncio.Lock):
    """A match's lock that can run something once it is let go (`when_free`)."""

    def __init__(self) -> None:
        super().__init__()
        self._when_free: list[Callable[[], None]] = []

    def when_free(self, then: Callable[[], None]) -> None:
        """Call `then` now if the lock is free, else as its holder lets it go."""
        if not self.locked():
            then()
        elif then not in self._when_free:
            self._when_free.append(then)

    def release(self) -> None:
        super().release()
        if self._when_free:
            pending, self._when_free = self._when_free, []
            for then in pending:
                then()
