"""Per-game screen helpers: a game's screen folder (`games/<id>/screen/builder.py`, see
`BaseGame.screen_folder`), or else `hacktable.web.screens.<game id>`, may define
`prepare(context) -> dict`, turning the game's view into rows its template can print
without rule knowledge in Jinja. A game without a helper renders from the raw context."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from hacktable.engine.errors import UnknownGame
from hacktable.engine.parts import AnyGame
from hacktable.games import get_game

ASSET = re.compile(r"^[a-z0-9_-]{1,60}\.(css|js)$")
"""The names of the files a screen folder may serve: its stylesheets and scripts."""


def folder(game_id: str) -> Path | None:
    """The screen folder of the game with this id, or None (an unknown game, or one
    without such a folder): for a template or file asked for by its path."""
    try:
        game = get_game(game_id)
    except UnknownGame:
        return None
    return _folder_of(game)


def _folder_of(game: AnyGame) -> Path | None:
    """The game's screen folder, or None."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        found = Path(str(resources.files(package).joinpath(*game.screen_folder.split("/"))))
    except (ModuleNotFoundError, TypeError, ValueError):
        return None
    return found if found.is_dir() else None


def asset(game_id: str, name: str) -> Path | None:
    """A stylesheet or script of the game's screen folder, or None."""
    where = folder(game_id)
    if where is None or not ASSET.match(name):
        return None
    path = where / name
    return path if path.is_file() else None


def _screen_package(game: AnyGame) -> str:
    """The module path of the game's screen folder (the game's package, then the folder)."""
    package = type(game).__module__.rpartition(".")[0]
    return ".".join([package, *game.screen_folder.split("/")])


_helpers: dict[str, Callable[[Mapping[str, Any]], Mapping[str, Any]] | None] = {}
"""Each game's screen helper by game id, found once."""


def _helper(game: AnyGame) -> Callable[[Mapping[str, Any]], Mapping[str, Any]] | None:
    """The `prepare` of the game's screen builder (its screen folder's `builder.py`, else
    `hacktable.web.screens.<game id>`), or None. A screen folder is part of the web layer,
    so no module of the game imports it: it is found from the game, once."""
    if game.id in _helpers:
        return _helpers[game.id]
    where = _folder_of(game)
    module_name = (_screen_package(game) + ".builder"
                   if where is not None and (where / "builder.py").is_file()
                   else f"{__name__}.{game.id}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        module = None
    helper = getattr(module, "prepare", None)
    _helpers[game.id] = helper if callable(helper) else None
    return _helpers[game.id]


def prepare(game: AnyGame, context: Mapping[str, Any]) -> dict[str, Any]:
    """Extra template variables for this game's screen ({} when it has no helper)."""
    helper = _helper(game)
    return dict(helper(context)) if helper else {}
