"""Bots on both sides of the bridge: a hacktable bot as a `pyspiel.Bot`, and OpenSpiel's
information-set MCTS set up for a hacktable game.

The hacktable bot decides exactly as in the simulator: from its seat's view, prompt and
listed moves (and, through `equip`, the media and sampler the runner hands it), never from
the hidden state. Its move is then found in the listed moves to get its action number.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from hacktable.bots.ismcts import action_key
from hacktable.bots.registry import equip, make_bot
from hacktable.games import get_game
from hacktable.sim.spiel.table import PASS


class Unlisted(ValueError):
    """A hacktable bot chose a move the OpenSpiel game cannot number (not in the list)."""


class HacktableBot(pyspiel.Bot):
    """One of a game's own bots (`aggressive`, `thinker:16`, …) playing through OpenSpiel."""

    def __init__(self, game_id: str, personality: str,
                 rng: random.Random | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.game = get_game(game_id)
        self.personality = personality
        self.bot = make_bot(self.game, personality)
        self.rng = rng or random.Random(0)

    def restart_at(self, state: Any) -> None:
        """Nothing to reset: the bot reads the seat's view afresh at every decision."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Other seats' moves reach the bot through its view, as at the table."""

    def step(self, state: Any) -> int:
        table = state.table
        seat = state.current_player()
        prompt = table.prompt(seat)
        legal = list(table.listed) if self.bot.wants_legal else None
        equip(self.bot, self.game, table.state, seat, table.players)
        move = self.bot.act(table.view(seat), prompt, legal, self.rng)
        allowed = state.legal_actions()
        if move is None:
            if PASS in allowed:
                return PASS
            raise Unlisted(f"{self.personality} handed in nothing where a move is required")
        keys = [action_key(self.game, listed) for listed in table.listed]
        key = action_key(self.game, move)
        if key not in keys:
            raise Unlisted(f"{self.personality} played {key}, which is not a listed move")
        return keys.index(key) + 1


def ismcts_bot(game: pyspiel.Game, simulations: int = 100, seed: int = 0,
               uct_c: float = 1.0) -> ismcts.ISMCTSBot:
    """OpenSpiel's (Python) ISMCTS with random rollouts, seeded so a run repeats.

    Its samples of the hidden parts come from `resample_from_infostate` (the game's redeal
    and a fresh seed), drawn with a generator of its own.
    """
    numbers = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers), uct_c,
        simulations, random_state=numbers,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        allow_inconsistent_action_sets=True)
    draws = random.Random(seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, draws.random))
    return bot


def play(game: pyspiel.Game, bots: list[Any], seed: int) -> list[float]:
    """Play one match from match seed `seed` (the chance node's outcome) with `bots[i]` in
    seat i; returns each seat's return. (OpenSpiel's `evaluate_bots` would also do, but its
    ISMCTS bot has no `restart_at`, which that loop calls.)"""
    state = game.new_initial_state()
    state.apply_action(seed)
    while not state.is_terminal():
        state.apply_action(int(bots[state.current_player()].step(state)))
    return list(state.returns())
