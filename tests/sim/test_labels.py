"""The simulator's tables name each game's score for what it is, and do not measure a fair
share between seats of a co-operative game (issue 14)."""

from __future__ import annotations

import io

from rich.console import Console

from hacktable.games import get_game
from hacktable.sim.report import print_summary
from hacktable.sim.results import GameResult
from hacktable.sim.summary import Summary, score_label


def _result(seed: int, ranking: tuple[tuple[int, ...], ...], players: int = 4) -> GameResult:
    return GameResult(seed, ("hacker",) * players, True, (1.0,) * players, ranking, 3, 10,
                      {}, {}, ())


def _printed(summary: Summary, players: int, label: str) -> str:
    out = io.StringIO()
    print_summary(Console(file=out, width=120), summary, players, label)
    return out.getvalue()


def test_cpu_score_is_cycles_held_not_money():
    """CPU, §4: "When you have no cycles left you are out of the game" – its score is the
    cycles a machine holds, not money."""
    label = score_label(get_game("cpu"))
    assert label == "cycles held"
    summary = Summary("cpu").add_all([_result(1, ((0,), (1,)), players=2)])
    text = _printed(summary, 2, label)
    assert "Final score (cycles held)" in text and "money" not in text
    assert score_label(get_game("rexfurum")) == "money"


def test_cooperative_games_have_no_fair_share():
    """A co-operative game (everyone wins or loses together) gets its team's win rate, not
    "a fair seat wins 1/players"."""
    everyone = ((0, 1, 2, 3),)
    summary = Summary("dotrun").add_all([_result(1, everyone), _result(2, ()),
                                         _result(3, everyone)])
    assert summary.cooperative and summary.team_wins == 2
    text = _printed(summary, 4, "score")
    assert "co-operative" in text and "won 2 of 3" in text
    assert "a fair seat wins" not in text
    competitive = Summary("cpu").add_all([_result(1, ((0,), (1, 2, 3)))])
    assert not competitive.cooperative
    assert "a fair seat wins 25.0%" in _printed(competitive, 4, "cycles held")
