"""The stress phase: hackers' tasks, the shared running deck in real time (seed §5.2)."""

from __future__ import annotations

import json

import pytest

from hacktable.engine import Rejected
from hacktable.games.dotrun.actions import Answer, Discard, Draw, Place, Stop

from .helpers import ADA, BRUNO, CHIARA, DMITRI, GAME, events, plan, snapshot, stack, table, wrong


def stressed(**options):
    match = table(["o0", "o1", "o2", "o4"], **options)
    plan(match, "o3-m2", "run", "run", "hold")
    return match


def test_draws_are_atomic_two_runners_never_get_the_same_card():
    """"all the runners share the same deck": each draw takes the top card, so two
    runners drawing one after the other get different cards."""
    match = stressed()
    top, second = match.state["deck"][-1], match.state["deck"][-2]
    match.submit(BRUNO, Draw())
    match.submit(CHIARA, Draw())
    assert match.state["hands"][BRUNO] == top and match.state["hands"][CHIARA] == second
    assert len(match.state["deck"]) == 28
    GAME.check_invariants(match.state)


def test_drawn_card_is_seen_only_by_its_runner():
    """"draw a card from the running deck, decide whether to keep it": the card is seen by
    the runner who drew it, not by the others."""
    match = stressed()
    stack(match, "cd")
    match.submit(BRUNO, Draw())
    assert match.view(BRUNO)["hand"] == "cd"
    assert match.prompts()[BRUNO].kind == "place"
    assert match.view(CHIARA)["hand"] is None
    assert match.view(CHIARA)["holding"][BRUNO] is True
    private = [e.event for e in match.events if e.event.kind == "drew_card"]
    assert private[0].audience == (BRUNO,)


def test_placed_cards_are_face_down_even_to_their_owner():
    """"Once cards are in front of you, you cannot move or discard them, or look at any of
    their faces."""
    match = stressed()
    stack(match, "echo")
    match.submit(BRUNO, Draw())
    match.submit(BRUNO, Place("left"))
    for viewer in (BRUNO, CHIARA, "spectator"):
        text = json.dumps(match.view(viewer))
        assert match.view(viewer)["rows"][BRUNO] == 1
        assert '"echo"' not in text
    assert [e for e in events(match, "placed")] == [{"seat": BRUNO, "side": "left", "row": 1}]


def test_a_runner_cannot_read_back_their_own_row_from_the_table_log():
    """Seed 5.2: "Once cards are in front of you, you cannot ... look at any of their
    faces." The log shows no more than the view: no event a runner receives names a card
    they placed (ruling "Memory aids" in docs/rules/dotrun.md)."""
    match = stressed()
    stack(match, "echo", "echo")
    for side in ("left", "right"):
        match.submit(BRUNO, Draw())
        match.submit(BRUNO, Place(side))
    seen = [e.event for e in match.events if e.event.visible_to(BRUNO)]
    names = match.state["names"]
    for event in seen:
        assert "echo" not in json.dumps(event.data), event
        assert "echo" not in GAME.describe(event, match.state), event
    assert "echo" not in json.dumps(match.view(BRUNO))
    assert names[BRUNO] in GAME.describe(seen[-1], match.state)


def test_discards_are_face_up():
    """"either put it face-up in a discard pile or face down in front of you"."""
    match = stressed()
    stack(match, "touch")
    match.submit(BRUNO, Draw())
    match.submit(BRUNO, Discard())
    assert match.view(CHIARA)["discard"] == [{"seat": BRUNO, "card": "touch"}]


def test_new_cards_go_only_to_the_left_or_right_end():
    """"you can only put a new card directly to their left or right, not in between"."""
    match = stressed()
    stack(match, "cd", "touch", "echo")
    match.submit(BRUNO, Draw())
    match.submit(BRUNO, Place("right"))
    match.submit(BRUNO, Draw())
    match.submit(BRUNO, Place("left"))
    match.submit(BRUNO, Draw())
    match.submit(BRUNO, Place("right"))
    assert match.state["rows"][BRUNO] == ["touch", "cd", "echo"]
    with pytest.raises(Rejected):
        GAME.action_from_json({"do": "place", "side": "middle"})


def test_drawing_stops_at_three_cards():
    """"Each runner may continue drawing until they have three cards in front of them"."""
    match = stressed()
    stack(match, "cd", "cd", "cd")
    for _ in range(3):
        match.submit(BRUNO, Draw())
        match.submit(BRUNO, Place("right"))
    before = snapshot(match.state)
    with pytest.raises(Rejected, match="three cards"):
        match.submit(BRUNO, Draw())
    assert snapshot(match.state) == before
    assert match.prompts()[BRUNO].submitted


def test_drawing_stops_when_the_deck_runs_out():
    """"... the deck runs out"."""
    match = stressed(card_copies=1)
    while match.state["deck"]:
        match.submit(BRUNO, Draw())
        match.submit(BRUNO, Discard())
    with pytest.raises(Rejected, match="deck is empty"):
        match.submit(CHIARA, Draw())
    assert match.prompts()[BRUNO].submitted and match.prompts()[CHIARA].submitted


def test_one_card_at_a_time():
    """A runner decides on each card before drawing the next."""
    match = stressed()
    match.submit(BRUNO, Draw())
    with pytest.raises(Rejected, match="Place or discard"):
        match.submit(BRUNO, Draw())


def test_only_runners_draw_and_only_hackers_answer():
    match = stressed()
    with pytest.raises(Rejected, match="Only runners"):
        match.submit(ADA, Draw())
    with pytest.raises(Rejected, match="Only hackers"):
        match.submit(BRUNO, Answer("x"))
    with pytest.raises(Rejected):
        match.submit(DMITRI, Draw())


def test_the_task_is_shown_only_to_its_hacker_and_its_answer_to_nobody():
    """"each hacker should attempt to complete the task on their screen": the task's public
    part is in that hacker's prompt and view only; the answer is in no view or event."""
    match = stressed()
    task = match.state["tasks"][ADA]
    secret = task["secret"]["answer"]
    assert match.view(ADA)["task"]["public"] == task["public"]
    assert match.prompts()[ADA].data["task"]["public"] == task["public"]
    for viewer in (ADA, BRUNO, "spectator"):
        view = match.view(viewer)
        assert "secret" not in json.dumps(view)
        if viewer != ADA:
            assert view.get("task") is None
    assert all("secret" not in json.dumps(e.event.to_json()) for e in match.events)
    assert secret


def test_an_answer_is_final():
    """Ruling: a hacker sends one answer; it stands until resolution."""
    match = stressed()
    match.submit(ADA, Answer(wrong(match, ADA)))
    with pytest.raises(Rejected, match="already sent"):
        match.submit(ADA, Answer("again"))


def test_timeout_closes_the_thirty_seconds():
    """"When the timer goes off, players move on to resolution." Hackers who did not answer
    fail; runners keep what they placed; a card drawn but not placed is discarded."""
    match = stressed()
    stack(match, "cd", "touch")
    match.submit(BRUNO, Draw())
    match.submit(BRUNO, Place("right"))
    match.submit(CHIARA, Draw())
    assert GAME.phase_key(match.state) == "turn 1 stress"
    match.close_phase()
    assert events(match, "stress_ended")[-1]["reason"] == "time"
    assert {"seat": CHIARA, "card": "touch", "timeout": True} in events(match, "discarded")
    hack = events(match, "hack")[0]
    assert hack["success"] is False and hack["answered"] is False
    assert events(match, "revealed")[0] == {"seat": BRUNO, "cards": ["cd"]}
    assert GAME.phase_key(match.state) == "turn 2 planning"
    GAME.check_invariants(match.state)


def test_stress_ends_early_when_nobody_can_do_more():
    """Ruling: once every hacker answered and every runner is done, the phase closes."""
    match = stressed()
    match.submit(ADA, Answer(wrong(match, ADA)))
    match.submit(BRUNO, Stop())
    assert match.state["phase"] == "stress"
    match.submit(CHIARA, Stop())
    assert match.state["turn"] == 2
    assert events(match, "stress_ended")[-1]["reason"] == "everyone done"


def test_stress_seconds_option():
    """The 30 seconds are the option stress_seconds."""
    match = stressed(stress_seconds=45)
    assert {p.time_limit for p in match.prompts().values()} == {45}


def test_a_runner_is_told_while_drawing_that_a_short_row_stays_put():
    """"Each runner flips over their run cards and resolves them from left to right": a row
    of fewer than three cards moves nobody (ruling), and the runner is told so while still
    drawing, not only when the cards are turned."""
    match = stressed()
    prompt = match.prompts()[BRUNO]
    assert prompt.kind == "draw"
    assert "0 of 3 cards" in prompt.text and "you stay where you are" in prompt.text
    for side in ("left", "left", "left"):
        match.submit(BRUNO, Draw())
        match.submit(BRUNO, Place(side))
    assert "you stay where you are" not in match.prompts()[BRUNO].text


def seeded(colour_space: str, path: str, **options):
    """A match with the seed's tasks where Ada hacks `path` from `colour_space`."""
    match = table([colour_space, "o1", "o2", "o4"], tasks="seed", blue_passcode="text",
                  **options)
    plan(match, path, "run", "run", "hold")
    return match


def test_a_malformed_passcode_is_refused_and_changes_nothing():
    """Seed 6: blue paths are hacked "by listening to a recording and typing in the
    passcode"; a failure moves "the alertness meter up by 2" and locks the terminal. The
    play-test's "343" for a 4-digit passcode was a slip, not an answer: it is refused with
    a sentence, nothing changes, and the hacker answers again; the well-formed answer is
    final."""
    match = seeded("o3", "o1-m1")
    task = match.state["tasks"][ADA]
    assert task["kind"] == "audio" and task["public"]["digits"] == 4
    before = snapshot(match.state)
    for slip in ("343", "12", "12345", "4 3 2 l"):
        with pytest.raises(Rejected, match="Nothing was sent"):
            match.submit(ADA, Answer(slip))
        assert snapshot(match.state) == before
    assert not match.prompts()[ADA].submitted
    match.submit(ADA, Answer(task["secret"]["answer"]))
    with pytest.raises(Rejected, match="already sent"):
        match.submit(ADA, Answer("1234"))


def test_a_malformed_dna_script_or_password_is_refused():
    """Green: "editing the string of DNA" (a whole string is no edit); red: "guessing what
    password the account-holder might have chosen" (a word and a number, as the helpdesk
    note says). Both refused unsent; an empty answer still gives up on purpose."""
    green = seeded("o6", "o7-m5")
    assert green.state["tasks"][ADA]["kind"] == "dna"
    before = snapshot(green.state)
    with pytest.raises(Rejected, match="One letter at a time"):
        green.submit(ADA, Answer(green.state["tasks"][ADA]["public"]["authorised"]))
    assert snapshot(green.state) == before
    green.submit(ADA, Answer(""))
    assert green.state["answers"][ADA] == ""
    red = seeded("o0", "o3-m2")
    assert red.state["tasks"][ADA]["kind"] == "mugtome"
    before = snapshot(red.state)
    with pytest.raises(Rejected, match="word followed by a number"):
        red.submit(ADA, Answer("Biscuit"))
    assert snapshot(red.state) == before


def test_a_placeholder_code_of_the_wrong_length_is_refused():
    match = stressed()
    before = snapshot(match.state)
    with pytest.raises(Rejected, match="has 4 letters and digits"):
        match.submit(ADA, Answer("K3P"))
    assert snapshot(match.state) == before


def test_the_hackers_own_report_says_they_gave_up():
    """An empty answer gives up on purpose; the hacker's own log says so in words."""
    match = stressed()
    match.submit(ADA, Answer(""))
    match.close_phase()
    report = [logged.event for logged in match.events if logged.event.kind == "hack_report"]
    assert GAME.describe(report[-1], match.state) == "You gave up: failure."
