"""What a moment of a match shows: the facts every screen of it carries and each viewer's
rendering, worked out once per moment and shared.

A moment is the match at one length of its log, with one clock and one room: a new entry,
a clock change or a change of seats makes a new moment, and what the old one held goes
with it. Every socket and answer that shows the same caller the same moment shares one
rendering (many spectators cost one), and the public facts, who is asked and who has sent
are worked out once for all of them. A rendering is kept per (role, viewer, format,
parts): one viewer's rendering is never another's.

Each viewer's latest events in words carry over from one moment to the next, brought up
to date from the events logged since (an event's words and numbers never change once it
is logged: checked for every game).
"""

from __future__ import annotations

from typing import Any

from hacktable.engine.contract import Prompt
from hacktable.engine.match import Match
from hacktable.engine.memo import IdentityMemo
from hacktable.store import SeatRecord

SCREENS_KEPT = 64
"""The most renderings one moment keeps (viewers beyond it are rendered again)."""
VIEWERS_KEPT = 32
"""The most viewers whose latest events in words are kept."""


class Moment:
    """One moment of a match and what it shows, each part worked out when first asked."""

    __slots__ = ("clock", "info", "match", "prompts", "room", "screens", "seats", "sent")

    def __init__(self, match: Match | None, seats: list[SeatRecord], clock: tuple[Any, ...],
                 room: int) -> None:
        self.match = match
        self.seats = seats
        self.clock = clock
        """The log's length, and the match's status and clock."""
        self.room = room
        """How many room changes the match's watchers were told of."""
        self.prompts: dict[int, Prompt] | None = None
        """`Match.prompts`: who the match asks now."""
        self.info: dict[str, Any] | None = None
        """`presenter.match_info`: the public facts on every screen."""
        self.sent: tuple[dict[str, list[int]] | None] | None = None
        """`presenter.sent`, once worked out (who has sent, or None outside a simultaneous
        phase)."""
        self.screens: dict[tuple[Any, ...], Any] = {}
        """Renderings (`screens.RenderedScreen`) by (role, viewer, format, parts)."""

    def holds(self, match: Match | None, seats: list[SeatRecord], clock: tuple[Any, ...],
              room: int) -> bool:
        """Whether this is still the moment (the same match, seats, clock and room; the
        match and seats are held here, so their identity cannot be reused)."""
        return (self.match is match and self.seats is seats and self.room == room
                and self.clock == clock)

    def screen(self, key: tuple[Any, ...]) -> Any:
        """The rendering kept for `key`, or None."""
        return self.screens.get(key)

    def keep_screen(self, key: tuple[Any, ...], screen: Any) -> None:
        """Keep a rendering for the rest of the moment (up to `SCREENS_KEPT` of them)."""
        if len(self.screens) >= SCREENS_KEPT:  # views that are no longer watched
            self.screens.clear()
        self.screens[key] = screen


class MatchMoments:
    """A match's current moment, and what carries over from one moment to the next."""

    __slots__ = ("_now", "described", "recent_events")

    def __init__(self) -> None:
        self._now: Moment | None = None
        self.described: IdentityMemo[str] = IdentityMemo(1024)
        """The game's events in words, by the event (every screen shows the latest sixty,
        and an event's words never change once it is logged)."""
        self.recent_events: dict[tuple[Any, int], tuple[Match, int, list[dict[str, Any]]]] = {}
        """Each viewer's latest events in words, and how many of the match's events they
        were brought up to (`presenter.recent_events`)."""

    def now(self, match: Match | None, seats: list[SeatRecord], clock: tuple[Any, ...],
            room: int) -> Moment:
        """The moment a match is at: the one kept, or a new one (dropping the old)."""
        moment = self._now
        if moment is None or not moment.holds(match, seats, clock, room):
            moment = self._now = Moment(match, seats, clock, room)
        return moment

    def keep_events(self, key: tuple[Any, int],
                    kept: tuple[Match, int, list[dict[str, Any]]]) -> None:
        """Keep a viewer's latest events in words (up to `VIEWERS_KEPT` viewers)."""
        if len(self.recent_events) > VIEWERS_KEPT:  # viewers that come and go
            self.recent_events.clear()
        self.recent_events[key] = kept
