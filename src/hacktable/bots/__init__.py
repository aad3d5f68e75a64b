"""Generic bots that play any game on the engine contract (docs/architecture.md, Bots)."""

from hacktable.bots.random_legal import RandomLegalBot

GENERIC_BOTS: dict[str, type] = {RandomLegalBot.personality: RandomLegalBot}
"""Bots every game can use, by personality; a game's own bots live in `game.bots()`."""

__all__ = ["GENERIC_BOTS", "RandomLegalBot"]
