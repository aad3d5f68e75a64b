"""./Run, by Squid Tamar-Mattis, Jacques Manjarrez, Sam Schwartz and Michael Sitver: a
cooperative heist of planning, 30 seconds of stress, and automatic resolution."""

from hacktable.games.dotrun.game import GAME, DotRun

__all__ = ["GAME", "DotRun"]
