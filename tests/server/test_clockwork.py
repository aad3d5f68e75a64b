"""The match clock: deadlines start with each phase; pause keeps what is left."""

from __future__ import annotations

from hacktable.engine.contract import BaseGame, Prompt
from hacktable.engine.match import Match
from hacktable.games import get_game
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


# -- a seat that waits on someone else holds the clock ------------------------------------


class Asker(BaseGame):
    """One timed seat that may ask a question (and then waits) or end its turn."""

    id = "asker"
    name = "Asker"
    min_seats = 1
    max_seats = 2

    def setup(self, seats, options, rng):
        return {"turn": 1, "asking": False}

    def prompts(self, state):
        return {0: Prompt("turn", "Ask, or end your turn.", time_limit=30,
                          waiting=state["asking"])}

    def apply(self, state, seat, action, rng):
        if action == "end":
            state.update(turn=state["turn"] + 1, asking=False)
        else:
            state["asking"] = action == "ask"
        return []

    def timeout(self, state, rng):
        return self.apply(state, 0, "end", rng)

    def view(self, state, viewer):
        return dict(state)

    def outcome(self, state):
        return None

    def phase_key(self, state):
        return f"turn {state['turn']}"


def _asking() -> tuple[Match, ClockState]:
    match = Match(Asker(), ["Ann"])
    return match, clockwork.after_move(ClockState("lobby", None, None, None), match, 0.0)


def test_a_waiting_seat_holds_the_deadline_and_gets_its_time_back():
    match, clock = _asking()
    assert clock == ClockState("running", "turn 1", 30.0, None)
    match.submit(0, "ask")  # 10 s in: the seat waits on someone else
    held = clockwork.after_move(clock, match, 10.0)
    assert held == ClockState("running", "turn 1", None, 20.0) and held.held
    assert clockwork.after_move(held, match, 500.0) == held, "still waiting: still held"
    match.submit(0, "answered")  # the answer comes 490 s later: 20 s are left, from now
    assert clockwork.after_move(held, match, 500.0) == ClockState("running", "turn 1",
                                                                  520.0, None)


def test_a_held_phase_keeps_its_time_through_pause_extend_and_shorten():
    match, clock = _asking()
    match.submit(0, "ask")
    held = clockwork.after_move(clock, match, 10.0)
    paused = clockwork.pause(held, now=50.0)
    assert paused == ClockState("paused", "turn 1", None, 20.0), "pause keeps what was held"
    assert clockwork.extend(held, 15).remaining == 35.0
    assert clockwork.shorten(held, 5, now=60.0).remaining == 15.0
    assert clockwork.shorten(held, 99, now=60.0).remaining == 0.0
    resumed = clockwork.resume(paused, now=100.0)  # still waiting: held again at once
    assert clockwork.after_move(resumed, match, 100.0) == held
    match.submit(0, "answered")
    assert clockwork.after_move(resumed, match, 100.0) == ClockState("running", "turn 1",
                                                                     120.0, None)


def test_a_new_phase_starts_with_its_full_time_even_after_a_hold():
    match, clock = _asking()
    match.submit(0, "ask")
    held = clockwork.after_move(clock, match, 25.0)
    match.submit(0, "end")
    assert clockwork.after_move(held, match, 900.0) == ClockState("running", "turn 2",
                                                                  930.0, None)
