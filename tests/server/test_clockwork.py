"""The match clock: deadlines start with each phase; pause keeps what is left."""

from __future__ import annotations

from hacktable.engine.match import Match
from hacktable.engine.registry import get_game
from hacktable.server import clockwork
from hacktable.server.clockwork import ClockState

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def _match(**options) -> Match:
    return Match(get_game("rexfurum"), NAMES, options, "seed")


def test_a_new_phase_gets_its_full_time_from_now():
    match = _match(round_minutes=20)
    clock = clockwork.after_move(ClockState("lobby", None, None, None), match, now=1000.0)
    assert clock == ClockState("running", "round 1", 1000.0 + 20 * 60, None)


def test_a_move_inside_the_phase_leaves_the_deadline_alone():
    match = _match()
    clock = clockwork.after_move(ClockState("lobby", None, None, None), match, 0.0)
    match.submit_text(0, "protect self")
    assert clockwork.after_move(clock, match, 500.0) == clock


def test_closing_a_round_starts_the_next_deadline():
    match = _match(round_minutes=1)
    clock = clockwork.after_move(ClockState("lobby", None, None, None), match, 0.0)
    match.close_phase()
    after = clockwork.after_move(clock, match, 61.0)
    assert after == ClockState("running", "round 2", 121.0, None)


def test_pause_keeps_the_time_left_and_resume_gives_it_back():
    clock = ClockState("running", "round 1", 1000.0, None)
    paused = clockwork.pause(clock, now=400.0)
    assert paused == ClockState("paused", "round 1", None, 600.0)
    assert clockwork.resume(paused, now=5000.0) == ClockState("running", "round 1", 5600.0, None)


def test_a_phase_that_begins_while_paused_waits_with_its_full_time():
    match = _match(round_minutes=2)
    clock = ClockState("paused", "round 1", None, 10.0)
    match.close_phase()
    assert clockwork.after_move(clock, match, 0.0) == ClockState("paused", "round 2", None, 120.0)


def test_extend_moves_the_deadline_or_the_time_left():
    assert clockwork.extend(ClockState("running", "r", 100.0, None), 60).deadline_at == 160.0
    assert clockwork.extend(ClockState("paused", "r", None, 30.0), 60).remaining == 90.0


def test_the_end_of_the_match_stops_the_clock():
    match = _match(rounds=1)
    clock = clockwork.after_move(ClockState("lobby", None, None, None), match, 0.0)
    match.close_phase()
    assert clockwork.after_move(clock, match, 10.0) == ClockState("over", "over", None, None)
    assert clockwork.end(clock) == ClockState("ended", "round 1", None, None)
