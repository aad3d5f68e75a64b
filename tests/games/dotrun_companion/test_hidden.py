"""Hidden information: a task's answer appears nowhere before its result, and no seat sees
another seat's task."""

from __future__ import annotations

import json
import random

from hacktable.engine import Match
from hacktable.games import get_game
from hacktable.games.dotrun.companion import choose

GAME = get_game("dotrun_companion")


def hacking(tasks: str = "code") -> Match:
    match = Match(GAME, ("Ada", "Bruno"), {"tasks": tasks}, 3)
    match.submit(0, choose("blue", "outer"))
    match.submit(1, choose("red", "middle"))
    return match


def test_no_answer_in_any_view_or_event_before_the_result():
    match = Match(GAME, ("Ada", "Bruno"), {"tasks": "seed"}, 3)
    match.submit(0, choose("red", "middle"))
    match.submit(1, choose("red", "inner"))
    answers = [match.state["tasks"][s]["secret"]["answer"] for s in (0, 1)]
    seen = json.dumps([match.view(v) for v in (0, 1, "spectator")])
    seen += json.dumps([e.event.to_json() for e in match.events])
    seen += json.dumps([p.to_json() for p in match.prompts().values()])
    for answer in answers:
        assert answer.lower() not in seen.lower()


def test_a_seat_sees_only_its_own_task_and_answer():
    match = hacking()
    mine = match.view(0)["task"]
    assert mine["kind"] == "code" and "secret" not in mine
    other = json.dumps(match.view(0))
    assert match.state["tasks"][1]["public"]["code"] not in other
    match.submit(1, {"do": "answer", "answer": "zzzzzz"})  # the middle ring's 6, no Z in any
    assert match.view(0) == GAME.view(match.state, 0)
    assert "zzzzzz" not in json.dumps(match.view(0))
    assert match.view(1)["answer"] == "zzzzzz"


def test_revealed_tasks_stay_with_their_hacker():
    match = hacking()
    match.close_phase()
    assert match.view(0)["revealed"]["kind"] == "code"
    assert match.state["revealed"][1]["answer"] not in json.dumps(match.view(0))
    assert "revealed" not in match.view("spectator")


def test_redeal_changes_other_tasks_only():
    match = hacking()
    other = GAME.redeal(match.state, 0, random.Random(1))
    assert other["tasks"][0] == match.state["tasks"][0]
    assert other["tasks"][1] != match.state["tasks"][1]
    assert GAME.view(other, 0) == match.view(0)


def test_blue_recordings_go_to_their_hacker_only():
    match = hacking("seed")
    media_id = match.view(0)["task"]["public"]["audio"]["id"]
    found = GAME.media(match.state, 0, media_id)
    assert found["renderer"] == "speech-under-noise"
    for viewer in (1, "spectator", 9):
        assert GAME.media(match.state, viewer, media_id) is None
    match.close_phase()
    assert GAME.media(match.state, 0, media_id) is None
