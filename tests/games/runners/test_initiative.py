"""Rules for Runners, Structure of a Mission and Initiative: the worked example with two
hidden guards, ties, latecomers, and what the runners never learn."""

import json

import pytest
from tests.games.runners.helpers import DAMIEN, GM, LUKE, MICA, Table, mission, npc_ref

from hacktable.engine.errors import Rejected
from hacktable.games.runners import GAME

EXAMPLE_DICE = [2, 1, 3, 6, 3, 5, 6, 2, 2]
"""In seat order: "Mica rolls 2, 1, 3 ... Damien rolls 6, 3, 5 ... Luke rolls 6, 2, 2"."""


def the_example() -> Table:
    # "Unbeknownst to the players, there are also 2 security guards in the building. The DM
    #  assigns them Initiatives of 10 and 15."
    table = Table()
    mission(table, EXAMPLE_DICE, [("Guard #1", 10), ("Guard #2", 15)])
    return table


def test_everyone_rolls_3d6_plus_dex():
    # "Mica rolls 2, 1, 3. She adds her DEX of 5 to get 11. Damien rolls 6, 3, 5. He adds
    #  his DEX of 2 to get 16. Luke rolls 6, 2, 2. He adds his DEX of 1 to get 11."
    table = the_example()
    rolled = {e.data["ref"]: e.data["init"] for e in table.events
              if e.kind == "initiative" and e.data["dice"]}
    assert rolled == {"s1": 11, "s2": 16, "s3": 11}


def test_tied_runners_settle_it_and_the_gm_records_it():
    # "As Mica and Luke rolled the same number, they have to decide who goes first. After a
    #  heated round of rock-paper-scissors Luke is declared winner and goes ahead of Mica."
    table = the_example()
    assert table.state["phase"] == "ties"
    assert [[r["name"] for r in tie] for tie in table.view(MICA)["ties"]] == [["Mica", "Luke"]]
    with pytest.raises(Rejected, match="not the tied runners"):
        table.gm(do="tie", order=["s3", "s2"])
    table.gm(do="tie", order=["s3", "s1"])
    # "The final turn order is: Damien (16) Guard #2 (15) Luke (11) Mica (11) Guard #1 (10)"
    order = [(e["name"], e["init"]) for e in table.view(GM)["order"]]
    assert order == [("Damien", 16), ("Guard #2", 15), ("Luke", 11), ("Mica", 11),
                     ("Guard #1", 10)]
    assert table.turn["ref"] == "s2", "Damien goes first"


def test_the_players_are_not_told_about_the_two_other_guards():
    # "The DM writes this all down and does not tell the players about the two other guards."
    table = the_example()
    table.gm(do="tie", order=["s3", "s1"])
    for viewer in (MICA, DAMIEN, LUKE, "spectator"):
        view = table.view(viewer)
        assert [(e["name"], e["init"]) for e in view["order"]] == [
            ("Damien", 16), ("Luke", 11), ("Mica", 11)]
        text = json.dumps(view) + json.dumps([e.to_json() for e in table.seen_by(viewer)])
        assert "Guard" not in text
        for ref in (npc_ref(table, "Guard #1"), npc_ref(table, "Guard #2")):
            assert ref not in text


def test_a_hidden_guards_turn_shows_as_the_gm_having_the_floor_once():
    table = the_example()
    table.gm(do="tie", order=["s3", "s1"])
    table.act(DAMIEN, do="end")
    assert table.turn["ref"] == npc_ref(table, "Guard #2")
    assert table.view(MICA)["turn"] == {"floor": True, "round": 1, "ref": None, "name": None,
                                        "seat": None, "seconds": None, "waiting": False}
    floors = [e for e in table.seen_by(MICA) if e.kind == "floor"]
    assert len(floors) == 1


def test_the_server_can_play_rock_paper_scissors():
    table = Table(ties="server")
    mission(table, EXAMPLE_DICE)
    assert table.state["phase"] == "mission"
    assert [e["init"] for e in table.state["order"]] == [16, 11, 11]


def test_a_latecomer_rolls_2d6_plus_dex():
    # "Anyone outside the mission area (usually Hackers) doesn't roll initiative until they
    #  enter it. Upon entering the mission area, roll 2d6 and add your Dexterity"
    table = Table()
    sheet = {"name": "Hex", "stats": {"str": 3, "dex": 3, "int": 3, "cha": 3},
             "outside": True}
    table.act(LUKE, do="character", sheet=sheet)
    mission(table, [6, 6, 6, 1, 1, 1])
    assert [e["ref"] for e in table.state["order"]] == ["s1", "s2"]
    table.act(LUKE, [4, 4], do="enter")
    assert [e["init"] for e in table.state["order"]] == [23, 11, 5]
    assert table.state["rolls"][-1]["dice"] == [4, 4]
    three = Table(late_initiative_dice=3)
    three.act(LUKE, do="character", sheet=sheet)
    mission(three, [6, 6, 6, 1, 1, 1])
    three.act(LUKE, [4, 4, 4], do="enter")
    assert three.state["rolls"][-1]["total"] == 15


def test_the_order_is_permanent_highest_first_then_from_the_top():
    # "Players (and enemies) with a higher initiative go first ... Then, start over from
    #  the top."
    table = Table(runners=2)
    mission(table, [6, 6, 6, 1, 1, 1])
    table.act(MICA, do="end")
    table.act(DAMIEN, do="end")
    assert table.turn["ref"] == "s1" and table.turn["round"] == 2


def test_hidden_information_survives_a_redeal():
    table = the_example()
    table.gm(do="tie", order=["s3", "s1"])
    import random

    other = GAME.redeal(table.state, MICA, random.Random(3))
    assert other != table.state
    assert GAME.view(other, MICA) == table.view(MICA)


def test_a_run_of_npc_turns_has_one_clock_hidden_or_not():
    # Ruling (docs/rules/runners.md, Turns): npc_turn_seconds times a whole run of NPC
    # turns, hidden or visible, as one phase: a clock restarting for each NPC would let the
    # runners count the hidden ones.
    table = Table(npc_turn_seconds=20)
    mission(table, [1, 1, 1, 1, 1, 1, 1, 1, 1], [("Guard", 18)])
    table.gm(do="npc", name="Clerk", init=17, hidden=False)
    key = GAME.phase_key(table.state)
    assert GAME.prompts(table.state)[GM].time_limit == 20, "the hidden guard's turn"
    table.gm(do="end_turn")
    assert table.turn["ref"] == npc_ref(table, "Clerk")
    assert GAME.phase_key(table.state) == key, "the clerk's turn: the same phase, one clock"
    table.timeout()  # the run's time is up: every NPC in it holds
    assert table.turn["ref"].startswith("s") and GAME.phase_key(table.state) != key


def test_the_gm_seat_and_the_hosts_gm_viewer_see_the_same():
    table = the_example()
    seat_view, host_view = table.view(GM), table.view("gm")
    assert seat_view["seat"] == 0 and host_view["seat"] is None
    assert {**seat_view, "seat": None} == host_view
