"""A worked PettingZoo example (docs/lab.md): evaluate a simple agent through the AEC
environment, as reinforcement-learning code would, against a masked-random one.

The simple agent follows one fixed rule, the last move of the listed ones (never letting
time run out when a move is listed); seats alternate from game to game. It reads nothing
but the observation and the mask, as a learnt policy would.

Run: `uv run python benchmarks/lab_zoo.py [GAME] [GAMES]`.
"""

from __future__ import annotations

import sys

import numpy as np

from hacktable.sim.stats import wilson
from hacktable.sim.zoo import env


def last_listed(observation: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    live = np.flatnonzero(observation["action_mask"])
    listed = live[live > 0]
    return int(listed[-1] if len(listed) else live[0])


def masked_random(observation: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def main(game_id: str = "cpu", games: int = 200) -> None:
    rng = np.random.default_rng(0)
    wins = 0.0
    for seed in range(games):
        table = env(game_id, players=2)
        table.reset(seed=seed)
        simple = table.possible_agents[seed % 2]  # alternate the seats
        earned = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter(max_iter=100_000):
            observation, reward, done, cut, _ = table.last()
            earned[agent] += reward
            if done or cut:
                table.step(None)
                continue
            policy = last_listed if agent == simple else masked_random
            table.step(policy(observation, rng))
        wins += earned[simple]
    low, high = wilson(wins, games)
    print(f"{game_id}: the last-listed agent won {wins:g} of {games} games against masked "
          f"random, {100 * wins / games:.1f}% (95% CI {100 * low:.1f}–{100 * high:.1f}%)")


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["cpu"]), *([int(sys.argv[2])] if len(sys.argv) > 2 else []))
