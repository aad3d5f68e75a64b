"""The seed's seconds and the GM's tempo (Rules for Runners, Making a Check; Making Checks;
Turns): checks the GM calls cost the runner's seconds on their own turn, any check can be
kept for later, a runner waiting on the GM holds their clock, a spent turn waits for the
GM's ruling, and NPC turns pass in one ruling."""

import pytest
from tests.games.runners.helpers import DAMIEN, GM, LUKE, MICA, Table, mission, npc_ref

from hacktable.engine.errors import Rejected
from hacktable.games.runners import GAME

FIRST_MICA = [6, 6, 6, 1, 1, 1, 2, 2, 2]
"""Initiative dice: Mica 23, Luke 10, Damien 5 (no tie)."""


def micas_turn(**options) -> Table:
    table = Table(**options)
    mission(table, FIRST_MICA)
    assert table.turn["ref"] == "s1"
    return table


# -- "To make a generic check (ie, unlock a door, search a trash can) takes 2 seconds." ----


def test_the_gm_telling_mica_to_roll_for_dexterity_costs_her_two_seconds():
    # "Mica wants to try and pick a lock. The GM tells Mica to roll for Dexterity." On her
    # own turn, the check the GM calls is her attempt: it takes a check's seconds.
    table = micas_turn()
    table.gm(do="check", seat=MICA, stat="dex", dc=12)
    assert table.view(MICA)["called"]["charged"] is True
    assert table.turn["seconds"] == 3, "paid when she rolls"
    table.act(MICA, [2, 5, 3], do="roll")
    assert table.turn["seconds"] == 1
    assert table.state["rolls"][-1]["total"] == 15 and table.state["rolls"][-1]["passed"]


def test_a_charged_call_is_answered_with_an_effort_and_its_seconds():
    # "you can spend 3 seconds and take +5 on a check, or only spend 1 second but get -5"
    for effort, seconds, modifier in (("careful", 3, 5), ("hasty", 1, -5)):
        table = micas_turn()
        table.gm(do="check", seat=MICA, stat="int", dc=10)
        table.act(MICA, [1, 1, 1], do="roll", effort=effort)
        assert table.state["rolls"][-1]["total"] == 3 + 4 + modifier
        assert table.turn["seconds"] == 3 - seconds or table.turn["ref"] != "s1"


def test_no_more_four_free_checks_in_one_turn():
    table = micas_turn()
    table.gm(do="check", seat=MICA, stat="dex", dc=12)
    table.act(MICA, do="roll")  # 2 s
    table.gm(do="check", seat=MICA, stat="int", dc=12)
    with pytest.raises(Rejected, match=r"takes 2 s and you have 1 s left.*hasty"):
        table.act(MICA, do="roll")
    table.act(MICA, do="roll", effort="hasty")  # 1 s: her turn is spent and over
    assert table.turn["ref"] != "s1"
    with pytest.raises(Rejected, match="no seconds to pay off their own turn"):
        table.gm(do="check", seat=MICA, stat="dex", dc=12, charge=True)


def test_a_charged_call_she_cannot_afford_is_refused_with_what_to_do():
    table = micas_turn()
    table.act(MICA, do="move", to=[6, 1])
    table.act(MICA, do="move", to=[3, 5])  # 1 s left
    table.gm(do="check", seat=MICA, stat="dex", dc=12)
    with pytest.raises(Rejected, match="roll it hasty \\(1 s\\), or fail it on purpose"):
        table.act(MICA, do="roll")
    table.act(MICA, do="fail")  # "You may always choose to purposely fail a check": free
    assert table.turn["seconds"] == 1 and table.state["rolls"][-1]["passed"] is False


def test_the_gm_cannot_charge_a_runner_with_too_few_seconds():
    table = micas_turn(hasty_seconds=2)
    table.act(MICA, do="move", to=[6, 1])
    table.act(MICA, do="move", to=[3, 5])
    with pytest.raises(Rejected, match="1 s left this turn, not enough for a check: call it "
                                       "free"):
        table.gm(do="check", seat=MICA, stat="dex", dc=12)
    table.gm(do="check", seat=MICA, stat="dex", dc=12, charge=False)
    table.act(MICA, do="roll")
    assert table.turn["seconds"] == 1


def test_a_guard_asking_a_question_on_her_turn_costs_nothing():
    # "a guard might ask you a question on her turn, in which case you might make a
    #  Charisma check on her turn": a reaction off the runner's turn is free, and the GM may
    #  also call a free check on the runner's own turn.
    table = Table()
    mission(table, [1, 1, 1, 1, 1, 1, 1, 1, 1], [("Guard", 18)])
    table.gm(do="check", seat=LUKE, stat="cha", dc=14, note="who are you?")
    assert table.view(LUKE)["called"]["charged"] is False
    with pytest.raises(Rejected, match="no seconds and no \\+5/-5"):
        table.act(LUKE, do="roll", effort="careful")
    table.act(LUKE, [4, 4, 4], do="roll")
    table2 = micas_turn()
    table2.gm(do="check", seat=MICA, stat="cha", dc=10, charge=False)
    table2.act(MICA, do="roll")
    assert table2.turn["seconds"] == 3


def test_a_charged_call_lapses_with_the_turn():
    table = micas_turn()
    table.gm(do="check", seat=MICA, stat="dex", dc=12)
    table.timeout()
    assert table.state["called"] == {}
    assert [e.kind for e in table.seen_by(MICA)].count("call_lapsed") == 1
    with pytest.raises(Rejected, match="has not called"):
        table.act(MICA, do="roll")


def test_passive_checks_cost_nothing():
    # "Passive checks don't require any die rolls."
    table = micas_turn()
    table.gm(do="check", seat=MICA, stat="dex", dc=15, passive=True)
    assert table.turn["seconds"] == 3
    with pytest.raises(Rejected, match="passive check"):
        table.gm(do="check", seat=MICA, stat="dex", dc=15, passive=True, charge=True)


# -- "Sometimes, you may want to make a check only to use the result later" -----------------


def test_any_check_can_be_kept_and_used_later():
    # "roll 3d6 as normal and keep the number recorded somewhere for later use."
    table = micas_turn()
    table.act(MICA, do="check", keep=True, note="memorise the guard's route")
    assert table.turn["seconds"] == 1
    table.gm([5, 5, 5], do="check", seat=MICA, stat="int")  # no DC needed
    assert table.view(MICA)["me"]["kept"] == [{"stat": "int", "total": 19,
                                               "note": "memorise the guard's route",
                                               "blind": False, "round": 1}]
    assert "kept" not in table.view(DAMIEN)["runners"][0]
    table.act(MICA, do="end")
    # later, on Luke's turn, the GM asks for an INT check: Mica answers with her kept 19
    table.gm(do="check", seat=MICA, stat="dex", dc=18)
    with pytest.raises(Rejected, match=r"no Dexterity roll for later \(you kept: Intelligence"):
        table.act(MICA, do="roll", kept=True)
    table.act(MICA, [1, 1, 1], do="roll")
    table.gm(do="check", seat=MICA, stat="int", dc=18)
    table.act(MICA, do="roll", kept=True)
    used = table.state["rolls"][-1]
    assert (used["dice"], used["total"], used["passed"], used["kept"]) == ([], 19, True, True)
    assert table.view(MICA)["me"]["kept"] == []


def test_the_gm_may_call_a_check_to_keep():
    table = micas_turn()
    table.gm(do="check", seat=DAMIEN, stat="cha", keep=True)
    assert table.view(DAMIEN)["called"] == {"stat": "cha", "note": "", "sight": False,
                                            "charged": False, "keep": True}
    with pytest.raises(Rejected, match="kept for later: roll it"):
        table.act(DAMIEN, do="roll", kept=True)
    table.act(DAMIEN, [2, 2, 2], do="roll")
    assert table.state["characters"]["2"]["kept"][0]["total"] == 9
    assert table.state["rolls"][-1]["kind"] == "keep" and table.state["rolls"][-1]["dc"] is None


def test_a_blind_kept_roll_stays_blind_to_its_roller():
    table = micas_turn()
    table.act(MICA, do="check", keep=True)
    table.gm([6, 6, 6], do="check", seat=MICA, stat="cha", visibility="blind")
    assert table.view(MICA)["me"]["kept"][0]["total"] is None
    assert table.view(GM)["runners"][0]["kept"][0]["total"] == 19


def test_sneaking_keeps_its_own_result():
    table = micas_turn(map="none")
    table.act(MICA, [3, 3, 3], do="sneak")
    assert table.character(MICA)["sneak"] == 14 and table.character(MICA)["kept"] == []


# -- the GM's tempo -----------------------------------------------------------------------


def test_a_runner_waiting_on_the_gm_holds_her_clock():
    # The 30 real seconds are the runner's (Rules for Runners, Turns): while she waits on the
    # GM, her prompt says so and the runtime holds the deadline.
    table = micas_turn()
    assert GAME.prompts(table.state)[MICA].waiting is False
    table.act(MICA, do="ask", text="unplug the camera")
    prompts = GAME.prompts(table.state)
    assert prompts[MICA].waiting is True and prompts[MICA].time_limit == 30
    assert prompts[GM].data["waiting"] == [MICA] and "Mica waits" in prompts[GM].text
    assert table.view(DAMIEN)["turn"]["waiting"] is True
    table.gm(do="price", seat=MICA, seconds=1)  # her move again: the clock runs
    assert GAME.prompts(table.state)[MICA].waiting is False
    assert GAME.prompts(table.state)[GM].data["waiting"] == []


def test_an_off_turn_question_waits_on_the_gm_without_holding_anyones_clock():
    table = micas_turn()
    table.act(DAMIEN, do="ask", text="shout a warning")
    prompts = GAME.prompts(table.state)
    assert prompts[GM].data["waiting"] == [DAMIEN]
    assert not prompts[MICA].waiting and not prompts[DAMIEN].waiting


def test_a_spent_turn_ends_after_the_gm_has_ruled_on_what_was_asked():
    # Ruling (docs/rules/runners.md): a turn that reaches 0 game seconds ends once the GM
    # has answered what was asked in it, so the ruling lands in that runner's turn.
    table = micas_turn()
    table.act(MICA, do="check", effort="careful")  # 3 s: none left
    assert table.turn["ref"] == "s1", "the turn waits for the ruling"
    key = GAME.phase_key(table.state)
    table.gm([1, 1, 1], do="check", seat=MICA, stat="dex", dc=15)
    assert table.state["rolls"][-1]["round"] == 1
    assert table.turn["ref"] == "s3" and GAME.phase_key(table.state) != key
    ends = [e for e in table.events if e.kind == "turn_end"]
    assert ends[-1].data == {"ref": "s1", "why": "spent", "wasted": 0}


def test_a_spent_turn_waits_for_a_price_and_its_answer():
    table = micas_turn()
    table.act(MICA, do="move", to=[6, 1])
    table.act(MICA, do="move", to=[3, 5])
    table.act(MICA, do="waste", seconds=1)
    assert table.turn["ref"] != "s1"
    table2 = micas_turn()
    table2.act(MICA, do="check")  # 2 s
    table2.gm([1, 1, 1], do="check", seat=MICA, stat="int", dc=10)
    table2.act(MICA, do="ask", text="pocket the keycard")
    table2.gm(do="price", seat=MICA, seconds=1)
    assert table2.turn["ref"] == "s1", "the price waits for her answer"
    table2.act(MICA, do="accept")
    assert table2.turn["ref"] != "s1"


def test_a_charged_call_keeps_a_spent_turn_open_until_rolled():
    table = micas_turn()
    table.gm(do="check", seat=MICA, stat="dex", dc=12)
    table.act(MICA, do="move", to=[6, 1])
    table.act(MICA, do="move", to=[3, 5])
    table.act(MICA, do="waste", seconds=1)
    assert table.turn["seconds"] == 0 and table.turn["ref"] == "s1"
    table.act(MICA, do="fail")
    assert table.turn["ref"] != "s1"


def test_all_npcs_hold_in_one_ruling():
    # "all NPCs hold": the current NPC turn and every NPC turn after it, up to the next
    # runner's turn, pass at once; an NPC has no seconds budget.
    table = Table(runners=2)
    mission(table, [1, 1, 1, 1, 1, 1], [("Guard #1", 18), ("Guard #2", 17)])
    table.gm(do="npc", name="Clerk", init=16, hidden=False)
    assert table.turn["ref"] == npc_ref(table, "Guard #1")
    assert table.view(GM)["turn"]["seconds"] is None
    key = GAME.phase_key(table.state)
    table.gm(do="end_turn")
    assert GAME.phase_key(table.state) == key, "one phase for the run of NPC turns"
    table.gm(do="hold")
    assert table.turn["ref"] == "s1"
    said = [GAME.describe(e, table.state) for e in table.events]
    assert not any("unused" in line for line in said if "Mica" not in line)
    assert "Clerk holds." in [GAME.describe(e, table.state) for e in table.seen_by(MICA)]
    for e in table.events:
        if e.kind == "turn_end" and not e.data["ref"].startswith("s"):
            assert "wasted" not in e.data
    with pytest.raises(Rejected, match="NPC turns only"):
        table.gm(do="hold")


def test_hidden_npc_turns_pass_without_a_trace_for_the_runners():
    table = Table(runners=2)
    mission(table, [1, 1, 1, 1, 1, 1], [("Guard #1", 18), ("Guard #2", 17)])
    before = [e for e in table.seen_by(MICA)]
    view = table.view(MICA)
    table.gm(do="end_turn")  # one hidden guard's turn to the other's
    assert table.seen_by(MICA) == before and table.view(MICA) == view
    table.gm(do="hold")
    assert [e.kind for e in table.seen_by(MICA)][len(before):] == ["turn"]


# -- common actions in one step -------------------------------------------------------------


def guard_in_sight() -> tuple[Table, str]:
    table = Table()
    mission(table, FIRST_MICA, [("Guard", 0)], hidden=False)
    return table, npc_ref(table, "Guard")


def test_an_attack_takes_one_runner_step_and_one_gm_step():
    # A generic check (2 s); the GM names the DC; when it passes the hit lands by itself.
    table, guard = guard_in_sight()
    table.act(MICA, do="act", what="attack", target=guard)
    assert table.turn["seconds"] == 1
    assert table.view(GM)["requests"]["1"]["stat"] == "str"  # option attack_stat
    table.gm([6, 6, 6], do="check", seat=MICA, dc=12)
    assert table.state["npcs"][0]["hp"] == 2
    assert table.state["rolls"][-1]["stat"] == "str"
    said = [GAME.describe(e, table.state) for e in table.seen_by(DAMIEN)]
    assert "Mica attacks Guard (normal check, 2 s)." in said and "Guard takes an attack." in said


def test_a_failed_attack_lands_nothing_and_the_gm_may_name_another_stat():
    table, guard = guard_in_sight()
    table.act(MICA, do="act", what="attack", target=guard, effort="hasty")
    table.gm([1, 1, 1], do="check", seat=MICA, dc=12, stat="dex")
    assert table.state["rolls"][-1]["stat"] == "dex" and table.state["npcs"][0]["hp"] == 3


def test_micas_lock_in_one_step_opens_the_door():
    # "Mica wants to try and pick a lock. The GM tells Mica to roll for Dexterity. ... the
    #  GM secretly sets the DC to an easy 12. ... she successfully unlocks the door."
    table = micas_turn()
    table.act(MICA, do="act", what="unlock", target=[8, 2])
    table.gm([2, 5, 3], do="check", seat=MICA, dc=12)
    assert table.state["rolls"][-1]["total"] == 15  # DEX 5 by the stat list
    assert table.state["map"][2][8] == "'"


def test_a_hidden_guard_cannot_be_named_nor_told_from_nobody():
    table = Table()
    mission(table, FIRST_MICA, [("Guard", 0)], hidden=True)
    guard = npc_ref(table, "Guard")
    with pytest.raises(Rejected) as hidden:
        table.act(MICA, do="act", what="attack", target=guard)
    with pytest.raises(Rejected) as nobody:
        table.act(MICA, do="act", what="attack", target="n000000")
    assert hidden.value.reason == nobody.value.reason


def test_common_actions_default_to_their_stats_and_their_options():
    table = micas_turn(search_stat="cha", hack_stat="dex")
    with pytest.raises(Rejected, match="attack, unlock, hack or search"):
        table.act(MICA, do="act", what="dance")
    table.act(MICA, do="act", what="search", target="the trash can", effort="hasty")
    assert table.view(GM)["requests"]["1"]["stat"] == "cha"
    assert {a["what"]: a["stat"] for a in table.view(MICA)["actions"]} == {
        "attack": "str", "unlock": "dex", "hack": "dex", "search": "cha"}


def test_ready_an_action_is_a_move_of_its_own():
    # "If you want to do something on someone else's turn, you can ready an action."
    table = micas_turn()
    table.act(MICA, do="ready", text="pull the fire alarm", trigger="a guard turns the corner")
    table.gm(do="price", seat=MICA, seconds=1)
    table.act(MICA, do="accept")
    assert table.state["readied"]["1"]["trigger"] == "a guard turns the corner"


# -- the GM reads each roll once ------------------------------------------------------------


def test_the_gm_is_told_each_roll_once_and_the_others_as_before():
    for visibility in ("gm", "public", "blind", "self"):
        table = micas_turn()
        table.act(MICA, do="check")
        table.gm([3, 3, 3], do="check", seat=MICA, stat="dex", dc=12, visibility=visibility)
        rolls = [e for e in table.events if e.kind in ("roll", "roll_gm")]
        assert [e.kind for e in rolls if e.visible_to(GM)] == ["roll_gm"], visibility
        assert len([e for e in rolls if e.visible_to(MICA)]) == 1
        public = visibility == "public"
        assert len([e for e in rolls if e.visible_to(DAMIEN)]) == int(public)
        assert len([e for e in rolls if e.visible_to("spectator")]) == int(public)


def test_holding_past_hidden_turns_announces_no_floor():
    # A visible clerk, then a hidden guard, then Mica: "all NPCs hold" from the clerk's turn
    # tells the runners the clerk held and Mica's turn began, nothing of a floor in between.
    table = Table(runners=1)
    mission(table, [1, 1, 1], [("Guard", 17)])
    table.gm(do="npc", name="Clerk", init=18, hidden=False)
    table.gm(do="hold")  # the guard's turn, which the runner saw as the floor
    table.timeout()  # Mica's turn runs out: the clerk's turn comes
    assert table.turn["ref"] == npc_ref(table, "Clerk")
    seen = len(table.seen_by(MICA))
    table.gm(do="hold")
    told = [e.kind for e in table.seen_by(MICA)[seen:]]
    assert told == ["turn_end", "turn"] and table.turn["ref"] == "s1"
