"""What one simulated match leaves behind for the summary: small, picklable, game-neutral.

A worker process plays thousands of matches; only these records travel back to the parent,
never the matches themselves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hacktable.engine.contract import Action
from hacktable.engine.match import ACTION, Match
from hacktable.engine.parts import AnyGame
from hacktable.sim.runner import Played


@dataclass(frozen=True, slots=True)
class GameResult:
    """One match in numbers. `scores` and `ranking` are empty when it never finished."""

    seed: int | str
    personalities: tuple[str, ...]
    finished: bool
    scores: tuple[float, ...]
    ranking: tuple[tuple[int, ...], ...]
    phases: int
    submissions: int
    actions: dict[str, int]
    bot_errors: dict[str, int]
    error_reasons: tuple[str, ...]


def labels_of(game: AnyGame, action: Action) -> list[str]:
    """The names of the moves in an action (`BaseGame`'s default: its type)."""
    return game.action_labels(action)


def count_labels(game: AnyGame, actions: Iterable[Action]) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for action in actions:
        counts.update(labels_of(game, action))
    return dict(counts)


def logged_actions(match: Match) -> list[Any]:
    """Every action in the log, decoded from its JSON: what any saved match can tell."""
    game = match.game
    return [game.action_from_json(entry.payload) for entry in match.log if entry.kind == ACTION]


def result_of(played: Played) -> GameResult:
    """Boil a played match down to its numbers.

    Action labels come from the actions the runner saw accepted, which are exactly the
    logged ones (one log entry per accepted action); decoding every payload again with
    `logged_actions` gives the same counts but costs as much as a sixth of the game.
    """
    match = played.match
    outcome = match.outcome()
    seats = len(match.seats)
    return GameResult(
        seed=match.seed,
        personalities=played.personalities,
        finished=outcome is not None,
        scores=tuple(float(outcome.scores.get(seat, 0.0)) for seat in range(seats))
        if outcome else (),
        ranking=tuple(tuple(group) for group in outcome.ranking) if outcome else (),
        phases=played.phases,
        submissions=len(played.actions),
        actions=count_labels(match.game, played.actions),
        bot_errors=dict(played.bot_errors),
        error_reasons=tuple(played.error_reasons),
    )
