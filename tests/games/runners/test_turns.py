"""Rules for Runners, Turns and the List of Common Actions: the 30-second clock, seconds,
readied actions (Damien's fire alarm), custom actions, sneaking, HP and death, the map."""

import pytest
from tests.games.runners.helpers import DAMIEN, GM, MICA, Table, mission, npc_ref

from hacktable.engine.errors import Rejected
from hacktable.games.runners import GAME


def test_a_turn_is_30_real_seconds_worth_3_game_seconds():
    # "A turn may only take up to 30 real-life seconds and represents 3 in-game seconds."
    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    prompt = GAME.prompts(table.state)[MICA]
    assert (prompt.kind, prompt.time_limit) == ("turn", 30)
    assert GAME.prompts(table.state)[GM].time_limit is None
    assert table.turn["seconds"] == 3
    assert Table(turn_seconds=45, game_seconds=4).options["turn_seconds"] == 45


def test_when_the_real_seconds_run_out_the_turn_ends_and_seconds_are_wasted():
    # "You may waste unused seconds if you want; you don't get them back later."
    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    key = GAME.phase_key(table.state)
    events = table.timeout()
    assert [e.kind for e in events][:2] == ["timeout", "turn_end"]
    assert events[1].data["wasted"] == 3
    assert table.turn["ref"] == "s3" and GAME.phase_key(table.state) != key


def test_damiens_readied_fire_alarm():
    # "Damien is standing down the hall from a fire alarm. He spends 2 seconds to quietly
    #  walk to the alarm, and tells the GM that if a guard turns the corner into the hall,
    #  he will trigger the alarm. The GM decides that will take one second, which Damien
    #  spends. His turn is over. After Mica's turn, a guard does turn the corner. Damien
    #  pulls the fire alarm, which distracts the guard. Damien is now free to run away, as
    #  it's his turn again."
    table = Table(map="none")
    mission(table, [6, 6, 6, 1, 1, 1, 1, 1, 1], [("Guard", 3)], hidden=True)
    # Mica (23), Damien (5), Luke (4), the guard (3): skip to Damien's turn.
    while table.turn["ref"] != "s2":
        table.timeout()
    table.act(DAMIEN, do="move", squares=4)
    table.act(DAMIEN, do="move", squares=4)
    assert table.turn["seconds"] == 1
    table.act(DAMIEN, do="ask", ready=True, text="trigger the fire alarm",
              trigger="a guard turns the corner into the hall")
    table.gm(do="price", seat=DAMIEN, seconds=1)
    table.act(DAMIEN, do="accept")
    assert table.turn["ref"] != "s2", "His turn is over."
    assert table.view(DAMIEN)["readied"]["trigger"] == "a guard turns the corner into the hall"
    assert table.view(MICA)["runners"][1]["readied"] is True
    assert table.view(MICA)["readied"] is None
    guard = npc_ref(table, "Guard")
    while table.turn["ref"] != guard:
        table.timeout()
    fired = table.gm(do="fire", seat=DAMIEN)
    assert fired[0].kind == "fired" and fired[0].audience == "all"
    table.gm(do="end_turn")
    assert table.turn["ref"] == "s1"
    while table.turn["ref"] != "s2":
        table.timeout()
    assert table.turn["seconds"] == 3 and table.state["readied"] == {}


def test_an_unfired_readied_action_lapses_with_its_seconds():
    # "(If the condition never happens, you don't get the seconds back.)"
    table = Table(map="none")
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    table.act(MICA, do="ask", ready=True, text="shoot the lights", trigger="a guard comes")
    table.gm(do="price", seat=MICA, seconds=2)
    table.act(MICA, do="accept")
    table.timeout()
    table.timeout()
    table.timeout()
    assert table.turn["ref"] == "s1"
    assert any(e.kind == "lapsed" for e in table.events)
    assert table.state["readied"] == {}


def test_a_custom_action_is_priced_by_the_gm_or_refused_with_a_reason():
    # "If the GM does agree to the action, they'll tell you how many seconds it will take."
    # "the GM shouldn't outright say "no" without a good reason."
    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    table.act(MICA, do="ask", text="kick the vending machine")
    with pytest.raises(Rejected, match="reason"):
        table.gm(do="refuse", seat=MICA, reason="")
    table.gm(do="refuse", seat=MICA, reason="it is bolted behind glass")
    table.act(MICA, do="ask", text="unplug the camera")
    table.gm(do="price", seat=MICA, seconds=2)
    table.act(MICA, do="accept")
    assert table.turn["seconds"] == 1
    # Off-turn only free actions: the GM allows at 0 or refuses.
    table.act(DAMIEN, do="ask", text="shout a warning")
    with pytest.raises(Rejected, match="free actions"):
        table.gm(do="price", seat=DAMIEN, seconds=1)
    table.gm(do="price", seat=DAMIEN, seconds=0)


def test_sneaking():
    # "You may not start sneaking unless no one hostile is aware of your location. To start
    #  sneaking takes 3 seconds. When you start sneaking, make a DEX check and record the
    #  number. ... the DC of each INT check made to find you is whatever the result of your
    #  DEX check was. If they make the check, they see you and you immediately stop being
    #  hidden (to everyone). While sneaking, it takes 2 seconds to take a Move action."
    table = Table(map="none")
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2], [("Guard", 5)])
    table.gm(do="spot", seat=MICA, spotted=True)
    with pytest.raises(Rejected, match="knows where you are"):
        table.act(MICA, do="sneak")
    table.gm(do="condition", target="s1", name="Darkness")
    table.act(MICA, [3, 3, 3], do="sneak")  # "you can always try to hide when it's dark"
    assert table.character(MICA)["sneak"] == 14
    assert table.view(MICA)["me"]["sneak"] == 14
    assert "sneak" not in table.view(DAMIEN)["runners"][0]
    guard = npc_ref(table, "Guard")
    while table.turn["ref"] != guard:
        table.timeout()
    table.gm([4, 4, 4], do="find", npc=guard, seat=MICA)  # 12 + INT 2 = 14 >= 14
    assert table.character(MICA)["sneak"] is None
    assert any(e.kind == "unhidden" and e.audience == "all" for e in table.events)
    assert "Guard" not in str([e.to_json() for e in table.seen_by(MICA)])
    table2 = Table(map="none")
    mission(table2, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    table2.act(MICA, [3, 3, 3], do="sneak")
    table2.timeout()
    table2.timeout()
    assert table2.turn["ref"] == "s1"
    table2.act(MICA, do="move", squares=1)
    with pytest.raises(Rejected, match="takes 2 s and you have 1 s left"):
        table2.act(MICA, do="move", squares=1)
    table2.act(MICA, do="stop_sneaking")


def test_an_attack_at_0_hp_kills():
    # "Once you take an attack at 0 HP, you die."
    table = Table(runners=1)
    mission(table, [1, 1, 1])
    for _ in range(5):
        table.gm(do="attack", target="s1")
    assert table.character(MICA)["hp"] == 0 and not table.character(MICA)["dead"]
    table.gm(do="attack", target="s1")
    assert table.character(MICA)["dead"]
    assert table.state["phase"] == "over"
    assert GAME.outcome(table.state).summary.startswith("The mission failed")


def test_the_gm_undoes_their_last_ruling_within_the_turn():
    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    table.gm(do="attack", target="s2")
    assert table.character(DAMIEN)["hp"] == 6
    table.gm(do="undo")
    assert table.character(DAMIEN)["hp"] == 7
    with pytest.raises(Rejected, match="no ruling of yours"):
        table.gm(do="undo")
    table.gm(do="attack", target="s2")
    table.act(MICA, do="end")
    with pytest.raises(Rejected, match="no ruling of yours"):
        table.gm(do="undo")


def test_moves_on_the_map_follow_speed_and_walls():
    # "It takes 1 second to run a number of squares equal to your Speed."
    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    assert table.character(MICA)["pos"] == [1, 1]
    with pytest.raises(Rejected, match="wall or a closed door"):
        table.act(MICA, do="move", to=[8, 1])
    table.gm(do="door", at=[10, 4], open=False)
    with pytest.raises(Rejected, match="no way"):
        table.act(MICA, do="move", to=[10, 2])
    table.act(MICA, do="move", to=[6, 1])  # 5 squares, Speed 5.5: 1 second
    assert table.turn["seconds"] == 2
    table.act(MICA, do="move", to=[3, 5])  # down through the open door: 5 steps
    assert table.turn["seconds"] == 1 and table.character(MICA)["pos"] == [3, 5]
    table.gm(do="door", at=[8, 2], open=True)
    assert table.state["map"][2][8] == "'"


def test_illegal_input_says_what_to_do():
    table = Table()
    with pytest.raises(Rejected, match="not something a runner can do"):
        table.act(MICA, do="teleport")
    with pytest.raises(Rejected, match="not a ruling"):
        table.gm(do="smite")
    with pytest.raises(Rejected, match="build your character"):
        table.act(MICA, do="sneak")
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    with pytest.raises(Rejected, match="not a stat"):
        table.act(MICA, do="check")
        table.gm(do="check", seat=MICA, stat="luck", dc=10)


def test_a_square_is_a_click_or_two_numbers_never_json_to_type():
    # The map is clicked (a square sends [x, y]) or named in words: "3 5", "3, 5", "(3, 5)".
    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2], [("Guard", 5)])
    guard = npc_ref(table, "Guard")
    for written in ("3 5", "3, 5", "(3, 5)", [3, 5]):
        table.gm(do="place", ref=guard, at=written)
        assert table.state["npcs"][0]["pos"] == [3, 5]
    table.gm(do="door", at="8, 2", open=True)
    assert table.state["map"][2][8] == "'"
    with pytest.raises(Rejected, match="column and row, counted from 0"):
        table.gm(do="place", ref=guard, at="[3, 5]x")


def test_the_outcome_ranks_the_runners_by_their_characters_and_not_the_gm():
    """"The DM", a referee who runs the world (Rules for Runners), does not play to win:
    ruling (docs/rules/runners.md, Mission end): the outcome ranks the runners only, survivors
    first, each called by their character's name as the game calls them."""
    table = Table(runners=2)
    mission(table, [6, 6, 6, 1, 1, 1])
    table.gm(do="end_mission", result="success")
    outcome = GAME.outcome(table.state)
    assert GM not in {seat for group in outcome.ranking for seat in group}
    assert GM not in outcome.scores
    assert sorted(seat for group in outcome.ranking for seat in group) == [MICA, DAMIEN]
    characters = {MICA: table.character(MICA)["name"], DAMIEN: table.character(DAMIEN)["name"]}
    assert dict(outcome.names) == characters
    assert outcome.to_json()["names"] == {str(s): n for s, n in characters.items()}
    assert "Player1" not in characters.values()
