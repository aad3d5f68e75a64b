"""Play: the moves seats make (or read back before making them), and the phases their
deadlines close.

A move is checked against the match as committed: its turn, its phase, the clock (a move
that arrives after its phase's deadline is refused even if the deadline loop has not
closed the phase yet), and each seat's rate. It is made by the one path
(`MatchWriter.write`), and the bots look again once it is committed.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from hacktable.engine.match import Entry
from hacktable.server import clockwork
from hacktable.server.bots import SeatBots
from hacktable.server.callers import require_seat
from hacktable.server.clock import iso
from hacktable.server.errors import TableError, TooFast, WrongMoment
from hacktable.server.limits import TokenBuckets
from hacktable.server.live import Caller, Live
from hacktable.server.match_writer import MatchWriter, not_started
from hacktable.server.matches import Matches
from hacktable.store.records import FINISHED, PAUSED, RUNNING


class Acted(NamedTuple):
    """A move made: the entries it wrote, and the mover's own numbers for them."""

    entries: list[Entry]
    accepted: list[int]


class Play:
    """Seats' moves and the deadlines that close phases."""

    def __init__(self, matches: Matches, writer: MatchWriter, bots: SeatBots) -> None:
        self.matches = matches
        self.writer = writer
        self.bots = bots
        self.move_rate = TokenBuckets(0, 1)
        """Moves per seat (the server sets the rate; 0 per hour: no limit)."""
        self.move_items = 4096
        """The most values one move's JSON may hold (`Settings.max_move_items`), counted
        where a move is read (`moves.parse_move`)."""

    async def act(self, live: Live, caller: Caller, action: Any = None,
                  text: str | None = None, phase: str | None = None) -> Acted:
        """A seat's move, as JSON or in the game's notation; with `phase`, only while that
        phase is still open (a move written for a round must not land in the next one).
        Returns the entries written and the mover's own numbers for them, worked out under
        the same hold of the lock."""
        seat = require_seat(caller)
        if self.move_rate.take(f"{live.record.id}:{seat}") > 0:
            raise TooFast("You are sending moves faster than the table takes them; wait a "
                          "moment and send again.")

        def step(live: Live, now: float) -> clockwork.ClockState:
            may_act(live, seat, now)
            assert live.match is not None
            if phase is not None and live.game.phase_key(live.match.state) != phase:
                raise WrongMoment("That phase has closed; the move was not made.")
            if text is not None:
                live.match.submit_text(seat, text, at=iso(now))
            else:
                live.match.submit_json(seat, action, at=iso(now))
            return live.clock

        async with live.lock:
            entries = await self.writer.write(live, step)
            accepted = live.numbers(caller, entries)
        self.bots.kick(live)
        return Acted(entries, accepted)

    async def check(self, live: Live, caller: Caller, action: Any = None,
                    text: str | None = None) -> list[str]:
        """Read a move without making it: what the game understood, or why it refuses."""
        seat = require_seat(caller)
        async with live.lock:
            await self.matches.sync(live)
            if live.match is None:
                raise not_started(live)
            may_act(live, seat)
            match = live.match
            parsed = (live.game.parse(match.state, seat, text) if text is not None
                      else live.game.action_from_json(action))
            events = live.game.preview(match.state, seat, parsed)
            return [live.game.describe(event, match.state) for event in events
                    if event.visible_to(seat)]

    async def close_due(self, lease: float = 30.0) -> int:
        """Close every phase whose deadline passed; returns how many were closed here."""
        closed = 0
        store = self.matches.store
        for match_id in await store.claim_due(self.writer.clock.now(), lease):
            try:
                live = await self.matches.load_id(match_id)
                async with live.lock:
                    entries = await self.writer.write(live, _time_is_up)
                closed += bool(entries)
            except TableError:  # busy, or no longer running: the next tick looks again
                continue
            self.bots.kick(live)
        return closed


def may_act(live: Live, seat: int, now: float | None = None) -> None:
    """Refuse a move the match cannot take now. With `now`, a move that arrives after its
    phase's deadline is refused even if the deadline loop has not closed the phase yet:
    the deadline, not the loop's tick, ends the phase."""
    status = live.record.status
    if status == PAUSED and seat != live.game.referee_seat:
        raise WrongMoment("The host paused the match; wait until the clock runs again.")
    if status in FINISHED:
        raise WrongMoment("This match is over; no more moves can be made.")
    deadline = live.record.deadline_at
    if now is not None and status == RUNNING and deadline is not None and deadline <= now:
        raise WrongMoment("Time is up for this phase; the move was not made.")
    assert live.match is not None
    if seat not in live.prompts():
        raise WrongMoment("It is not your turn; wait until the game asks you.")


def _time_is_up(live: Live, now: float) -> clockwork.ClockState:
    """Close the phase only if its deadline really passed (another process may have closed
    it, or the host extended it, since the claim)."""
    clock = live.clock
    assert live.match is not None
    if clock.status != RUNNING or clock.deadline_at is None or clock.deadline_at > now:
        return clock
    if clock.phase_key != live.game.phase_key(live.match.state):
        return clock  # the deadline is not this phase's: our copy is behind, look again
    live.match.close_phase(at=iso(now))
    return clock

