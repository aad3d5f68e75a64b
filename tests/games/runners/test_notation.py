"""The written notation (terminal play, the generic screen): a few words per move, and a
sentence naming what could not be read."""

import pytest
from tests.games.runners.helpers import GM, MICA, Table

from hacktable.engine.errors import Rejected
from hacktable.games.runners import GAME


@pytest.mark.parametrize(("seat", "text", "action"), [
    (MICA, "move 4 2", {"do": "move", "to": [4, 2]}),
    (MICA, "move 5", {"do": "move", "squares": 5}),
    (MICA, "check careful pick the lock",
     {"do": "check", "effort": "careful", "fail": False, "note": "pick the lock"}),
    (MICA, "ready pull the alarm when a guard comes",
     {"do": "ask", "ready": True, "text": "pull the alarm", "trigger": "a guard comes"}),
    (MICA, "stop", {"do": "stop_sneaking"}),
    (GM, "check 1 dex 12 blind sight",
     {"do": "check", "seat": 1, "stat": "dex", "dc": 12, "visibility": "blind",
      "passive": False, "sight": True}),
    (GM, "price 2 1", {"do": "price", "seat": 2, "seconds": 1}),
    (GM, "end turn", {"do": "end_turn"}),
])
def test_the_notation_reads_moves(seat, text, action):
    assert GAME.parse(Table().state, seat, text) == action


def test_an_unreadable_move_says_what_to_write():
    with pytest.raises(Rejected, match="try move X Y"):
        GAME.parse(Table().state, MICA, "dance")
    with pytest.raises(Rejected, match="check SEAT STAT DC"):
        GAME.parse(Table().state, GM, "check mica")
