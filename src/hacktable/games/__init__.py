"""The games and their registry: importing this package registers the five games.

The registry lives with the games, not in the engine (the engine knows no game): the
table, the bots, the simulator and the command line ask it for a game by id. A game kept
elsewhere (a test's own game) is registered by calling `register`, or by naming its
module in the environment variable `HACKTABLE_GAMES` (comma-separated module names, each
importing registers its game), which reaches a server started in another process.
"""

from __future__ import annotations

import importlib
import os

from hacktable.engine.contract import Game
from hacktable.engine.errors import UnknownGame

EXTRA_GAMES = "HACKTABLE_GAMES"
"""The environment variable naming modules that register further games."""

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game under its id; registering the same id twice is a programming error."""
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise ValueError(f"game id {game.id!r} is already registered")
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Forget a game registered for a while (a test's own game)."""
    _GAMES.pop(game_id, None)


def registered() -> dict[str, Game]:
    """Every registered game by id, in id order."""
    return {key: _GAMES[key] for key in sorted(_GAMES)}


def get_game(game_id: str) -> Game:
    try:
        return _GAMES[game_id.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"There is no game called {game_id!r}; try one of: {known}.") from None


def all_games() -> list[Game]:
    return list(registered().values())


def _register_builtin() -> None:
    from hacktable.games.cpu import GAME as CPU
    from hacktable.games.dotrun import GAME as DOTRUN
    from hacktable.games.dotrun.companion import GAME as DOTRUN_COMPANION
    from hacktable.games.rexfurum import GAME as REXFURUM
    from hacktable.games.runners import GAME as RUNNERS
    from hacktable.games.scarecity import GAME as SCARECITY

    for game in (REXFURUM, CPU, DOTRUN, DOTRUN_COMPANION, SCARECITY, RUNNERS):
        register(game)
    for module in filter(None, (name.strip() for name in
                                os.environ.get(EXTRA_GAMES, "").split(","))):
        importlib.import_module(module)


_register_builtin()
