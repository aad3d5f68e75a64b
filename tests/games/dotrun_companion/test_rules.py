"""The companion's rules, each against the seed's words (man ./Run §5.2, §5.3, §6)."""

from __future__ import annotations

import json
import random

import pytest

from hacktable.engine import Match
from hacktable.engine.errors import Rejected
from hacktable.games import get_game
from hacktable.games.dotrun.companion import choose

GAME = get_game("dotrun_companion")
NAMES = ("Ada", "Bruno", "Chiara")
SKIP = {"do": "skip"}


def table(seats: int = 2, **options) -> Match:
    options.setdefault("tasks", "code")
    return Match(GAME, NAMES[:seats], options, 7)


def solution(match: Match, seat: int) -> str:
    return match.view(seat)["task"]["public"]["code"]


def snapshot(match: Match) -> str:
    return json.dumps(match.state, sort_keys=True)


def test_each_hacker_selects_the_color_and_ring_of_their_terminal_visible_to_all():
    match = table()
    match.submit(0, choose("red", "outer"))
    for viewer in (0, 1, "spectator"):
        assert match.view(viewer)["choices"][0] == {"hack": True, "colour": "red",
                                                   "ring": "outer", "goal": False}
    assert match.view(0)["phase"] == "choose"
    match.submit(0, choose("green", "middle"))  # may change until everyone has chosen
    assert match.view(1)["choices"][0]["colour"] == "green"


def test_all_hacking_timers_start_at_the_same_time():
    match = table()
    match.submit(0, choose("red", "outer"))
    match.submit(1, choose("green", "inner", True))
    prompts = match.prompts()
    assert {p.kind for p in prompts.values()} == {"hack"}
    assert {p.time_limit for p in prompts.values()} == {30.0}
    assert all(p.simultaneous for p in prompts.values())
    assert GAME.phase_key(match.state) == "turn 1 hack"


def test_if_no_one_is_hacking_the_30_seconds_still_run_for_the_runners():
    match = table()
    match.submit(0, SKIP)
    match.submit(1, SKIP)
    prompts = match.prompts()
    assert {p.kind for p in prompts.values()} == {"wait"}
    assert {p.time_limit for p in prompts.values()} == {30.0}
    match.close_phase()
    assert match.view(0)["phase"] == "choose"
    assert match.view(0)["turn"] == 2


def test_goal_paths_start_on_the_inner_ring_only():
    match = table()
    with pytest.raises(Rejected, match="inner ring"):
        match.submit(0, choose("red", "middle", True))
    with pytest.raises(Rejected, match="colour"):
        match.submit_json(0, {"do": "choose", "colour": "purple", "ring": "outer"})


def test_the_timer_going_off_closes_the_phase_and_an_unanswered_task_fails():
    match = table()
    match.submit(0, choose("red", "outer"))
    match.submit(1, choose("blue", "outer"))
    match.submit(0, {"do": "answer", "answer": solution(match, 0)})
    assert match.view(0)["phase"] == "hack"  # Bruno has not answered: wait for the clock
    match.close_phase()
    results = {r["seat"]: r["solved"] for r in match.view("spectator")["last"]["results"]}
    assert results == {0: True, 1: False}
    assert match.view(1)["revealed"]["solved"] is False
    assert match.view(1)["revealed"]["given"] is None
    assert match.view(0)["phase"] == "choose"


def test_the_30_seconds_run_in_full_for_the_runners_after_every_hacker_answered():
    """Seed 5.2: the hacking timers "can also act as the timer for the runners", so a
    hacker's answer ends only their own task; the table's timer runs its 30 seconds."""
    match = table()
    match.submit(0, choose("red", "outer"))
    match.submit(1, SKIP)
    match.submit(0, {"do": "answer", "answer": "nope"})
    view = match.view(0)
    assert view["phase"] == "hack"
    prompts = match.prompts()
    assert prompts[0].submitted and prompts[0].time_limit == 30.0  # Ada's task is done
    assert prompts[1].kind == "wait" and prompts[1].time_limit == 30.0
    assert view["revealed"] is None  # the result comes when the timer goes off
    match.close_phase()
    view = match.view(0)
    assert view["phase"] == "choose"
    assert view["revealed"]["solved"] is False
    assert view["revealed"]["answer"] == match.state["revealed"][0]["answer"]


def test_a_task_is_answered_once():
    match = table()
    match.submit(0, choose("red", "outer"))
    match.submit(1, choose("red", "outer"))
    match.submit(0, {"do": "answer", "answer": "ZZZZ"})  # no code has a Z: wrong, well-formed
    before = snapshot(match)
    with pytest.raises(Rejected, match="already sent"):
        match.submit(0, {"do": "answer", "answer": solution(match, 0)})
    assert snapshot(match) == before


def test_a_malformed_answer_is_refused_and_changes_nothing():
    """"each hacker should attempt to complete the task on their screen": a code with a
    character missing is a slip, not an attempt; it is refused unsent and the hacker
    answers again (only a well-formed answer is final)."""
    match = table()
    match.submit(0, choose("red", "outer"))
    match.submit(1, choose("red", "outer"))
    before = snapshot(match)
    with pytest.raises(Rejected, match="has 4 letters and digits and you typed 3"):
        match.submit(0, {"do": "answer", "answer": solution(match, 0)[:3]})
    assert snapshot(match) == before
    match.submit(0, {"do": "answer", "answer": solution(match, 0)})


def test_runners_cannot_answer_and_choices_are_fixed_while_the_timer_runs():
    match = table()
    match.submit(0, SKIP)
    match.submit(1, choose("red", "outer"))
    with pytest.raises(Rejected, match="not hacking"):
        match.submit(0, {"do": "answer", "answer": "x"})
    with pytest.raises(Rejected, match="fixed"):
        match.submit(1, choose("red", "middle"))
    with pytest.raises(Rejected, match="Wait for the timer"):
        match.submit(1, {"do": "center"})


def test_statistics_per_colour_and_ring_are_kept_across_turns():
    match = table()
    for _ in range(2):
        match.submit(0, choose("green", "middle"))
        match.submit(1, choose("green", "middle"))
        match.submit(0, {"do": "answer", "answer": solution(match, 0)})
        match.submit(1, {"do": "answer", "answer": ""})
        match.close_phase()  # the timer goes off
    view = match.view("spectator")
    assert view["stats"]["green"]["middle"] == {"tries": 4, "solved": 2}
    assert view["rates"]["green"]["middle"] == 0.5
    assert view["per_seat"] == [{"tries": 2, "solved": 2}, {"tries": 2, "solved": 0}]


def test_seed_tasks_record_statistics_with_the_tasks_package():
    match = table(1, tasks="seed")
    match.submit(0, choose("green", "outer"))
    match.submit(0, {"do": "answer", "answer": "D1"})
    match.close_phase()
    assert match.view(0)["stats"]["green"]["outer"]["tries"] == 1


def test_goal_path_tasks_on_blue_are_in_basque():
    match = table(1, tasks="seed")
    match.submit(0, choose("blue", "inner", True))
    public = match.view(0)["task"]["public"]
    assert public["language"] == "eu"


def test_i_reached_the_center_wins_with_a_reward():
    match = table()
    match.submit(0, choose("red", "outer"))
    match.submit(1, SKIP)
    match.submit(0, {"do": "answer", "answer": solution(match, 0)})
    match.close_phase()
    match.submit(1, {"do": "center"})
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == (0, 1)
    result = match.view(0)["result"]
    assert result["won"] and result["by"] == 1
    titles = [item["title"] for item in result["reward"]["items"]]
    assert "Mugtome's user database" in titles
    assert "The staff password vault" in titles  # red was cracked during the heist
    assert "The DNA scanner records" not in titles
    assert result["heist"]["turns"] == 1
    assert result["heist"]["colours"]["red"] == {"tries": 1, "solved": 1}
    assert match.prompts() == {}
    with pytest.raises(Rejected):
        match.submit(0, SKIP)


def test_the_alarm_going_off_is_a_loss():
    match = table()
    match.submit(0, {"do": "alarm"})
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == ()
    assert match.view(1)["result"]["reward"] is None


def test_written_moves():
    match = table()
    assert GAME.parse(match.state, 0, "Blue inner goal") == choose("blue", "inner", True)
    assert GAME.parse(match.state, 0, "answer AB12 CD") == {"do": "answer",
                                                           "answer": "AB12 CD"}
    with pytest.raises(Rejected):
        GAME.parse(match.state, 0, "purple")


def test_the_bot_hears_its_own_blue_recording():
    """Seed 6: blue is hacked by "listening to a recording"; the companion's bot stands for
    a person at the table, so it hears its own seat's recording and types the digits."""
    from hacktable.games.dotrun.companion_bots import TableBot

    match = table(1, tasks="seed")
    match.submit(0, choose("blue", "outer"))
    bot = TableBot()
    bot.media = lambda media_id: GAME.media(match.state, 0, media_id)
    action = bot.act(match.view(0), match.prompts()[0], None, random.Random(0))
    match.submit(0, action)
    match.close_phase()
    assert match.view(0)["revealed"]["solved"] is True
