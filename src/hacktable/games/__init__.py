"""The games. Importing this package registers every game with the engine registry."""

from hacktable.engine.registry import register
from hacktable.games.cpu import GAME as CPU
from hacktable.games.dotrun import GAME as DOTRUN
from hacktable.games.dotrun.companion import GAME as DOTRUN_COMPANION
from hacktable.games.rexfurum import GAME as REXFURUM
from hacktable.games.runners import GAME as RUNNERS
from hacktable.games.scarecity import GAME as SCARECITY

register(REXFURUM)
register(CPU)
register(DOTRUN)
register(DOTRUN_COMPANION)
register(SCARECITY)
register(RUNNERS)
