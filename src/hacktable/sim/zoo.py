"""Every registered game as a PettingZoo AEC environment (`pip install hacktable[rl]`), so
reinforcement-learning code written for PettingZoo can train and evaluate on hacktable.

The environment plays a `Match` exactly as the simulator's runner does: the agent asked is
the next seat that has a prompt and has not handed in; when nobody is left to ask, the
phase's time runs out (`close_phase`) inside `step`, as at a table.

Encoding (the same for every game, so one agent architecture fits them all; it lives in
`sim/encoding.py`, which the OpenSpiel adapter shares):

- Agents are `seat_0` .. `seat_{n-1}`.
- **Action**: `Discrete(max_actions)`. Index 0 is "hand in nothing" (let the phase's clock
  run out); it is allowed where the open phase has a clock, or where the seat has no
  listed move. Index i >= 1 is the (i-1)-th move of `game.legal_actions(state, seat)` in
  the order the game lists it; a list longer than `max_actions - 1` is cut (the mask says
  which indices are live). A move the game refuses counts as handing in nothing.
- **Observation**: `{"observation": float32[obs_size], "action_mask": int8[max_actions]}`.
  The observation is the seat's own `game.view` (never the state), flattened to its leaves
  (`path -> value`, list positions included) and feature-hashed with CRC-32 into
  `obs_size` buckets: a number adds its value (clipped to +-1e6) to the bucket of its path;
  a string or a true/false adds 1 to the bucket of `path=value`. Hashing keeps one fixed
  size for views of any shape; collisions are the price.
- **Rewards** come at the end: each seat's win credit (1/k to each of k tied winners, 0 to
  the rest; a co-operative win gives every seat 1). A match that stops without an outcome
  (`max_steps`, or an untimed phase nobody acts in) is truncated with no reward.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from hacktable.bots.ismcts import clocked
from hacktable.engine.contract import Action, Prompt
from hacktable.engine.errors import Rejected
from hacktable.engine.match import Match
from hacktable.engine.parts import AnyGame
from hacktable.engine.seats import seat_names
from hacktable.games import get_game
from hacktable.sim.encoding import MAX_ACTIONS, OBS_SIZE, encode_view

MAX_STEPS = 5_000


class HacktableAEC(AECEnv):
    """One game as an AEC environment; see the module docstring for the encoding."""

    # PettingZoo reads `metadata` off the environment; each one names its game in its own.
    metadata: dict[str, Any] = {  # noqa: RUF012 (an instance attribute to PettingZoo)
        "render_modes": ["ansi"], "name": "hacktable_v0", "is_parallelizable": False}

    def __init__(self, game: AnyGame | str, players: int | None = None,
                 options: dict[str, Any] | None = None, obs_size: int = OBS_SIZE,
                 max_actions: int = MAX_ACTIONS, max_steps: int = MAX_STEPS,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = players or self.game.min_seats
        self.options = options
        self.obs_size, self.max_actions, self.max_steps = obs_size, max_actions, max_steps
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{seat}" for seat in range(self.players)]
        self.metadata = {**self.metadata, "name": f"hacktable_{self.game.id}_v0"}
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
        })
        self._action_space = spaces.Discrete(max_actions)
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    # -- the match ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.match = Match(self.game, seat_names(self.players), self.options,
                           0 if seed is None else seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._declined: dict[int, Prompt] = {}
        self._steps = 0
        self._moves: dict[int, list[Action]] = {}
        self._advance()

    def _advance(self) -> None:
        """Select the next seat to ask, closing phases nobody acts in; end the episode when
        the match is over or stuck."""
        match = self.match
        assert match is not None
        while self._steps < self.max_steps:
            outcome = match.outcome()
            if outcome is not None:
                share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
                everyone = len(outcome.winners) == self.players
                for seat, agent in enumerate(self.possible_agents):
                    won = seat in outcome.winners
                    self.rewards[agent] = (1.0 if everyone else share) if won else 0.0
                    self.terminations[agent] = True
                self._accumulate_rewards()
                return
            for seat, prompt in match.prompts().items():
                if not prompt.submitted and self._declined.get(seat) != prompt:
                    self.agent_selection = self.possible_agents[seat]
                    self._moves[seat] = list(match.legal_actions(seat) or [])
                    return
            self._steps += 1
            try:
                match.close_phase()
            except Rejected:
                break  # an untimed phase that nobody acts in
            self._declined.clear()
        for agent in self.agents:
            self.truncations[agent] = True

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if self.match is None or self.possible_agents[seat] != self.agent_selection or (
                self.terminations.get(self.agent_selection)
                or self.truncations.get(self.agent_selection)):
            return mask
        moves = self._moves.get(seat, [])
        mask[1:1 + min(len(moves), self.max_actions - 1)] = 1
        if not moves or clocked(self.game, self.match.state):
            mask[0] = 1
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        assert self.match is not None
        return {"observation": encode_view(self.match.view(seat), self.obs_size),
                "action_mask": self._mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None and action is not None
        seat = self.possible_agents.index(agent)
        prompt = self.match.prompts()[seat]
        moves = self._moves.get(seat, [])
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._steps += 1
        if 1 <= action <= len(moves):
            try:
                self.match.submit(seat, moves[action - 1])
                self._declined.pop(seat, None)
            except Rejected:
                self._declined[seat] = prompt
        else:
            self._declined[seat] = prompt
        self._advance()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.match is None:
            return None
        return self.game.render(self.match.view("spectator"))

    def close(self) -> None:
        self.match = None


def env(game: str, **kwargs: Any) -> HacktableAEC:
    """The usual PettingZoo constructor name: `env("cpu", players=2)`."""
    return HacktableAEC(game, **kwargs)
