"""The games. Importing this package registers every game with the engine registry."""

from hacktable.engine.registry import register
from hacktable.games.rexfurum import GAME as REXFURUM

register(REXFURUM)
