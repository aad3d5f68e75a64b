"""A hacktable game as an OpenSpiel Python game (`pyspiel.Game` / `pyspiel.State`).

The shape, for every game (docs/lab-openspiel.md says why):

- **Chance**: one chance node at the start picks the match seed among `seeds` equally
  likely ones; every later draw the engine makes comes from that seed and the entry
  number, so no other chance node is needed and a seed plus the moves replays the match.
- **Sequential dynamics**, imperfect information: the seats of a simultaneous phase hand in
  one after another, and none sees another's move before the phase resolves, because a
  seat's information is its own view, which the engine keeps secret until then.
- **Actions** are `Table`'s numbers (0 passes, i is the i-th listed move).
- **Returns** at the end: win credit (see `Table.returns`), general-sum.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from hacktable.games import get_game
from hacktable.sim.encoding import MAX_ACTIONS
from hacktable.sim.spiel.coverage import spiel_name
from hacktable.sim.spiel.observer import ViewObserver
from hacktable.sim.spiel.table import PASS, Table, view_json

DEFAULT_SEEDS = 1000
"""How many match seeds the chance node chooses among."""
DEFAULT_MAX_MOVES = 3000
"""Player actions after which a match is cut short (a draw with no winner)."""


def game_type(game_id: str) -> pyspiel.GameType:
    """The OpenSpiel description of one hacktable game, with its parameters' defaults."""
    game = get_game(game_id)
    suffix = " (listed moves only)" if game.spiel.form == "listed" else ""
    return pyspiel.GameType(
        short_name=spiel_name(game_id),
        long_name=f"hacktable {game.name}{suffix}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_seats,
        min_num_players=game.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_seats, "seeds": DEFAULT_SEEDS,
                                 "max_moves": DEFAULT_MAX_MOVES},
    )


class HacktableSpielGame(pyspiel.Game):
    """One hacktable game; subclasses made by `game_class` fix which."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kind = game_type(self.game_id)
        params = {**kind.parameter_specification, **(params or {})}
        self.seeds = int(params["seeds"])
        self.max_moves = int(params["max_moves"])
        players = int(params["players"])
        if not kind.min_num_players <= players <= kind.max_num_players:
            raise ValueError(f"{kind.long_name} is played by {kind.min_num_players} to "
                             f"{kind.max_num_players} players, not {players}")
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=self.seeds,
            num_players=players, min_utility=0.0, max_utility=1.0, utility_sum=None,
            max_game_length=self.max_moves + 1)
        super().__init__(kind, info, params)

    def new_initial_state(self) -> HacktableSpielState:
        return HacktableSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ViewObserver:
        return ViewObserver(iig_obs_type, params)


def game_class(game_id: str) -> type[HacktableSpielGame]:
    """The `pyspiel.Game` subclass for one hacktable game (OpenSpiel builds it from params)."""
    name = "".join(part.title() for part in game_id.split("_"))
    return type(f"Hacktable{name}SpielGame", (HacktableSpielGame,), {"game_id": game_id})


class HacktableSpielState(pyspiel.State):
    """One position: a `Table` (the match) that OpenSpiel copies, pickles and moves."""

    def __init__(self, game: HacktableSpielGame) -> None:
        super().__init__(game)
        self.seeds = game.seeds
        self.table = Table(game.game_id, game.num_players(), game.max_moves)

    def current_player(self) -> int:
        if self.table.over:
            return pyspiel.PlayerId.TERMINAL
        if self.table.seed is None:
            return pyspiel.PlayerId.CHANCE
        assert self.table.asked is not None
        return self.table.asked

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal() if player == self.table.asked else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / self.seeds) for seed in range(self.seeds)]

    def _apply_action(self, action: int) -> None:
        if self.table.seed is None:
            self.table.deal(int(action))
        else:
            self.table.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        if action == PASS:
            return "pass"
        table = self.table
        if player == table.asked and 1 <= action <= len(table.listed):
            return view_json(table.game.action_to_json(table.listed[action - 1]))
        return f"listed move {action}"

    def is_terminal(self) -> bool:
        return self.table.over

    def returns(self) -> list[float]:
        return self.table.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the player cannot tell from this one (for ISMCTS): see `Table.resample`.
        Refused where the game's redeal keeps a hidden part (a sample would show it)."""
        if self.table.game.sampler_gap is not None:
            raise NotImplementedError(
                f"{self.table.game.name} cannot be resampled: {self.table.game.sampler_gap}")
        rng = random.Random(int(probability_sampler() * 2**53))
        state = self.clone()
        if self.table.state is not None:
            state.table = self.table.resample(player_id, rng, self.seeds)
        return state

    def __str__(self) -> str:
        """The whole position as the gamemaster sees it (for OpenSpiel's checks and logs)."""
        table = self.table
        if table.state is None:
            return "before the deal"
        return (f"seed {table.seed}, move {table.moves}, asking {table.asked}: "
                f"{view_json(table.view('gm'))}")
