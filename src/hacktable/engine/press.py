"""Press: what a game lets its players say to each other at the table (docs/architecture.md,
"Press").

Messages between seats are not moves: they never enter the log, the state or any view, so
nobody can count them. What a game allows is its own rule, said by `BaseGame.press`, which
returns a `PressRule` from the state (a game may allow talk in some phases only) and the
match's options. The server checks every message against it and refuses the rest with
the rule's own sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hacktable.engine.options import Option

TABLE = "table"
"""A message to the whole table (every seat)."""
PRESS_OPTION = "press"
"""The rule option that picks a game's channels (`channel_option`, Rex Furum's own)."""
REVEAL_OPTION = "reveal_press"
"""The rule option that puts every message in the end-of-match reveal."""


@dataclass(frozen=True, slots=True)
class PressRule:
    """Which messages a seat may send now.

    `table`: to every seat at once; `private`: to one other seat; `groups`: to several
    seats it picks. `hub`: where set, a private or group message must be from that seat
    or to it alone (Rules for Runners: the gamemaster whispers with each runner, runners do
    not whisper with each other). `summary` says what is allowed, for screens and mail.
    """

    table: bool = False
    private: bool = False
    groups: bool = False
    hub: int | None = None
    summary: str = "This table allows no messages."

    @property
    def any(self) -> bool:
        return self.table or self.private or self.groups

    def refusal(self, sender: int, to: Sequence[int] | None, seats: int) -> str | None:
        """Why `sender` may not send to `to` (None: the whole table), or None if it may."""
        if not self.any:
            return self.summary
        if to is None:
            return None if self.table else (
                f"Messages to the whole table are not allowed here. {self.summary}")
        if not to:
            return "Name at least one seat to write to, or write to the whole table."
        for seat in to:
            if not 0 <= seat < seats:
                return f"There is no seat {seat + 1}; seats are 1 to {seats}."
            if seat == sender:
                return "You cannot write to yourself; pick other seats."
        if len(set(to)) != len(to):
            return "Name each seat once."
        if len(to) == 1 and not self.private:
            return f"Private messages are not allowed here. {self.summary}"
        if len(to) > 1 and not self.groups:
            return f"Messages to a group of seats are not allowed here. {self.summary}"
        if self.hub is not None and sender != self.hub and tuple(to) != (self.hub,):
            return f"You may write privately only to the gamemaster. {self.summary}"
        return None

    def correspondents(self, reader: int, seats: int) -> list[int]:
        """The seats `reader` may write to privately."""
        if not (self.private or self.groups):
            return []
        if self.hub is not None and reader != self.hub:
            return [self.hub] if 0 <= self.hub < seats else []
        return [seat for seat in range(seats) if seat != reader]

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "private": self.private, "groups": self.groups,
                "hub": self.hub, "summary": self.summary}


NONE = PressRule(summary="This table allows no messages between players.")
TABLE_ONLY = PressRule(table=True, summary="Messages go to the whole table; there are no "
                                           "private messages in this game.")
FULL = PressRule(table=True, private=True, groups=True,
                 summary="Write to one player, to a group you pick, or to the whole table.")


def channel_option() -> Option:
    """The host's switch for a game whose only channel is the whole table."""
    return Option(PRESS_OPTION, "table", "Messages between players: table (everyone reads "
                  "every message) or none (no messages at all).", choices=("table", "none"))


def reveal_option() -> Option:
    """The host's choice to show every message to everyone once the match is over."""
    return Option(REVEAL_OPTION, False, "Once the match is over, show every message, private "
                  "ones too, to everyone (every seat is told so from the start).")


def table_rule(options: Mapping[str, Any]) -> PressRule:
    """The default rule: the whole-table channel, unless the host turned it off."""
    return NONE if options.get(PRESS_OPTION) == "none" else TABLE_ONLY


def reveals(options: Mapping[str, Any]) -> bool:
    """Whether every message goes into the end-of-match reveal."""
    return bool(options.get(REVEAL_OPTION, False))
