"""Fan-out: telling every process, this one included, that a match moved, and waking the
sockets that watch it.

A move is announced once committed (`announce`); the broker carries the message to every
process (`on_message`), where a process that did not make the move first catches up with
the store. A message lost on the way (Redis away, a process killed just after its commit)
is made up for by `catch_up`, which the deadline loop runs every two seconds.
"""

from __future__ import annotations

import logging

from hacktable.server.broker import LocalBroker
from hacktable.server.live import Live
from hacktable.server.matches import Matches
from hacktable.server.press import NEWS as PRESS_NEWS
from hacktable.server.press import PressDesk

log = logging.getLogger(__name__)


class FanOut:
    """What this process hears of moves, its own and other processes', and tells its
    watchers."""

    def __init__(self, broker: LocalBroker, matches: Matches, press: PressDesk) -> None:
        self.broker = broker
        self.matches = matches
        self.press = press
        self.heard = 0
        """How many changes this process has heard of (its own and other processes'): the
        deadline loop asks the store again only when this moved or a deadline is due."""

    async def announce(self, live: Live, what: str) -> None:
        """Tell every process that the match moved (`"move"`) or its room changed
        (`"room"`)."""
        await self.broker.publish(live.record.id, live.seq, what)

    async def on_message(self, match_id: int, seq: int, what: str, here: bool = False
                         ) -> None:
        """A match moved (`here`, in this process, whose copy is already up to date; or in
        another): wake its watchers. A message between seats (`what="press"`, `seq` its
        id) wakes only its readers' sockets."""
        if what == PRESS_NEWS:
            await self.press.heard(self.matches.get(match_id), seq, here)
            return
        self.heard += 1
        live = self.matches.get(match_id)
        if live is None:
            return
        if not here and (what == "room" or seq > live.seq):  # another process moved it
            try:
                async with live.lock:
                    await self.matches.sync(live)
                    if what == "room":
                        live.seats = await self.matches.store.seats(match_id)
            except Exception:
                log.exception("could not catch up with match %s", match_id)
        live.version += 1
        live.last_change = what
        if what == "room":
            live.room_version += 1
        live.lock.when_free(live.bell.ring)  # told under the lock: ring as it is let go

    async def catch_up(self) -> None:
        """Wake the watchers of any match another process moved without us hearing of it
        (a fan-out message lost while Redis was away, or a process killed just after its
        commit)."""
        held = self.matches.held()
        watched = {match_id: live.seq for match_id, live in held.items() if live.watchers}
        if not watched:
            return
        await self.press.catch_up(held)  # messages between seats, likewise
        for match_id, seq in (await self.matches.store.seqs(list(watched))).items():
            if seq > watched[match_id]:
                await self.on_message(match_id, seq, "move")
