"""Who is asking and a match as this process holds it: the two things every part of the
server passes around (the table, its bots, the pages, the socket, the extensions)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from hacktable.engine.contract import GM, SPECTATOR, Prompt, Viewer
from hacktable.engine.match import Entry, Match
from hacktable.engine.parts import AnyGame
from hacktable.server import clockwork
from hacktable.server.bells import Bell, MatchLock
from hacktable.server.moments import MatchMoments, Moment
from hacktable.store import MatchRecord, SeatRecord


@dataclass(frozen=True, slots=True)
class Caller:
    """Who presented a token: a seat's holder, the host, or nobody (a spectator).

    The host sees what a spectator sees, plus the controls: at a friends' table the host
    nearly always plays, and a console that showed every secret would hand them the game.
    Only a host who said, when creating the match, that they referee and do not play
    (`referee`) sees the gamemaster's view; such a host may hold no seat in it."""

    role: str  # "seat" | "host" | "spectator"
    seat: int | None = None
    referee: bool = False
    """For the host: they referee this match, so they see everything."""

    @property
    def viewer(self) -> Viewer:
        if self.role == "host":
            return GM if self.referee else SPECTATOR
        return self.seat if self.role == "seat" and self.seat is not None else SPECTATOR


@dataclass
class Live:
    """A match as this process holds it: the stored record, its seats, and (once started)
    the replayed `Match`."""

    record: MatchRecord
    seats: list[SeatRecord]
    game: AnyGame
    match: Match | None = None
    lock: MatchLock = field(default_factory=MatchLock)
    bell: Bell = field(default_factory=Bell)
    """Rung when `version` moves (as `lock` is let go, if it is held): watchers wait on it."""
    declined: dict[int, Prompt] = field(default_factory=dict)
    bots_task: asyncio.Task[None] | None = None
    bots_again: bool = False
    watchers: int = 0
    """WebSocket connections this process holds for the match."""
    watchers_by_client: dict[str, int] = field(default_factory=dict)
    """Those connections by the client's address (to cap them)."""
    moments: MatchMoments = field(default_factory=MatchMoments)
    """What each moment of the match shows, worked out once and shared (`moments.py`)."""
    version: int = 0
    """Counts the moves and room changes watchers were told of (they wait for a change)."""
    last_change: str = "move"
    """What the latest change watchers were told of was: "move" or "room"."""
    room_version: int = 0
    """Counts the room changes (seats taken, renamed, handed to a bot) watchers were told
    of: part of what every screen is made from."""
    used_at: float = 0.0
    """When this process last loaded or was asked about the match (event-loop time)."""

    @property
    def seq(self) -> int:
        return 0 if self.match is None else len(self.match.log)

    def options(self) -> dict[str, Any]:
        """The match's rule options, every one the game has (a match stored before an
        option existed gets its default): resolved once, as they never change."""
        return dict(self._options)

    @cached_property
    def _options(self) -> dict[str, Any]:
        return self.game.options.resolve(self.record.options)

    def moment(self) -> Moment:
        """The moment the match is at, with what it shows (`moments.py`)."""
        r = self.record
        return self.moments.now(self.match, self.seats,
                                (self.seq, r.status, r.phase_key, r.deadline_at, r.remaining),
                                self.room_version)

    def prompts(self) -> dict[int, Prompt]:
        """What the match asks of each seat now (`Match.prompts`), worked out once per
        moment: the server changes a match's state only by entries."""
        if self.match is None:
            return {}
        moment = self.moment()
        if moment.prompts is None:
            moment.prompts = self.match.prompts()
        return dict(moment.prompts)

    def numbers(self, caller: Caller, entries: Sequence[Entry]) -> list[int]:
        """The caller's own numbers for entries they just wrote (`accepted`): asked under
        the lock that wrote them."""
        match = self.match
        assert match is not None
        found = (match.number_for(caller.viewer, entry.seq) for entry in entries)
        return [number for number in found if number is not None]

    @property
    def clock(self) -> clockwork.ClockState:
        r = self.record
        return clockwork.ClockState(r.status, r.phase_key, r.deadline_at, r.remaining)
