"""Per-game screen helpers: `hacktable.web.screens.<game id>` may define
`prepare(context) -> dict`, turning the game's view into rows its template can print
without rule knowledge in Jinja. A game without a helper renders from the raw context."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any


def prepare(game_id: str, context: Mapping[str, Any]) -> dict[str, Any]:
    """Extra template variables for this game's screen ({} when it has no helper)."""
    module_name = f"{__name__}.{game_id}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return {}
    helper = getattr(module, "prepare", None)
    return dict(helper(context)) if helper else {}


def closed(context: Mapping[str, Any]) -> bool:
    """Whether the match is over (or the host ended it): then no screen asks anyone for a
    move, whatever turn the game was at when it stopped."""
    return (context.get("match") or {}).get("status") in ("over", "ended")
