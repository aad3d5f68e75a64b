"""Folding results into win rates and distributions, and running them in processes."""

from __future__ import annotations

import math
import pickle

import pytest

from hacktable.games.rexfurum.orders import ORDER_TYPES
from hacktable.sim.batch import play_chunk, run_batch
from hacktable.sim.results import GameResult
from hacktable.sim.summary import Summary, distribution, percentile, summarise

MIX = ["loyal", "embezzler", "crasher", "opportunist", "loyal"]


def result(ranking, personalities=("a", "b", "c"), scores=None, finished=True) -> GameResult:
    return GameResult(seed=0, personalities=tuple(personalities), finished=finished,
                      scores=tuple(scores or [0.0] * len(personalities)) if finished else (),
                      ranking=tuple(tuple(group) for group in ranking), phases=3,
                      submissions=6, actions={"x": 2}, bot_errors={}, error_reasons=())


def test_every_finished_game_hands_out_exactly_one_win_and_shares_sum_to_one():
    results = play_chunk("rexfurum", MIX, None, range(1, 13))
    summary = summarise("rexfurum", results)
    assert summary.games == summary.finished == 12
    assert math.isclose(sum(row["win_share"] for row in summary.win_rates()), 1.0)
    assert math.isclose(sum(summary.wins.values()), 12)
    assert math.isclose(sum(row["rate"] for row in summary.seat_rates()), 1.0)
    for one in results:  # and game by game
        single = summarise("rexfurum", [one])
        assert math.isclose(sum(row["win_share"] for row in single.win_rates()), 1.0)


def test_a_tie_of_k_winners_credits_each_one_kth():
    summary = summarise("toy", [result([(0, 2), (1,)]), result([(1,), (0, 2)])])
    rates = {row["personality"]: row for row in summary.win_rates()}
    assert rates["a"]["wins"] == rates["c"]["wins"] == 0.5
    assert rates["b"]["wins"] == 1 and rates["b"]["win_share"] == 0.5
    assert rates["a"]["per_seat"] == 0.25


def test_scores_are_grouped_by_personality_and_unfinished_games_win_nothing():
    summary = summarise("toy", [
        result([(0,), (1,), (2,)], personalities=("a", "a", "b"), scores=[30, 10, 5]),
        result([], finished=False),
    ])
    assert summary.games == 2 and summary.finished == 1
    assert summary.scores == {"a": [30.0, 10.0], "b": [5.0]}
    assert summary.score_distribution()["a"]["mean"] == 20
    assert summary.wins["a"] == 1 and sum(summary.wins.values()) == 1


def test_percentiles_interpolate_like_numpy():
    values = [float(v) for v in range(1, 11)]
    assert percentile(values, 0.5) == 5.5
    assert percentile(values, 0.1) == pytest.approx(1.9)
    assert percentile(values, 0.9) == pytest.approx(9.1)
    stats = distribution([3.0])
    assert stats["p10"] == stats["p90"] == stats["min"] == stats["max"] == 3.0
    assert math.isnan(distribution([])["mean"])


def test_results_are_small_and_picklable_and_the_json_is_finite():
    results = play_chunk("rexfurum", MIX, None, [7])
    assert len(pickle.dumps(results[0])) < 2000
    document = Summary("toy").to_json()
    assert document["scores"] == {} and document["phases"]["mean"] is None


def test_two_workers_give_the_same_summary_as_one_for_the_same_seeds():
    seen: list[tuple[int, int]] = []
    alone = run_batch("rexfurum", MIX, {"rounds": 6}, games=10, seed=40, workers=1,
                      progress=lambda done, total: seen.append((done, total)))
    pooled = run_batch("rexfurum", MIX, {"rounds": 6}, games=10, seed=40, workers=2)
    assert pooled.to_json() == alone.to_json()
    assert seen[-1] == (10, 10) and len(seen) == 10
    assert alone.phase_distribution()["max"] == 6


def test_the_action_frequencies_count_every_order():
    summary = run_batch("rexfurum", ["random-legal"] * 4, None, games=3, seed=1, workers=1)
    per_game = {row["action"]: row["per_game"] for row in summary.action_frequency()}
    assert sum(summary.actions.values()) == summary.submissions == 3 * 4 * 10
    assert set(per_game) <= {*ORDER_TYPES, "(no orders)"}
