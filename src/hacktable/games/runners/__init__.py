"""Rules for Runners: a gamemaster-run mission of 30-second turns worth 3 game seconds,
checks against secret DCs, hidden guards and readied actions."""

from hacktable.games.runners.game import GAME, Runners

__all__ = ["GAME", "Runners"]
