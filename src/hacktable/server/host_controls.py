"""Host controls: start, pause, resume, extend, shorten, close (the phase, now), bot, open
(a seat kept for a player who is not coming back), end (before the start: cancel).

The clock's controls are log entries like any move (`MatchWriter.write`), so a match
replays with its pauses and extensions; the room's (start, bot, open, cancel) are the
room's own. Only the host may use any of them.
"""

from __future__ import annotations

from typing import Any

from hacktable.engine.errors import Rejected
from hacktable.engine.match import HOST
from hacktable.server import clockwork
from hacktable.server.bots import SeatBots
from hacktable.server.callers import require_host
from hacktable.server.clock import iso
from hacktable.server.errors import NotFound, WrongMoment
from hacktable.server.held_seats import HeldSeats
from hacktable.server.live import Caller, Live
from hacktable.server.match_writer import MatchWriter
from hacktable.server.room import Room
from hacktable.store.records import FINISHED, PAUSED

COMMANDS = ("start", "pause", "resume", "extend", "shorten", "close", "bot", "open", "end")
LONGEST_CHANGE = 7 * 24 * 3600
"""The most seconds one extension (or shortening) may move a deadline: a week."""


class HostControls:
    """The host's commands, each to the part of the table that carries it out."""

    def __init__(self, room: Room, held_seats: HeldSeats, writer: MatchWriter,
                 bots: SeatBots) -> None:
        self.room = room
        self.held_seats = held_seats
        self.writer = writer
        self.bots = bots

    async def run(self, live: Live, caller: Caller, command: str,
                  seconds: float | None = None, seat: int | None = None,
                  personality: str | None = None) -> None:
        """Carry out one host command; the bots look again afterwards."""
        require_host(caller)
        if command == "end" and await self.room.cancel(live):
            return
        if command == "start":
            await self.room.start(live)
        elif command == "bot":
            await self.room.hand_to_bot(live, seat, personality)
        elif command == "open":
            await self.held_seats.open(live, seat)
        else:
            async with live.lock:
                await self.writer.write(live, lambda live, now: _clock_control(
                    live, now, command, seconds))
        self.bots.kick(live)


def _clock_control(live: Live, now: float, command: str, seconds: float | None
                   ) -> clockwork.ClockState:
    """Log a control of the match's clock and return the clock it leaves."""
    clock = live.clock
    assert live.match is not None
    if clock.status in FINISHED:
        raise WrongMoment("This match is over; there is nothing left to control.")
    payload: dict[str, Any] = {"do": command}
    if command == "pause":
        if clock.status == PAUSED:
            raise WrongMoment("The clock is already paused.")
        new = clockwork.pause(clock, now)
    elif command == "resume":
        if clock.status != PAUSED:
            raise WrongMoment("The clock is running; there is nothing to resume.")
        new = clockwork.resume(clock, now)
    elif command in ("extend", "shorten"):
        if seconds is None or not 0 < seconds <= LONGEST_CHANGE:
            raise Rejected(f"{command.capitalize()} by a number of seconds between 1 and a "
                           "week.")
        if clock.deadline_at is None and clock.remaining is None:
            raise WrongMoment(f"This phase has no deadline to {command}.")
        new = (clockwork.extend(clock, seconds) if command == "extend"
               else clockwork.shorten(clock, seconds, now))
        payload["seconds"] = seconds
    elif command == "close":
        if clock.status == PAUSED:
            raise WrongMoment("The clock is paused; resume it before closing the phase.")
        if not live.match.prompts():
            raise WrongMoment("Nobody is being asked anything; there is no phase to close.")
        live.match.note(HOST, payload, at=iso(now))
        live.match.close_phase(at=iso(now))  # as if its time ran out, now
        return clock
    elif command == "end":
        new = clockwork.end(clock)
    else:
        raise NotFound(f"There is no host control called {command!r}; use "
                       f"{', '.join(COMMANDS[:-1])} or {COMMANDS[-1]}.")
    live.match.note(HOST, payload, at=iso(now))
    return new
