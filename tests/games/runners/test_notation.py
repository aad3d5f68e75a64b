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
    (GM, "hold", {"do": "hold"}),
    (GM, "dc 1 12", {"do": "check", "seat": 1, "dc": 12, "visibility": None}),
    (GM, "check 1 dex 12 free", {"do": "check", "seat": 1, "stat": "dex", "dc": 12,
                                 "visibility": None, "passive": False, "sight": False,
                                 "charge": False}),
    (GM, "keep 2 int", {"do": "check", "seat": 2, "stat": "int", "keep": True,
                        "visibility": None}),
    (GM, "door 8 2 open", {"do": "door", "at": [8, 2], "open": True}),
    (GM, "end mission failure", {"do": "end_mission", "result": "failure"}),
    (MICA, "unlock 8 2 careful", {"do": "act", "what": "unlock", "effort": "careful",
                                  "fail": False, "target": [8, 2]}),
    (MICA, "search the trash can", {"do": "act", "what": "search", "effort": "normal",
                                    "fail": False, "target": "the trash can"}),
    (MICA, "keep hasty the route", {"do": "check", "effort": "hasty", "keep": True,
                                    "note": "the route"}),
    (MICA, "roll kept", {"do": "roll", "kept": True}),
])
def test_the_notation_reads_moves(seat, text, action):
    assert GAME.parse(Table().state, seat, text) == action


def test_an_unreadable_move_says_what_to_write():
    with pytest.raises(Rejected, match="try move X Y"):
        GAME.parse(Table().state, MICA, "dance")
    with pytest.raises(Rejected, match="check RUNNER STAT DC"):
        GAME.parse(Table().state, GM, "check mica")


def test_an_attack_names_someone_the_runner_can_see():
    from tests.games.runners.helpers import mission, npc_ref

    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2], [("Guard", 0)], hidden=False)
    table.gm(do="npc", name="Ghost", init=0, hidden=True)
    guard = npc_ref(table, "Guard")
    assert GAME.parse(table.state, MICA, "attack gu hasty")["target"] == guard
    assert GAME.parse(table.state, MICA, "attack damien")["target"] == "s2"
    with pytest.raises(Rejected, match=r"Name someone you can see: Damien, Luke, Guard\.$"):
        GAME.parse(table.state, MICA, "attack ghost")


def test_the_gm_names_a_runner_as_every_screen_does():
    # The room labels seats from 1 with the GM first ("Seat 2" is the first runner) while
    # the engine counts runners from 1: a ruling may name the runner instead.
    from tests.games.runners.helpers import mission

    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    names = {int(s): c["name"] for s, c in table.state["characters"].items()}
    first, second = names[1], names[2]
    assert GAME.parse(table.state, GM, f"dc {first} 12") == {
        "do": "check", "seat": 1, "dc": 12, "visibility": None}
    assert GAME.parse(table.state, GM, f"price {second.lower()} 1") == {
        "do": "price", "seat": 2, "seconds": 1}
    assert GAME.parse(table.state, GM, "keep 3 int")["seat"] == 3
    with pytest.raises(Rejected, match="takes numbers"):
        GAME.parse(table.state, GM, "dc Nobody 12")
    text = GAME.render(GAME.view(table.state, GM), None)
    assert "(seat " not in text
