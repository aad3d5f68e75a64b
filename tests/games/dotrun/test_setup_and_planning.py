"""Set-up, the start phase and planning (seed §2, §4, §5.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from hacktable.engine import Match, Rejected
from hacktable.games.dotrun.actions import Hack, Hold, Run, Start
from hacktable.games.dotrun.cards import CARDS

from .helpers import ADA, BRUNO, CHIARA, DMITRI, GAME, NAMES, plan, snapshot, table


def new_match(n: int = 4, seed: int = 1, **options) -> Match:
    options.setdefault("tasks", "code")
    return Match(GAME, NAMES[:n], options, seed)


def test_thirty_running_cards_six_of_each():
    """"30 running cards (6 each of clockwise, counterclockwise, cd, echo, and touch)"."""
    match = new_match()
    assert Counter(match.state["deck"]) == {card: 6 for card in CARDS}
    assert len(match.state["deck"]) == 30


def test_five_lockout_tokens_and_alertness_at_zero():
    """"5 terminal lockout tokens" ... "Place the alertness tracker at 0"."""
    view = new_match().view(ADA)
    assert view["lockouts"] == {"supply": 5, "locked": [], "total": 5}
    assert view["alertness"] == 0 and view["alertness_limit"] == 9


def test_the_deck_is_shuffled():
    """"Shuffle the running cards"."""
    assert new_match(seed=1).state["deck"] != new_match(seed=2).state["deck"]


def test_players_choose_distinct_outer_start_spaces():
    """"places it in any space on the outer ring such that no two players start on the
    same space"."""
    match = new_match()
    assert match.state["phase"] == "start"
    match.submit(ADA, Start("o4"))
    before = snapshot(match.state)
    with pytest.raises(Rejected, match="already starts on o4"):
        match.submit(BRUNO, Start("o4"))
    with pytest.raises(Rejected, match="not a space on the outer ring"):
        match.submit(BRUNO, Start("m1"))
    assert snapshot(match.state) == before
    for seat, space in ((BRUNO, "o5"), (CHIARA, "o6"), (DMITRI, "o7")):
        match.submit(seat, Start(space))
    assert match.state["phase"] == "planning"
    assert match.state["pawns"] == ["o4", "o5", "o6", "o7"]


def test_start_timeout_deals_free_spaces():
    """Ruling: when a timed start phase runs out, unplaced pawns get random free spaces."""
    match = new_match(planning_seconds=60)
    match.submit(ADA, Start("o0"))
    match.close_phase()
    pawns = match.state["pawns"]
    assert pawns[0] == "o0" and len(set(pawns)) == 4 and all(p[0] == "o" for p in pawns)


def test_player_counts_three_to_six():
    """Ruling: "a coöperative game for four players"; 3 to 6 can play (the goal needs
    two hackers and a runner)."""
    assert (GAME.min_seats, GAME.max_seats) == (3, 6)
    with pytest.raises(Rejected):
        Match(GAME, NAMES[:2])


def test_hack_needs_a_terminal():
    """"To hack, a player must be on a space with a terminal"."""
    match = table(["o1", "o0", "o2", "o4"])
    with pytest.raises(Rejected, match="stand on a terminal"):
        match.submit(ADA, Hack("o1-m1"))


def test_hack_path_must_be_in_the_terminals_colour():
    """"the path they are hacking (which must be in an adjacent layer and of the same
    color as their terminal)"."""
    match = table(["o0", "o1", "o2", "o4"])  # o0 is red
    with pytest.raises(Rejected, match="Your terminal is red"):
        match.submit(ADA, Hack("o1-m1"))  # blue
    match.submit(ADA, Hack("o3-m2"))  # red
    assert match.state["plans"][ADA] == {"do": "hack", "path": "o3-m2"}


def test_hack_path_must_be_in_an_adjacent_layer():
    """An outer terminal reaches only the outer-middle layer; a middle one both layers
    beside it; only inner terminals reach the goal paths."""
    match = table(["o0", "m1", "i0", "o4"])
    with pytest.raises(Rejected, match="adjacent layer"):
        match.submit(ADA, Hack("m6-i4"))  # red, but middle-inner
    match.submit(BRUNO, Hack("m6-i4"))  # red middle terminal: next layer in
    match.submit(CHIARA, Hack("i1-goal"))  # red inner terminal: red+blue goal path
    with pytest.raises(Rejected, match="adjacent layer"):
        match.submit(CHIARA, Hack("o3-m2"))


def test_one_hacker_per_terminal():
    """"only one player can hack each terminal"."""
    match = table(["o0", "o0", "o2", "o4"])
    match.submit(ADA, Hack("o3-m2"))
    with pytest.raises(Rejected, match="Ada is already hacking"):
        match.submit(BRUNO, Hack("o9-m6"))
    match.submit(BRUNO, Run())


def test_locked_terminal_cannot_hack():
    """A terminal with a lockout token can no longer be hacked from."""
    match = table(["o0", "o1", "o2", "o4"])
    match.state["locked"] = ["o0"]
    match.state["supply"] = 4
    with pytest.raises(Rejected, match="locked out"):
        match.submit(ADA, Hack("o3-m2"))


def test_plans_are_visible_to_the_team_and_can_change():
    """The issue: "planning with each player's choice visible to the team"; ruling: a
    choice may change until the last player has chosen."""
    match = table(["o0", "o1", "o2", "o4"])
    match.submit(ADA, Run())
    assert match.view(BRUNO)["plans"][ADA] == {"do": "run"}
    match.submit(ADA, Hack("o3-m2"))
    assert match.view("spectator")["plans"][ADA] == {"do": "hack", "path": "o3-m2"}
    prompt = match.prompts()[ADA]
    assert prompt.kind == "plan" and prompt.submitted and not prompt.simultaneous
    assert prompt.time_limit is None  # "untimed planning"


def test_last_plan_starts_the_stress_phase():
    """Planning ends when everyone has chosen; hackers get a task, runners a draw prompt,
    each with the 30-second limit."""
    match = table(["o0", "o1", "o2", "o4"])
    plan(match, "o3-m2", "run", "hold", "run")
    prompts = match.prompts()
    assert match.state["phase"] == "stress"
    assert prompts[ADA].kind == "hack" and prompts[ADA].simultaneous
    assert prompts[BRUNO].kind == "draw" and prompts[BRUNO].time_limit == 30
    assert prompts[CHIARA].kind == "hold" and prompts[CHIARA].submitted  # nothing to do
    assert GAME.phase_key(match.state) == "turn 1 stress"


def test_everyone_holding_resolves_at_once():
    """"If no one is hacking, set a 30-second timer for the runners"; with nobody acting at
    all there is nothing to time, so the turn resolves at once (ruling)."""
    match = table(["o0", "o1", "o2", "o4"])
    plan(match, "hold", "hold", "hold", "hold")
    assert match.state["turn"] == 2 and match.state["alertness"] == 1


def test_planning_timeout_makes_the_undecided_hold():
    """Ruling (planning_seconds): when a timed planning phase runs out, whoever has not
    chosen holds."""
    match = table(["o0", "o1", "o2", "o4"], planning_seconds=90)
    assert match.prompts()[ADA].time_limit == 90
    match.submit(BRUNO, Run())
    match.close_phase()
    assert [p["do"] for p in match.state["plans"]] == ["hold", "run", "hold", "hold"]
    assert match.state["phase"] == "stress"


def test_hold_is_always_allowed():
    """"Players can choose to hack, run, or hold (although the latter is generally bad)"."""
    match = table(["o0", "o1", "o2", "o4"])
    assert Hold() in GAME.legal_actions(match.state, BRUNO)
