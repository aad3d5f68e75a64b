"""The thinker (ISMCTS): it finds a winning move, repeats itself given its generator, plays
whole games through the simulator's runner, and decides only from what its seat can see."""

from __future__ import annotations

import random

import pytest
from tests.sim.toys import Race

from hacktable.bots.ismcts import PASS, ThinkerBot, action_key, sampler_for, searchable
from hacktable.bots.registry import (
    UnknownPersonality,
    bot_classes,
    known_personality,
    make_bot,
)
from hacktable.engine import Match
from hacktable.games import get_game
from hacktable.sim.runner import play_match

RACE = Race()


def race_at(total: int, turn: int = 0) -> Match:
    match = Match(RACE, ["A", "B"], None, 1)
    match.state["total"], match.state["turn"] = total, turn
    return match


def think(match: Match, seat: int, bot: ThinkerBot, seed: int = 0):
    prompt = match.prompts()[seat]
    bot.sampler = sampler_for(match.game, match.state, seat, len(match.seats))
    return bot.act(match.view(seat), prompt, match.legal_actions(seat), random.Random(seed))


def test_it_takes_the_winning_move_and_leaves_the_opponent_a_lost_position():
    assert think(race_at(8), 0, ThinkerBot(RACE, iterations=60)) == 2
    # From 6, adding 1 leaves 7: whatever the opponent adds, the thinker reaches 10.
    assert think(race_at(6), 0, ThinkerBot(RACE, iterations=300)) == 1


def test_the_same_generator_gives_the_same_move():
    match = Match(get_game("cpu"), ["A", "B"], None, 3)
    moves = {action_key(match.game, think(match, 0, ThinkerBot(match.game, iterations=8), 5))
             for _ in range(2)}
    assert len(moves) == 1


def test_it_beats_a_random_player_at_the_race_through_the_runner():
    """The race hides nothing, so the sampler copies the true state."""
    wins = 0
    for seed in range(10):
        played = play_match(RACE, ["thinker", "random-legal"], None, seed)
        assert played.finished and not played.bot_errors
        wins += 0 in played.match.outcome().winners
    assert wins >= 9


def test_the_move_depends_only_on_what_the_seat_can_see():
    """Two Rex Furum positions the seat cannot tell apart (one re-dealt from the other)
    give the same move: the thinker learns nothing from the true hidden state."""
    game = get_game("rexfurum")
    match = Match(game, ["A", "B", "C", "D"], None, 11)
    other = game.redeal(match.state, 0, random.Random(4))
    assert other != match.state
    prompt = match.prompts()[0]
    legal = match.legal_actions(0)
    moves = []
    for state in (match.state, other):
        bot = ThinkerBot(game, iterations=12)
        bot.sampler = sampler_for(game, state, 0, 4)
        moves.append(action_key(game, bot.act(game.view(state, 0), prompt, legal,
                                              random.Random(9))))
    assert moves[0] == moves[1]


def test_offered_where_it_can_search_and_nowhere_it_would_peek():
    assert searchable(get_game("rexfurum")) and searchable(get_game("cpu"))
    assert "thinker" in bot_classes(get_game("dotrun"))
    assert "thinker" not in bot_classes(get_game("scarecity"))  # redeal keeps the plans
    bot = make_bot(get_game("cpu"), "thinker:8")
    assert isinstance(bot, ThinkerBot) and bot.iterations == 8 and not bot.guided
    assert make_bot(get_game("cpu"), "thinker-guided:8").guided
    assert known_personality(get_game("cpu"), "thinker:8")
    assert not known_personality(get_game("cpu"), "turtle:8")
    with pytest.raises(UnknownPersonality):
        make_bot(get_game("scarecity"), "thinker")


def test_guided_playouts_play_whole_games_without_errors():
    played = play_match(get_game("cpu"), ["thinker-guided:4", "aggressive"], None, 2)
    assert played.finished and not played.bot_errors


def test_a_pass_is_returned_as_nothing():
    assert PASS not in (action_key(RACE, 1), action_key(RACE, 2))
