"""The games and their registry: importing this package registers every installed game.

The registry lives with the games, not in the engine (the engine knows no game): the
table, the bots, the simulator and the command line ask it for a game by id. Every game,
the five in this package and any outside it, registers the same way: an entry point in the
group `hacktable.games` naming its game object (`pyproject.toml`), so adding a game touches
no shared file. A game kept elsewhere (a test's own game) is registered by calling
`register`, or by naming its module in the environment variable `HACKTABLE_GAMES`
(comma-separated module names, each importing registers its game), which reaches a server
started in another process.
"""

from __future__ import annotations

import importlib
import os
from importlib.metadata import EntryPoint, distributions
from typing import Any

from hacktable.engine.contract import Game
from hacktable.engine.errors import UnknownGame
from hacktable.engine.parts import AnyGame, complete

EXTRA_GAMES = "HACKTABLE_GAMES"
"""The environment variable naming modules that register further games."""

ENTRY_POINTS = "hacktable.games"
"""The entry-point group every game registers under, in this package or outside it."""

_GAMES: dict[str, AnyGame] = {}
_GIVEN: dict[str, object] = {}


def register(game: Game[Any, Any, Any]) -> AnyGame:
    """Add a game under its id, with every optional part (`engine.parts.complete`);
    registering another game under a taken id is a programming error."""
    if game.id in _GAMES and _GIVEN[game.id] is not game:
        raise ValueError(f"game id {game.id!r} is already registered")
    _GIVEN[game.id] = game
    _GAMES[game.id] = complete(game)
    return _GAMES[game.id]


def unregister(game_id: str) -> None:
    """Forget a game registered for a while (a test's own game)."""
    _GAMES.pop(game_id, None)
    _GIVEN.pop(game_id, None)


def registered() -> dict[str, AnyGame]:
    """Every registered game by id, in id order."""
    return {key: _GAMES[key] for key in sorted(_GAMES)}


def get_game(game_id: str) -> AnyGame:
    try:
        return _GAMES[game_id.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"There is no game called {game_id!r}; try one of: {known}.") from None


def all_games() -> list[AnyGame]:
    return list(registered().values())


def installed_games() -> list[EntryPoint]:
    """The entry points of every installed game, by name. Read from the distributions that
    declare any (their `entry_points.txt` names the group), without the standard library's
    pass that reads every installed package's metadata to drop duplicates: that took 95 ms of
    every start, this 7."""
    found: dict[str, EntryPoint] = {}
    for distribution in distributions():
        declared = distribution.read_text("entry_points.txt")
        if declared and f"[{ENTRY_POINTS}]" in declared:
            for entry in distribution.entry_points.select(group=ENTRY_POINTS):
                found.setdefault(entry.name, entry)
    return [found[name] for name in sorted(found)]


def _register_installed() -> None:
    for entry in installed_games():
        register(entry.load())
    for module in filter(None, (name.strip() for name in
                                os.environ.get(EXTRA_GAMES, "").split(","))):
        importlib.import_module(module)


_register_installed()
