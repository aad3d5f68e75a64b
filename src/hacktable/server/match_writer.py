"""The one path every change to a match's log takes: a seat's move, a bot's, a closed
phase, a host control, a note about a seat.

`write` brings the match up to date from the store, lets a step change it (the engine
applies the move, or the runtime notes what happened), then commits the new entries with
the match's clock at the sequence number the match had. A conflict means another process
moved first: reload and try again. Only a committed change is acknowledged, announced
and shown.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from hacktable.engine.errors import Rejected
from hacktable.engine.match import Entry
from hacktable.server import clockwork
from hacktable.server.clock import Clock
from hacktable.server.errors import CANCELLED_NOTE, Busy, TableError, WrongMoment
from hacktable.server.fanout import FanOut
from hacktable.server.live import Live
from hacktable.server.matches import Matches, snapshot_of
from hacktable.store import Conflict
from hacktable.store.records import CANCELLED, JsonText

RETRIES = 20
"""How often a change is tried again after another process moved the match first."""

Step = Callable[[Live, float], clockwork.ClockState]
"""A change to an up-to-date match at a time (`now`): it logs entries on `live.match` and
returns the clock the match should have afterwards, or raises (and nothing is stored)."""


def not_started(live: Live) -> WrongMoment:
    """Why a match with no log takes no move: not started yet, or cancelled."""
    if live.record.status == CANCELLED:
        return WrongMoment(CANCELLED_NOTE)
    return WrongMoment("The match has not started yet; wait for the host.")


class MatchWriter:
    """Commits changes to matches, each by `write`, and announces them."""

    def __init__(self, matches: Matches, fanout: FanOut, clock: Clock,
                 snapshot_every: int = 50) -> None:
        self.matches = matches
        self.fanout = fanout
        self.clock = clock
        self.snapshot_every = snapshot_every
        """Every this many entries a snapshot of the state is stored (read only by a log
        longer than `Matches.replay_limit`)."""

    async def write(self, live: Live, step: Step) -> list[Entry]:
        """Apply `step` to the up-to-date match and commit what it logged; returns the
        committed entries. Called under the match's lock."""
        stale = live.match is None
        attempt = 0
        for _ in range(RETRIES):
            synced = stale
            if stale:  # our copy is known to be behind: catch up before trying
                await self.matches.sync(live)
            stale = True  # a conflict below means another process moved first
            if live.match is None:
                raise not_started(live)
            before = live.seq
            now = self.clock.now()
            try:
                clock = step(live, now)
            except (Rejected, TableError):
                if synced:
                    raise
                continue  # refused by a copy that may be behind: look again, up to date
            new = live.match.log[before:]
            clock = clockwork.after_move(clock, live.match, now)
            try:
                await self.matches.store.append(
                    live.record.id, before, new, status=clock.status,
                    phase_key=clock.phase_key, deadline_at=clock.deadline_at,
                    remaining=clock.remaining, snapshot=self._snapshot(live, before, new))
            except Conflict:
                live.match = None  # our copy holds an entry that lost: replay from the store
                attempt += 1
                await asyncio.sleep(random.uniform(0, 0.002 * attempt))  # let the winner go
                continue
            except BaseException:
                live.match = None
                raise
            moved = bool(new) or clock != live.clock
            live.record = live.record.moved(live.seq, clock.status, clock.phase_key,
                                            clock.deadline_at, clock.remaining)
            if moved:
                await self.fanout.announce(live, "move")
            return list(new)
        raise Busy("The table is very busy right now; send that again.")

    def _snapshot(self, live: Live, before: int, new: list[Entry]
                  ) -> tuple[int, JsonText] | None:
        """The snapshot to store with this write, if it crosses a multiple of
        `snapshot_every` where a log would be long enough to read one."""
        assert live.match is not None
        every = self.snapshot_every
        if (new and live.seq // every > before // every
                and live.seq + every > self.matches.replay_limit):  # else never read
            return live.seq, snapshot_of(live.match)
        return None
