"""Resolution: hacks, then runners' cards left to right, then the win or the alarm
(seed §3, §5.3)."""

from __future__ import annotations

import pytest

from hacktable.games.dotrun.actions import Answer, Stop
from hacktable.games.dotrun.cards import acting_as

from .helpers import (
    ADA,
    BRUNO,
    CHIARA,
    DMITRI,
    GAME,
    deal_row,
    events,
    plan,
    solve,
    table,
    wrong,
)


def test_failed_hack_raises_alertness_by_two_and_locks_the_terminal():
    """"For each failed hacking attempt, move the alertness meter up by 2 and place a
    lockout token on the terminal. Additionally, remove the hacker's hacking token from the
    board to indicate that the path was not successfully hacked."""
    match = table(["o0", "o3", "o2", "o4"])
    plan(match, "o3-m2", "run", "hold", "hold")
    solve(match, ADA, right=False)
    deal_row(match, BRUNO, ["cd", "touch", "touch"])
    assert match.state["locked"] == ["o0"] and match.state["supply"] == 4
    assert match.state["alertness"] == 2 + 1
    assert match.state["pawns"][BRUNO] == "o3"  # the path stayed closed
    assert events(match, "paths_open")[0]["paths"] == []


def test_successful_hack_opens_the_path_for_the_turn():
    """"The paths they are on are considered open for the turn"."""
    match = table(["o0", "o3", "o2", "o4"])
    plan(match, "o3-m2", "run", "hold", "hold")
    solve(match, ADA)
    deal_row(match, BRUNO, ["cd", "touch", "touch"])
    assert match.state["pawns"][BRUNO] == "m2"
    assert match.state["alertness"] == 1
    # Next turn the path is closed again.
    plan(match, "hold", "run", "hold", "hold")
    deal_row(match, BRUNO, ["counterclockwise", "cd", "touch"])
    assert match.state["pawns"][BRUNO] == "m1"


def test_goal_paths_need_both_colours_hacked_the_same_turn():
    """"The paths to the center space each have two colors. These paths must be hacked
    from two terminals simultaneously to open up."""
    match = table(["i0", "i2", "i1", "o4"])  # red and blue inner terminals
    plan(match, "i1-goal", "hold", "run", "hold")
    solve(match, ADA)
    deal_row(match, CHIARA, ["cd", "touch", "touch"])
    assert match.state["pawns"][CHIARA] == "i1"  # one colour alone opens nothing
    plan(match, "i1-goal", "i1-goal", "run", "hold")
    solve(match, ADA)
    solve(match, BRUNO)
    deal_row(match, CHIARA, ["cd", "touch", "touch"])
    assert match.state["result"]["won"] is True
    assert GAME.outcome(match.state).winners == (0, 1, 2, 3)
    # Seed 5.3: reaching the center gives the crew its reward, on the digital table too.
    reward = match.view("spectator")["result"]["reward"]
    assert reward["items"][0]["title"] == "Mugtome's user database"


def test_cards_resolve_left_to_right():
    """"resolves them from left to right": clockwise then cd differs from cd then
    clockwise."""
    match = table(["o0", "o0", "o2", "o4"])
    plan(match, "o3-m2", "hold", "hold", "run")  # Dmitri on o4
    solve(match, ADA)
    deal_row(match, DMITRI, ["counterclockwise", "cd", "clockwise"])
    assert match.state["pawns"][DMITRI] == "m3"


def test_seed_example_counterclockwise_cd_clockwise_without_the_path():
    """"let's say a player has the sequence counterclockwise-cd-clockwise, with the intent
    of moving counterclockwise, taking a path inward, and then moving clockwise from the
    path's destination. If the path is not successfully hacked, their second card does
    nothing, so they move counterclockwise and then clockwise, ending up in their original
    space."""
    match = table(["o0", "o0", "o2", "o4"])
    plan(match, "o3-m2", "hold", "hold", "run")
    solve(match, ADA, right=False)
    deal_row(match, DMITRI, ["counterclockwise", "cd", "clockwise"])
    steps = events(match, "card")
    assert [s["result"] for s in steps] == ["moved", "no open path", "moved"]
    assert match.state["pawns"][DMITRI] == "o4"


def test_seed_example_with_the_path_open():
    """The same row when the path is hacked: counterclockwise to o3, in to m2, then
    clockwise from the path's destination to m3."""
    match = table(["o0", "o0", "o2", "o4"])
    plan(match, "o3-m2", "hold", "hold", "run")
    solve(match, ADA)
    deal_row(match, DMITRI, ["counterclockwise", "cd", "clockwise"])
    assert [s["to"] for s in events(match, "card")] == ["o3", "m2", "m3"]


def test_echo_copies_the_card_before_it():
    """"An echo card counts as a copy of the card before it." """
    assert acting_as(["clockwise", "echo", "echo"]) == ["clockwise"] * 3
    match = table(["o0", "o0", "o2", "o4"])
    plan(match, "hold", "hold", "hold", "run")
    deal_row(match, DMITRI, ["clockwise", "echo", "echo"])
    assert match.state["pawns"][DMITRI] == "o7"


def test_first_echo_counts_as_touch():
    """"If the first card is an echo card, it counts as a touch card." """
    assert acting_as(["echo", "echo", "clockwise"]) == ["touch", "touch", "clockwise"]
    match = table(["o0", "o0", "o2", "o4"])
    plan(match, "hold", "hold", "hold", "run")
    deal_row(match, DMITRI, ["echo", "touch", "clockwise"])
    assert match.state["pawns"][DMITRI] == "o5"


def test_touch_does_nothing():
    """"For each touch card, they do nothing." """
    match = table(["o0", "o0", "o2", "o4"])
    plan(match, "hold", "hold", "hold", "run")
    deal_row(match, DMITRI, ["touch", "touch", "touch"])
    assert match.state["pawns"][DMITRI] == "o4"


def test_runner_needs_three_cards_to_move():
    """"A runner must have three cards in front of them to be able to move." Ruling: the
    cards are shown and the pawn stays."""
    match = table(["o0", "o0", "o2", "o4"])
    plan(match, "hold", "hold", "hold", "run")
    deal_row(match, DMITRI, ["clockwise", "clockwise"])
    match.submit(DMITRI, Stop())
    assert match.state["pawns"][DMITRI] == "o4"
    assert events(match, "too_few_cards") == [{"seat": DMITRI, "cards": 2, "space": "o4"}]


def test_cards_after_reaching_the_goal_do_nothing():
    """Ruling: the goal is on no ring, so cards after reaching it do nothing."""
    match = table(["i0", "i2", "i1", "o4"])
    plan(match, "i1-goal", "i1-goal", "run", "hold")
    solve(match, ADA)
    solve(match, BRUNO)
    deal_row(match, CHIARA, ["cd", "clockwise", "echo"])
    assert [s["result"] for s in events(match, "card")] == ["moved", "at goal", "at goal"]
    assert match.state["result"]["reason"] == "goal"


def test_round_alertness_and_reshuffle():
    """"Otherwise, move the alertness marker up by 1 ... Then shuffle the running deck and
    move to the next turn."""
    match = table(["o0", "o0", "o2", "o4"])
    plan(match, "hold", "hold", "hold", "run")
    deal_row(match, DMITRI, ["touch", "touch", "touch"])
    assert match.state["alertness"] == 1 and match.state["turn"] == 2
    assert len(match.state["deck"]) == 30 and match.state["rows"][DMITRI] == []
    assert events(match, "deck_shuffled") == [{"cards": 30}]


def test_alertness_nine_loses():
    """"They lose if the alertness tracker reaches 9"."""
    match = table(["o0", "o0", "o2", "o4"])
    match.state["alertness"] = 8
    plan(match, "hold", "hold", "hold", "hold")
    assert match.state["result"]["won"] is False
    assert match.state["result"]["reason"] == "alertness"
    outcome = GAME.outcome(match.state)
    assert outcome.winners == () and match.prompts() == {}


def test_alarm_from_failed_hacks_stops_runners_by_default():
    """Ruling (alarm_stops_runners): when failed hacks bring the alertness to 9 the crew is
    caught before runners move; with the option off, a runner may still win."""
    for stops, won in ((True, False), (False, True)):
        match = table(["i0", "i2", "i1", "o0"], alarm_stops_runners=stops)
        match.state["alertness"] = 7
        plan(match, "i1-goal", "i1-goal", "run", "o3-m2")
        solve(match, ADA)
        solve(match, BRUNO)
        match.submit(DMITRI, Answer(wrong(match, DMITRI)))
        deal_row(match, CHIARA, ["cd", "touch", "touch"])
        assert match.state["result"]["won"] is won


def test_lockouts_that_cut_off_the_goal_lose():
    """"They lose if ... terminals become locked out in a configuration that makes it
    impossible for anyone to make it to the center." """
    match = table(["i0", "i2", "i3", "i5"])
    match.state["locked"] = ["i2"]  # blue inner terminal: red+blue goal path is dead
    match.state["supply"] = 4
    plan(match, "hold", "hold", "i4-goal", "hold")  # green hacker fails
    match.submit(CHIARA, Answer(wrong(match, CHIARA)))
    assert match.state["result"]["reason"] == "lockout"


def test_the_crew_loses_when_too_few_pawns_can_reach_the_inner_ring():
    """Seed 3 and 5.3: a goal path needs two hackers and a runner; with one pawn stranded
    outside, two on the inner ring can never win, and the engine says so at once."""
    match = table(["i0", "i2", "o6"])
    plan(match, "hold", "hold", "hold")
    assert match.state["result"]["reason"] == "lockout"
    assert "three" in match.state["result"]["summary"]


def test_running_out_of_lockout_tokens():
    """Ruling: with no token left the failure still raises the alertness, and the
    terminal stays usable."""
    match = table(["o0", "o0", "o2", "o4"], lockouts=0)
    plan(match, "o3-m2", "hold", "hold", "hold")
    solve(match, ADA, right=False)
    assert match.state["locked"] == [] and match.state["alertness"] == 3
    assert events(match, "no_lockout_token") == [{"terminal": "o0"}]


@pytest.mark.parametrize("seed", range(3))
def test_invariants_hold_through_a_bot_game(seed):
    from hacktable.sim.runner import play_match

    match = play_match(GAME, ["crew", "expert", "novice", "crew"], {"tasks": "code"},
                       seed).match
    assert match.outcome() is not None
    GAME.check_invariants(match.state)
