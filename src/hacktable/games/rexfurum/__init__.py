"""Rex Furum, by Felix Park: an email game of corporate backstabbing over ten timed rounds."""

from hacktable.games.rexfurum.game import GAME, RexFurum

__all__ = ["GAME", "RexFurum"]
