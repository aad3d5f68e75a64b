"""Many match results folded into the figures a designer asks for (docs/architecture.md).

Win rates credit a tie of k winners 1/k each, so every finished game hands out exactly one
win. Results are folded in seed order, which makes a summary independent of how the games
were split among processes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hacktable.engine.parts import AnyGame
from hacktable.sim.results import GameResult
from hacktable.sim.stats import wilson

MAX_REASONS = 10


def percentile(ordered: Sequence[float], fraction: float) -> float:
    """Linear interpolation between closest ranks (numpy's default) of sorted values."""
    if not ordered:
        return math.nan
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def distribution(values: Iterable[float]) -> dict[str, float]:
    """Mean, p10, median, p90, min and max; NaN throughout when there are no values."""
    ordered = sorted(values)
    mean = sum(ordered) / len(ordered) if ordered else math.nan
    return {
        "mean": mean,
        "p10": percentile(ordered, 0.1),
        "median": percentile(ordered, 0.5),
        "p90": percentile(ordered, 0.9),
        "min": ordered[0] if ordered else math.nan,
        "max": ordered[-1] if ordered else math.nan,
    }


@dataclass
class Summary:
    """Running totals over match results; `add` one result at a time, in seed order."""

    game: str
    games: int = 0
    finished: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    """Win credits by personality: a win shared by n seats gives each 1/n."""
    seats: Counter[str] = field(default_factory=Counter)
    seat_wins: dict[int, float] = field(default_factory=dict)
    seat_personality: dict[int, set[str]] = field(default_factory=dict)
    scores: dict[str, list[float]] = field(default_factory=dict)
    phases: list[int] = field(default_factory=list)
    actions: Counter[str] = field(default_factory=Counter)
    submissions: int = 0
    bot_errors: Counter[str] = field(default_factory=Counter)
    error_reasons: list[str] = field(default_factory=list)
    team_games: int = 0
    """Finished games that everyone won together or nobody won: all of them in a
    co-operative game, where no seat has a fair share to measure."""
    team_wins: int = 0

    @property
    def cooperative(self) -> bool:
        """Every finished game was won by all seats together or by none."""
        return self.finished > 0 and self.team_games == self.finished

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.phases.append(result.phases)
        self.actions.update(result.actions)
        self.submissions += result.submissions
        self.bot_errors.update(result.bot_errors)
        room = MAX_REASONS - len(self.error_reasons)
        self.error_reasons += [f"seed {result.seed}: {reason}"
                               for reason in result.error_reasons[:max(0, room)]]
        for seat, personality in enumerate(result.personalities):
            self.seats[personality] += 1
            self.seat_personality.setdefault(seat, set()).add(personality)
        if not result.finished:
            return
        self.finished += 1
        seats = set(range(len(result.personalities)))
        if not result.ranking or (len(result.ranking) == 1 and set(result.ranking[0]) == seats):
            self.team_games += 1
            self.team_wins += bool(result.ranking)
        for seat, score in enumerate(result.scores):
            self.scores.setdefault(result.personalities[seat], []).append(score)
        winners = result.ranking[0] if result.ranking else ()
        for seat in winners:
            winner = result.personalities[seat]
            self.wins[winner] = self.wins.get(winner, 0) + 1 / len(winners)
            self.seat_wins[seat] = self.seat_wins.get(seat, 0) + 1 / len(winners)

    def add_all(self, results: Iterable[GameResult]) -> Summary:
        for result in results:
            self.add(result)
        return self

    # -- the figures --------------------------------------------------------------------

    def win_rates(self) -> list[dict[str, Any]]:
        """Per personality: win credits, share of all wins (sums to 1), and wins per seat
        played (a fair game gives every seat 1/players)."""
        rows = []
        for personality in sorted(self.seats, key=lambda p: (-self.wins.get(p, 0), p)):
            seat_games = self.seats[personality]
            wins = self.wins.get(personality, 0)
            rows.append({
                "personality": personality,
                "seats": seat_games,
                "wins": wins,
                "win_share": wins / self.finished if self.finished else 0.0,
                "per_seat": wins / seat_games if seat_games else 0.0,
                "ci": list(wilson(wins, seat_games)),
            })
        return rows

    def seat_rates(self) -> list[dict[str, Any]]:
        """Per seat number, to show any advantage of sitting first or last."""
        return [{"seat": seat, "personalities": sorted(self.seat_personality[seat]),
                 "wins": self.seat_wins.get(seat, 0),
                 "rate": self.seat_wins.get(seat, 0) / self.finished if self.finished else 0.0,
                 "ci": list(wilson(self.seat_wins.get(seat, 0), self.finished))}
                for seat in sorted(self.seat_personality)]

    def team_rate(self) -> dict[str, Any]:
        """In a co-operative game, how often the team won, with its interval."""
        return {"wins": self.team_wins, "games": self.finished,
                "rate": self.team_wins / self.finished if self.finished else 0.0,
                "ci": list(wilson(self.team_wins, self.finished))}

    def score_distribution(self) -> dict[str, dict[str, float]]:
        return {personality: distribution(values)
                for personality, values in sorted(self.scores.items())}

    def phase_distribution(self) -> dict[str, float]:
        return distribution(float(count) for count in self.phases)

    def action_frequency(self) -> list[dict[str, Any]]:
        total = sum(self.actions.values())
        return [{"action": label, "total": count,
                 "per_game": count / self.games if self.games else 0.0,
                 "share": count / total if total else 0.0}
                for label, count in sorted(self.actions.items(), key=lambda kv: (-kv[1], kv[0]))]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (NaN written as null) for `--json-out` and for comparing runs."""
        return _finite({
            "game": self.game,
            "games": self.games,
            "finished": self.finished,
            "submissions": self.submissions,
            "win_rates": self.win_rates(),
            "seat_rates": self.seat_rates(),
            "scores": self.score_distribution(),
            "phases": self.phase_distribution(),
            "actions": self.action_frequency(),
            "bot_errors": dict(sorted(self.bot_errors.items())),
            "error_reasons": list(self.error_reasons),
            "cooperative": self.cooperative,
            "team_wins": self.team_wins,
            "team_rate": self.team_rate(),
            "lengths": list(self.phases),
        })


def summarise(game_id: str, results: Iterable[GameResult]) -> Summary:
    return Summary(game_id).add_all(results)


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def score_label(game: AnyGame) -> str:
    """The game's own name for its score, e.g. CPU's "cycles held"; else "score"."""
    return game.score_label or "score"
