"""Rules for Runners, Making Checks and Passive Checks: the seed's examples and the costs."""

import pytest
from tests.games.runners.helpers import DAMIEN, GM, LUKE, MICA, Table, mission, until_turn_of

from hacktable.engine.errors import Rejected

MICA_DEX_4 = {"name": "Mica", "stats": {"str": 2, "dex": 4, "int": 4, "cha": 1}}
"""Mica as the examples play her (DEX 4): only legal with 11 points (see the rulings)."""


def mica_first(table: Table) -> None:
    # Mica 6+6+6+DEX beats Damien 1+1+1+DEX and Luke 2+2+2+DEX: no tie.
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    assert table.turn["ref"] == "s1"


def test_micas_lock():
    # "Mica wants to try and pick a lock. The GM tells Mica to roll for Dexterity. As this
    #  is a fairly old lock, the GM secretly sets the DC to an easy 12. Mica rolls 3d6 and
    #  gets 2, 5, and 3. She adds her DEX score of 4 to her rolls to get 14, which she
    #  tells the GM. As this is above the DC, she successfully unlocks the door."
    table = Table(stat_points=11)
    table.act(MICA, do="character", sheet=MICA_DEX_4)
    mica_first(table)
    table.act(MICA, do="check", note="pick the lock")
    table.gm([2, 5, 3], do="check", seat=MICA, stat="dex", dc=12)
    roll = table.state["rolls"][-1]
    assert (roll["dice"], roll["total"], roll["dc"], roll["passed"]) == ([2, 5, 3], 14, 12, True)
    mine = table.view(MICA)["rolls"][-1]
    assert mine["dice"] == [2, 5, 3] and mine["total"] == 14
    assert "dc" not in mine and "passed" not in mine, "the DC stays secret"
    assert table.view(GM)["rolls"][-1]["dc"] == 12


def test_micas_lock_with_her_stat_list_dex():
    # The stat list says "Mica: ... DEX 5": the same dice make 15, still above DC 12.
    table = Table()
    mica_first(table)
    table.act(MICA, do="check")
    table.gm([2, 5, 3], do="check", seat=MICA, stat="dex", dc=12)
    assert table.state["rolls"][-1]["total"] == 15 and table.state["rolls"][-1]["passed"]


def test_micas_passive_alarm_check():
    # "Mica unknowingly walks into a hallway equipped with a noise-sensitive alarm (DC 15).
    #  The DM tells her to make a passive Dexterity check ... She adds 10 to her DEX score
    #  of 4 to get 14. This fails to beat the check, and the alarm goes off."
    table = Table(stat_points=11)
    table.act(MICA, do="character", sheet=MICA_DEX_4)
    mica_first(table)
    table.gm(do="check", seat=MICA, stat="dex", dc=15, passive=True)
    roll = table.state["rolls"][-1]
    assert (roll["dice"], roll["total"], roll["passed"]) == ([], 14, False)
    # With the stat list's DEX 5 the passive is 15, which meets DC 15.
    table = Table()
    assert table.view(GM)["runners"][0]["passives"]["dex"] == 15
    mica_first(table)
    table.gm(do="check", seat=MICA, stat="dex", dc=15, passive=True)
    assert table.state["rolls"][-1]["passed"] is True


def test_a_check_takes_2_seconds_or_3_for_plus_5_or_1_for_minus_5():
    # "To make a generic check ... takes 2 seconds ... spend 3 seconds and take +5 on a
    #  check, or only spend 1 second but get -5 on the check."
    for effort, seconds, modifier in (("normal", 2, 0), ("careful", 3, 5), ("hasty", 1, -5)):
        table = Table()
        mica_first(table)
        table.act(MICA, do="check", effort=effort)
        assert table.turn["seconds"] == 3 - seconds or table.turn["ref"] != "s1"
        table.gm([1, 1, 1], do="check", seat=MICA, stat="int", dc=10)
        assert table.state["rolls"][-1]["total"] == 3 + 4 + modifier


def test_a_check_that_costs_more_than_is_left_is_refused():
    table = Table()
    mica_first(table)
    table.act(MICA, do="check", effort="hasty")
    table.gm([1, 1, 1], do="check", seat=MICA, stat="int", dc=10)
    with pytest.raises(Rejected, match="you have 2 s left"):
        table.act(MICA, do="check", effort="careful")


def test_you_may_always_fail_on_purpose():
    # "You may always choose to purposely fail a check."
    table = Table()
    mica_first(table)
    table.act(MICA, do="check", fail=True)
    table.gm(do="check", seat=MICA, stat="cha", dc=3)
    assert table.state["rolls"][-1]["passed"] is False
    table.gm(do="check", seat=DAMIEN, stat="cha", dc=3)
    table.act(DAMIEN, do="fail")
    assert table.state["rolls"][-1]["passed"] is False


def test_a_guard_asks_a_question_on_her_turn():
    # "a guard might ask you a question on her turn, in which case you might make a
    #  Charisma check on her turn."
    table = Table()
    mission(table, [1, 1, 1, 1, 1, 1, 1, 1, 1], [("Guard", 18)])
    guard = table.state["npcs"][0]["id"]
    assert table.turn["ref"] == guard
    table.gm(do="check", seat=LUKE, stat="cha", dc=14, note="who are you?")
    assert table.view(LUKE)["called"] == {"stat": "cha", "note": "who are you?", "sight": False,
                                          "charged": False, "keep": False}
    table.act(LUKE, [4, 4, 4], do="roll")
    assert table.state["rolls"][-1]["total"] == 17
    with pytest.raises(Rejected, match="no seconds"):
        table.gm(do="check", seat=LUKE, stat="cha", dc=14)
        table.act(LUKE, do="roll", effort="careful")


def test_blind_and_public_rolls():
    table = Table()
    mica_first(table)
    table.act(MICA, do="check")
    table.gm([6, 6, 6], do="check", seat=MICA, stat="int", dc=20, visibility="blind")
    blind = table.view(MICA)["rolls"][-1]
    assert blind["blind"] and "total" not in blind and "dice" not in blind
    assert all(r.get("total") != 22 for r in table.view(DAMIEN)["rolls"])
    table.act(MICA, do="check", effort="hasty")
    table.gm([2, 2, 2], do="check", seat=MICA, stat="int", dc=5, visibility="public")
    for viewer in (DAMIEN, "spectator"):
        shown = table.view(viewer)["rolls"][-1]
        assert shown["total"] == 6 + 4 - 5 and "dc" not in shown


def test_darkness_gives_disadvantage_on_sight_checks():
    # "When it's dark, you have disadvantage on any checks that require sight." The seed
    # does not define disadvantage: by default roll twice, keep the lower.
    table = Table()
    mica_first(table)
    table.gm(do="condition", target="s1", name="Darkness", effect="lights out")
    table.act(MICA, do="check")
    table.gm([6, 6, 6, 1, 2, 1], do="check", seat=MICA, stat="int", dc=10, sight=True)
    roll = table.state["rolls"][-1]
    assert roll["dice"] == [1, 2, 1] and roll["dropped"] == [6, 6, 6] and roll["total"] == 8
    table2 = Table(disadvantage="minus_five")
    mica_first(table2)
    table2.gm(do="condition", target="s1", name="Darkness")
    table2.act(MICA, do="check")
    table2.gm([6, 6, 6], do="check", seat=MICA, stat="int", dc=10, sight=True)
    assert table2.state["rolls"][-1]["total"] == 18 + 4 - 5


def test_a_request_out_of_turn_is_refused_with_a_reason():
    table = Table()
    mica_first(table)
    with pytest.raises(Rejected, match="only on your turn"):
        table.act(DAMIEN, do="check")
    until_turn_of(table, "s2")
