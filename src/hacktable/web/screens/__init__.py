"""Per-game screen helpers: a game's screen folder (`games/<id>/screen/builder.py`, see
`BaseGame.screen_folder`), or else `hacktable.web.screens.<game id>`, may define
`prepare(context) -> dict`, turning the game's view into rows its template can print
without rule knowledge in Jinja. A game without a helper renders from the raw context."""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from hacktable.engine.errors import UnknownGame
from hacktable.games import get_game

ASSET = re.compile(r"^[a-z0-9_-]{1,60}\.(css|js)$")
"""The names of the files a screen folder may serve: its stylesheets and scripts."""


def folder(game_id: str) -> Path | None:
    """The game's screen folder, or None (an unknown game, or one without such a folder)."""
    try:
        game = get_game(game_id)
    except UnknownGame:
        return None
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


@cache
def _builder_module(game_id: str) -> str | None:
    where = folder(game_id)
    if where is None or not (where / "builder.py").is_file():
        return None
    game = get_game(game_id)
    package = type(game).__module__.rpartition(".")[0]
    return ".".join([package, *game.screen_folder.split("/"), "builder"])


def prepare(game_id: str, context: Mapping[str, Any]) -> dict[str, Any]:
    """Extra template variables for this game's screen ({} when it has no helper)."""
    module_name = _builder_module(game_id) or f"{__name__}.{game_id}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return {}
    helper = getattr(module, "prepare", None)
    return dict(helper(context)) if helper else {}
