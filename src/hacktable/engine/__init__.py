"""The engine contract, the match log and the registry (docs/architecture.md)."""

from hacktable.engine.contract import (
    EVERYONE,
    GM,
    GM_ONLY,
    SPECTATOR,
    BaseGame,
    Bot,
    Event,
    Game,
    Outcome,
    Prompt,
    Viewer,
)
from hacktable.engine.errors import OptionError, Rejected, UnknownGame
from hacktable.engine.match import Entry, Match
from hacktable.engine.options import Option, OptionSchema
from hacktable.engine.registry import all_games, get_game, register

__all__ = [
    "EVERYONE", "GM", "GM_ONLY", "SPECTATOR", "BaseGame", "Bot", "Entry", "Event", "Game",
    "Match", "Option", "OptionError", "OptionSchema", "Outcome", "Prompt", "Rejected",
    "UnknownGame", "Viewer", "all_games", "get_game", "register",
]
