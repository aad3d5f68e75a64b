"""Helpers for the ./Run rule tests: a match whose pawns, deck and plans are set exactly
where a test says, driven through the same `Match` API people use."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hacktable.engine import Match
from hacktable.games import get_game
from hacktable.games.dotrun.actions import Answer, Discard, Draw, Hack, Hold, Place, Run, Stop

NAMES = ("Ada", "Bruno", "Chiara", "Dmitri", "Elif", "Farah")
ADA, BRUNO, CHIARA, DMITRI = range(4)
GAME = get_game("dotrun")


def snapshot(state: Any) -> str:
    return json.dumps(state, sort_keys=True)


def table(pawns: Sequence[str], seed: int = 5, **options: Any) -> Match:
    """A match in turn 1's planning phase with the pawns where given."""
    options.setdefault("tasks", "code")
    options.setdefault("start", "random")
    match = Match(GAME, NAMES[:len(pawns)], options, seed)
    match.state["pawns"] = list(pawns)
    return match


def plan(match: Match, *plans: str) -> None:
    """Plans in seat order, written 'run', 'hold' or a path id to hack."""
    for seat, text in enumerate(plans):
        action = Run() if text == "run" else Hold() if text == "hold" else Hack(text)
        match.submit(seat, action)


def stack(match: Match, *cards: str) -> None:
    """Put these cards on top of the deck, the first one drawn first."""
    deck = match.state["deck"]
    for card in cards:
        deck.remove(card)
    deck.extend(reversed(cards))


def deal_row(match: Match, seat: int, cards: Sequence[str]) -> None:
    """A runner draws these cards (stacked on top) and places each at the right."""
    stack(match, *cards)
    for _ in cards:
        match.submit(seat, Draw())
        match.submit(seat, Place("right"))


def wrong(match: Match, seat: int) -> str:
    """A well-formed wrong answer to the seat's code task: as many letters and digits as
    the code, every one different (a malformed one is refused, not failed)."""
    code = match.state["tasks"][seat]["secret"]["answer"]
    return "".join("A" if ch != "A" else "C" for ch in code)


def solve(match: Match, seat: int, right: bool = True) -> None:
    task = match.state["tasks"][seat]
    answer = task["public"]["code"] if right else wrong(match, seat)
    match.submit(seat, Answer(answer))


def events(match: Match, kind: str) -> list[dict]:
    return [dict(logged.event.data) for logged in match.events if logged.event.kind == kind]


__all__ = ["ADA", "BRUNO", "CHIARA", "DMITRI", "GAME", "Discard", "Draw", "Place", "Stop",
           "deal_row", "events", "plan", "snapshot", "solve", "stack", "table", "wrong"]
