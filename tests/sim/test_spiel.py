"""The hacktable games as OpenSpiel games pass OpenSpiel's own checks, keep every seat's
hidden information hidden, replay the simulator's matches, and can be played by
OpenSpiel's ISMCTS against a hacktable bot."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pyspiel")
import pyspiel

from hacktable.games import all_games, get_game
from hacktable.sim.runner import bot_rng, play_match
from hacktable.sim.spiel import not_registered, register_all, registered, spiel_name
from hacktable.sim.spiel.bots import HacktableBot, Unlisted, ismcts_bot, play

NAMES = register_all()


def random_state(name: str, seed: int, moves: int, players: int | None = None):
    """An OpenSpiel state after the deal of `seed` and up to `moves` random actions."""
    game = pyspiel.load_game(name, {} if players is None else {"players": players})
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


def test_every_game_is_registered_or_has_a_reason_why_not():
    assert sorted([*registered(), *not_registered()]) == sorted(g.id for g in all_games())
    assert all(game.spiel.why for game in all_games())  # each game says why, in its folder
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert register_all() == NAMES  # a second call registers nothing twice


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulation_test_passes_with_serialisation(name):
    game = pyspiel.load_game(name, {"seeds": 50})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_parameters_reach_the_match():
    game = pyspiel.load_game(spiel_name("cpu"), {"players": 3, "seeds": 7, "max_moves": 5})
    assert game.num_players() == 3 and game.max_chance_outcomes() == 7
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 7
    state.apply_action(6)
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]  # cut short: no winner


def test_a_serialised_state_is_its_seed_and_moves_and_plays_on_the_same():
    game, state = random_state(spiel_name("cpu"), seed=4, moves=30)
    text = state.serialize()
    again = game.deserialize_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    assert len(text) < 2_000  # the moves, not a snapshot of the whole match
    rng = random.Random(1)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        again.apply_action(action)
        assert str(again) == str(state)
    assert again.returns() == state.returns()


def test_a_seat_cannot_tell_a_state_from_one_with_the_others_hidden_cards_redealt():
    _, state = random_state(spiel_name("cpu"), seed=2, moves=6)
    seat = state.current_player()
    other = 1 - seat
    redealt = state.resample_from_infostate(seat, random.Random(9).random)
    assert redealt.table.state != state.table.state  # the other hand really changed
    assert redealt.information_state_string(seat) == state.information_state_string(seat)
    assert redealt.observation_string(seat) == state.observation_string(seat)
    assert np.array_equal(redealt.observation_tensor(seat), state.observation_tensor(seat))
    assert redealt.legal_actions() == state.legal_actions()
    # The other seat sees its own hand, so for it the two states differ.
    assert redealt.information_state_string(other) != state.information_state_string(other)
    # A re-dealt copy is no replay of its history, so it is serialised whole.
    copied = redealt.get_game().deserialize_state(redealt.serialize())
    assert str(copied) == str(redealt) and copied.table.exact is False


def test_the_information_state_remembers_the_past_and_the_observation_does_not():
    _, state = random_state(spiel_name("rexfurum"), seed=1, moves=0)
    seat = state.current_player()
    before = state.information_state_string(seat)
    assert '"recall"' in before and '"recall"' not in state.observation_string(seat)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(seat) != before


def test_a_game_whose_redeal_keeps_secrets_refuses_to_be_resampled():
    _, state = random_state(spiel_name("scarecity"), seed=1, moves=3)
    with pytest.raises(NotImplementedError, match="secret plans"):
        state.resample_from_infostate(state.current_player(), random.random)


def test_a_seed_plays_the_same_match_as_the_simulator():
    seed = 5
    played = play_match(get_game("cpu"), ["aggressive", "turtle"], seed=seed)
    game = pyspiel.load_game(spiel_name("cpu"))
    state = game.new_initial_state()
    state.apply_action(seed)
    bots = [HacktableBot("cpu", name, bot_rng(seed, seat))
            for seat, name in enumerate(["aggressive", "turtle"])]
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert played.finished and state.table.state == played.match.state
    assert state.table.entries == len(played.match.log)


def test_a_move_the_list_cannot_hold_is_refused_by_name():
    _, state = random_state(spiel_name("rexfurum"), seed=1, moves=0)
    with pytest.raises(Unlisted, match="not a listed move"):
        for _ in range(8):  # the loyal bot sends several orders at once
            state.apply_action(HacktableBot("rexfurum", "loyal").step(state))


def test_openspiel_ismcts_plays_a_cpu_match_to_the_end_against_a_hacktable_bot():
    game = pyspiel.load_game(spiel_name("cpu"))
    bots = [ismcts_bot(game, simulations=4, seed=3),
            HacktableBot("cpu", "aggressive", random.Random(3))]
    assert sorted(play(game, bots, seed=3)) == [0.0, 1.0]
