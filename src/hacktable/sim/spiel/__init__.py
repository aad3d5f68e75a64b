"""The hacktable games as OpenSpiel Python games (`pip install hacktable[openspiel]`), so
OpenSpiel's own algorithms (its ISMCTS, MCTS, CFR family, evaluation tools) run on them.

    from hacktable.sim.spiel import register_all
    register_all()
    game = pyspiel.load_game("python_hacktable_cpu(players=2)")

See docs/lab-openspiel.md for the design and `coverage` for which games are registered.
"""

from __future__ import annotations

import pyspiel

from hacktable.sim.spiel.coverage import (
    faithful,
    listed_only,
    not_registered,
    registered,
    spiel_name,
)
from hacktable.sim.spiel.game import HacktableSpielGame, HacktableSpielState, game_class, game_type


def register_all() -> list[str]:
    """Register every game OpenSpiel can hold (once per process); returns their names."""
    known = set(pyspiel.registered_names())
    ids = registered()
    for game_id in ids:
        if spiel_name(game_id) not in known:
            pyspiel.register_game(game_type(game_id), game_class(game_id))
    return [spiel_name(game_id) for game_id in ids]


__all__ = [
    "HacktableSpielGame", "HacktableSpielState", "faithful", "game_class", "game_type",
    "listed_only", "not_registered", "register_all", "registered", "spiel_name",
]
