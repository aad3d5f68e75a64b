"""Rules for Runners, Characters: stats, point buy, HP and Speed, the seed's examples."""

import json

import pytest
from tests.games.runners.helpers import MICA, Table

from hacktable.engine.errors import Rejected
from hacktable.games.runners.characters import build, speed


def sheet(str_=3, dex=3, int_=3, cha=3, **extra):
    return {"name": "Vex", "stats": {"str": str_, "dex": dex, "int": int_, "cha": cha},
            **extra}


def test_the_seeds_three_runners_are_ready_made():
    # "Mica: STR 2, DEX 5, INT 4, CHA 1 / Damien: STR 4, DEX 2, INT 3, CHA 3 /
    #  Luke: STR 4, DEX 1, INT 2, CHA 5"
    table = Table()
    stats = {c["name"]: c["stats"] for c in table.state["characters"].values()}
    assert stats == {"Mica": {"str": 2, "dex": 5, "int": 4, "cha": 1},
                     "Damien": {"str": 4, "dex": 2, "int": 3, "cha": 3},
                     "Luke": {"str": 4, "dex": 1, "int": 2, "cha": 5}}


def test_hp_is_strength_plus_3():
    # "Your base HP ... is your Strength plus 3."
    table = Table()
    assert [c["hp"] for c in table.state["characters"].values()] == [5, 7, 7]


def test_speed_is_dex_over_2_plus_3_with_halves_kept_by_default():
    # "It is your dexterity divided by 2, plus 3. (DEX / 2) + 3"
    options = Table().options
    assert speed(5, options) == 5.5
    assert speed(2, options) == 4
    assert speed(5, {**options, "speed_rounding": "down"}) == 5
    assert speed(5, {**options, "speed_rounding": "up"}) == 6


def test_twelve_points_between_1_and_6():
    # "distribute 12 "points" among your stats ... You can't make a stat above 6 or
    #  below 1 using this method (nice try, min-maxers)."
    options = Table().options
    assert build(sheet(6, 4, 1, 1), options)["stats"]["str"] == 6
    with pytest.raises(Rejected, match="nice try, min-maxers"):
        build(sheet(7, 3, 1, 1), options)
    with pytest.raises(Rejected, match="nice try, min-maxers"):
        build(sheet(6, 6, 6, 0), options)
    with pytest.raises(Rejected, match="nice try, min-maxers"):
        build(sheet(6, 6, 1, 1), options)
    with pytest.raises(Rejected, match="spend all 12 points"):
        build(sheet(2, 2, 2, 2), options)


def test_a_refused_sheet_changes_nothing():
    table = Table()
    before = json.dumps(table.state, sort_keys=True)
    with pytest.raises(Rejected, match="min-maxers"):
        table.act(MICA, do="character", sheet=sheet(6, 6, 6, 6))
    assert json.dumps(table.state, sort_keys=True) == before


def test_a_character_outlives_the_mission_as_json():
    # Issue: "Characters outlive a mission: a player brings theirs to the next one."
    table = Table()
    table.act(MICA, do="character", sheet=sheet(inventory=["lockpicks"], notes="owes Luke"))
    exported = json.loads(table.view(MICA)["me"]["export"])
    assert exported == {"name": "Vex", "stats": {"str": 3, "dex": 3, "int": 3, "cha": 3},
                        "inventory": ["lockpicks"], "notes": "owes Luke"}
    next_mission = Table()
    next_mission.act(MICA, do="character", sheet=exported)
    assert next_mission.character(MICA)["inventory"] == ["lockpicks"]


def test_characters_are_fixed_once_the_mission_starts():
    table = Table()
    table.gm([3] * 9, do="start")
    with pytest.raises(Rejected, match="fixed once the mission starts"):
        table.act(MICA, do="character", sheet=sheet())


def test_an_inventory_is_plain_lines():
    # "each character is essentially 4 numbers (their stats) and an inventory": typed one
    # item a line, never as JSON (`lockpick` alone is an inventory of one).
    options = Table().options
    assert build(sheet(inventory="lockpick"), options)["inventory"] == ["lockpick"]
    assert build(sheet(inventory="lockpick\n\n  rope, 10 m \n"), options)["inventory"] == [
        "lockpick", "rope, 10 m"]
    assert build(sheet(inventory=["lockpick"]), options)["inventory"] == ["lockpick"]
    with pytest.raises(Rejected, match="at most 12 items"):
        build(sheet(inventory="\n".join(f"item {i}" for i in range(13))), options)
    with pytest.raises(Rejected, match="one item per line"):
        build(sheet(inventory=5), options)


def test_a_character_pasted_as_text_is_read_or_explained():
    options = Table().options
    pasted = json.dumps(sheet(inventory=["crowbar"]))
    assert build(pasted, options)["inventory"] == ["crowbar"]
    with pytest.raises(Rejected, match=r"paste the whole text.*line 1, column"):
        build('{"name": "Vex", "stats": ', options)
    with pytest.raises(Rejected, match="nests too deep"):
        build("[" * 1900 + "]" * 1900, options)
