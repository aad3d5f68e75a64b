"""The reveal: a finished match told whole, built from its log replayed through its game.

Everything here is the gamemaster's truth (every event, every secret), so the server shows
it only once the match is over, or to a refereeing host (docs/architecture.md, "The
reveal"). The generic reveal is the log, entry by entry, under the game's round marks
(`BaseGame.round_mark`): each move with its mover, each event in the game's own words with
who was told it, then the game's own closing sections (`BaseGame.reveal_sections`) and the
outcome. A game adds words where the generic one misses something (`BaseGame.reveal_move`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hacktable.engine.contract import GM, SPECTATOR, Event
from hacktable.engine.copying import tree_copy
from hacktable.engine.match import ACTION, HOST, RUNTIME_KINDS, SEAT, TIMEOUT, Entry, Match
from hacktable.engine.parts import AnyGame


@dataclass(slots=True)
class Line:
    """One thing the reveal says: what happened (`text`), and who was told (`told`: a
    sentence such as "told to Ada", "everyone", "the gamemaster only"); `kind` is "move"
    for a seat's own move, "closed" for the clock closing a phase, else "event"."""

    kind: str
    text: str
    told: str = ""
    who: str = ""
    entry: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "told": self.told, "who": self.who,
                "entry": self.entry}


@dataclass(slots=True)
class Round:
    """The entries of one round mark, with the entry number it starts at (for the replay's
    "jump to round" links)."""

    label: str
    first: int
    lines: list[Line] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "first": self.first,
                "lines": [line.to_json() for line in self.lines]}


@dataclass(slots=True)
class Reveal:
    """A finished match told whole (`build`)."""

    game: str
    players: list[str]
    rounds: list[Round]
    sections: list[tuple[str, str]]
    summary: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    """Messages between seats, where a table shows them at the end (the reveal page lists
    them under their own heading; none by default)."""

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players,
                "rounds": [r.to_json() for r in self.rounds],
                "sections": [{"title": t, "text": x} for t, x in self.sections],
                "summary": self.summary, "messages": list(self.messages)}


def told_to(event: Event, players: Sequence[str], referee: int | None = None) -> str:
    """Who an event was for, in words: its audience with names, never seat numbers (a
    gamemaster seat named as such)."""
    audience = event.audience
    if audience == "all":
        return "everyone"
    if audience == GM:
        return "the gamemaster only"
    names = [(players[s] + (" (the gamemaster)" if s == referee else ""))
             if isinstance(s, int) and 0 <= s < len(players) else "onlookers"
             for s in audience if s != SPECTATOR]
    shown = ", ".join(names) if names else "nobody"
    return f"told to {shown}" + (" and onlookers" if SPECTATOR in audience else "")


def marks(game: AnyGame, match: Match) -> list[str]:
    """The round mark each entry of `match`'s log was made in (`round_mark` of the state
    before it), replayed from the start; index i is entry i + 1's."""
    fresh = Match(game, match.seats, match.options, match.seed)
    found = []
    for entry in match.log:
        found.append(game.round_mark(fresh.state))
        fresh.apply_entry(entry)
    return found


def build(game: AnyGame, seats: Sequence[str], options: Mapping[str, Any] | None,
          seed: int | str, entries: Iterable[Entry],
          describe_runtime: Any = None) -> Reveal:
    """The reveal of a match, replayed from its log. `describe_runtime(event)` words the
    runtime's own entries (host and seat notes); without it they are left out."""
    match = Match(game, seats, options, seed)
    start = tree_copy(match.state)
    players = list(match.seats)
    rounds: list[Round] = []
    for entry in entries:
        label = game.round_mark(match.state)
        if not rounds or rounds[-1].label != label:
            rounds.append(Round(label, entry.seq))
        lines = rounds[-1].lines
        moved = _move_line(game, match, entry, players)
        events = match.apply_entry(entry)
        if moved is not None and (moved.text or not events):
            moved.text = moved.text or "made a move (nobody was told more)"
            lines.append(moved)
        elif entry.kind == TIMEOUT:
            lines.append(Line("closed", "The time ran out: the phase closed.",
                              entry=entry.seq))
        for event in events:
            if event.kind in RUNTIME_KINDS:
                if describe_runtime is not None:
                    lines.append(Line("runtime", describe_runtime(event), "everyone",
                                      entry=entry.seq))
                continue
            lines.append(Line("event", game.reveal_event(event, match.state),
                              told_to(event, players, game.referee_seat),
                              entry=entry.seq))
    outcome = match.outcome()
    return Reveal(game.id, players, rounds, game.reveal_sections(start, match.state),
                  outcome.summary if outcome else "The match stopped before its end.")


def _move_line(game: AnyGame, match: Match, entry: Entry, players: Sequence[str]
               ) -> Line | None:
    """A seat's move, in the game's words where it has them (`reveal_move`)."""
    if entry.kind != ACTION or entry.seat is None:
        return None
    name = players[entry.seat] if 0 <= entry.seat < len(players) else "?"
    words = game.reveal_move(match.state, entry.seat, game.action_from_json(entry.payload))
    return Line("move", words or "", who=name, entry=entry.seq)


__all__ = ["ACTION", "HOST", "SEAT", "TIMEOUT", "Line", "Reveal", "Round", "build", "marks",
           "told_to"]
