"""Rows as plain records, so nothing above the store touches SQLAlchemy."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

OPEN = "open"
HUMAN = "human"
BOT = "bot"
HELD = "held"
"""A seat kept for the player who had it at the match before (playing again): only their
own browser or personal link can take it, until they take or release it."""

LOBBY = "lobby"
RUNNING = "running"
PAUSED = "paused"
OVER = "over"
ENDED = "ended"
CANCELLED = "cancelled"
"""The host cancelled the table before it started: its seats are free, it has no log."""
FINISHED = (OVER, ENDED, CANCELLED)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match as stored: who, what, and where its clock stands."""

    id: int
    code: str
    game: str
    options: dict[str, Any]
    seed: str
    status: str
    host_token: str
    created_at: float
    seq: int
    phase_key: str | None
    deadline_at: float | None
    remaining: float | None
    bot_pace: float | None = None
    """Seconds the match's bots take per move, so people can follow them (None: at once)."""
    referee: bool = False
    """The host referees: they see every secret of the match, and may hold no seat in it."""
    start_when_full: bool = False
    """The match starts by itself as soon as no seat is left open or kept (else the host
    starts it)."""

    def moved(self, seq: int, status: str, phase_key: str | None, deadline_at: float | None,
              remaining: float | None) -> MatchRecord:
        """The record after a write: its log and clock moved, the rest as it was (what
        `dataclasses.replace` would make, made directly: this runs on every move)."""
        return MatchRecord(self.id, self.code, self.game, self.options, self.seed, status,
                           self.host_token, self.created_at, seq, phase_key, deadline_at,
                           remaining, self.bot_pace, self.referee,
                           self.start_when_full)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat: open, held by a person (through a token's hash), or filled by a bot."""

    seat: int
    name: str | None
    kind: str
    personality: str | None
    token: str | None
    joined_at: float | None


class JsonText(str):
    """A value already encoded as JSON (a snapshot, encoded the moment it is taken, so the
    state can move on without a copy of it being kept): stored as it is."""

    __slots__ = ()

    def value(self) -> Any:
        """The value again, for a store that wants it decoded (PostgreSQL's JSONB)."""
        return json.loads(self)
