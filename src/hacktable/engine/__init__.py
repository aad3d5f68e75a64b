"""The engine contract and the match log (docs/architecture.md); the registry of games
lives with the games (`hacktable.games`)."""

from hacktable.engine.contract import (
    EVERYONE,
    GM,
    GM_ONLY,
    SPECTATOR,
    BaseBot,
    BaseGame,
    Bot,
    Event,
    Game,
    Outcome,
    Prompt,
    SpielCoverage,
    Viewer,
)
from hacktable.engine.errors import OptionError, Rejected, UnknownGame
from hacktable.engine.match import Entry, Match
from hacktable.engine.options import Option, OptionSchema

__all__ = [
    "EVERYONE", "GM", "GM_ONLY", "SPECTATOR", "BaseBot", "BaseGame", "Bot", "Entry", "Event",
    "Game", "Match", "Option", "OptionError", "OptionSchema", "Outcome", "Prompt", "Rejected",
    "SpielCoverage", "UnknownGame", "Viewer",
]
