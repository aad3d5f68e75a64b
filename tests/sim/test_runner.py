"""Whole bot games through the `Match` API: they finish, repeat exactly, and replay."""

from __future__ import annotations

import random

import pytest

from hacktable.bots import GENERIC_BOTS, RandomLegalBot
from hacktable.bots.registry import UnknownPersonality
from hacktable.engine import Match, Prompt
from hacktable.engine.contract import Bot
from hacktable.games import get_game
from hacktable.games.rexfurum.rules import check_names
from hacktable.sim.results import count_labels, logged_actions, result_of
from hacktable.sim.runner import (
    play,
    play_match,
    seat_names,
)

from .toys import Endless, Race

REX = get_game("rexfurum")
MIXES = [
    ["loyal", "embezzler", "crasher", "opportunist"],
    ["loyal"], ["embezzler"], ["crasher"], ["opportunist"], ["random"], ["random-legal"],
    ["random-legal", "random", "opportunist"],
]


def seated(mix: list[str], players: int) -> list[str]:
    return [mix[seat % len(mix)] for seat in range(players)]


@pytest.mark.parametrize("mix", MIXES, ids=lambda mix: "+".join(mix))
def test_a_bot_game_of_every_mix_finishes_with_an_outcome(mix):
    played = play_match(REX, seated(mix, 5), None, seed=3)
    outcome = played.match.outcome()
    assert played.finished and outcome is not None
    assert sorted(s for group in outcome.ranking for s in group) == list(range(5))
    assert sum(1 for entry in played.match.log if entry.kind == "timeout") == 10
    assert played.bot_errors == {}


def test_the_same_seed_gives_the_identical_log_and_another_seed_does_not():
    mix = seated(MIXES[0] + ["random"], 6)
    first = play(REX, mix, None, seed=11).to_json()
    assert play(REX, mix, None, seed=11).to_json() == first
    assert play(REX, mix, None, seed=12).to_json() != first


def test_a_ten_round_game_replays_from_its_log_to_the_same_state_and_reports():
    match = play(REX, seated(MIXES[0] + ["random"], 7), {"rounds": 10}, seed=5)
    replayed = Match.from_json(match.to_json(), REX)
    assert replayed.state == match.state
    assert replayed.outcome() == match.outcome()
    for seat in range(len(match.seats)):
        reports = match.view(seat)["reports"]
        assert len(reports) == 11  # the first round's letter, then one after each round
        assert replayed.view(seat)["reports"] == reports


def test_the_runner_counts_exactly_the_logged_actions():
    played = play_match(REX, seated(MIXES[0], 6), None, seed=8)
    assert len(played.actions) == sum(1 for e in played.match.log if e.kind == "action")
    assert count_labels(REX, played.actions) == count_labels(REX, logged_actions(played.match))
    assert result_of(played).actions == count_labels(REX, logged_actions(played.match))


def test_seat_names_are_distinct_words_rex_furum_accepts_at_every_table_size():
    for count in range(1, 41):
        names = seat_names(count)
        assert len({name.lower() for name in names}) == count
    assert check_names(seat_names(REX.max_seats)) == seat_names(REX.max_seats)


def test_an_unknown_personality_is_refused_with_the_known_ones():
    with pytest.raises(UnknownPersonality, match="opportunist"):
        play(REX, ["loyal", "nobody", "loyal", "loyal"], None, seed=1)


def test_random_legal_bot_picks_only_from_the_legal_list_and_passes_without_one():
    bot = RandomLegalBot()
    assert isinstance(bot, Bot) and GENERIC_BOTS["random-legal"] is RandomLegalBot
    prompt = Prompt("move", "Move.")
    rng = random.Random(1)
    picks = {bot.act({}, prompt, ["a", "b", "c"], rng) for _ in range(200)}
    assert picks == {"a", "b", "c"}
    assert bot.act({}, prompt, [], rng) is None
    assert bot.act({}, prompt, None, rng) is None


def test_random_legal_bots_play_a_turn_based_game_to_the_end():
    played = play_match(Race(), ["random-legal"] * 3, None, seed=4)
    assert played.finished
    assert played.match.state["total"] >= 10
    assert result_of(played).actions.keys() <= {"add 1", "add 2"}


def test_a_rejected_bot_action_is_counted_and_the_deadline_moves_the_game_on():
    played = play_match(Race(), ["cheater", "random-legal"], None, seed=2)
    assert played.finished
    assert played.match.outcome().winners == (1,)
    assert played.bot_errors["cheater"] >= 5
    assert "Add 1 or 2." in played.error_reasons[0]


def test_a_game_that_never_ends_stops_at_the_step_limit():
    played = play_match(Endless(), ["passer", "passer"], None, seed=1, step_limit=500)
    assert not played.finished and played.steps == 500
    assert result_of(played).scores == ()


@pytest.mark.parametrize("early_close", [False, True])
def test_rounds_are_counted_whether_the_deadline_or_an_early_close_ends_them(early_close):
    played = play_match(REX, seated(MIXES[0], 5), {"rounds": 4, "early_close": early_close},
                        seed=9)
    timeouts = sum(1 for entry in played.match.log if entry.kind == "timeout")
    assert played.finished and played.phases == 4
    assert timeouts == (0 if early_close else 4)


def test_in_a_turn_based_game_every_turn_is_a_phase():
    played = play_match(Race(), ["random-legal", "passer"], None, seed=6)
    timeouts = sum(1 for entry in played.match.log if entry.kind == "timeout")
    assert played.finished and timeouts >= 1
    assert played.phases == len(played.actions) + timeouts
