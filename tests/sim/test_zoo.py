"""Every registered game passes PettingZoo's own API test as an AEC environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test

from hacktable.games import all_games
from hacktable.sim.zoo import HacktableAEC, encode_view

GAMES = [game.id for game in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test_passes(game_id):
    api_test(HacktableAEC(game_id, max_steps=300), num_cycles=200)


def test_the_observation_is_the_seats_view_hashed_and_the_mask_follows_the_legal_moves():
    env = HacktableAEC("cpu", players=2)
    env.reset(seed=3)
    seat = env.possible_agents.index(env.agent_selection)
    observed = env.observe(env.agent_selection)
    assert np.array_equal(observed["observation"], encode_view(env.match.view(seat)))
    legal = env.match.legal_actions(seat)
    assert observed["action_mask"][1:].sum() == min(len(legal), env.max_actions - 1)
    other = env.possible_agents[1 - seat]
    assert env.observe(other)["action_mask"].sum() == 0  # only the asked seat may move


def test_a_random_masked_episode_ends_with_the_winners_rewarded():
    env = HacktableAEC("cpu", players=2)
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=20_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        live = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(live)))
    assert sorted(totals.values()) == [0.0, 1.0]
