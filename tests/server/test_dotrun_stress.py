"""./Run's stress phase through real server processes.

Seed (*man ./Run*, 5.2 "Stress"): the runners "start drawing running cards" during the 30
seconds, from one shared deck, and may draw "until ... they run out of time". So two
runners drawing at the same instant never get the same card, the 30-second phase closes on
time, and a draw that arrives after the 30 seconds is refused even before the deadline
loop closes the phase. Draws race here from threads, over HTTP, against two server
processes sharing one SQLite file and two sharing one PostgreSQL database: with two
processes each process's copy of the match can be behind, so a draw that lost the race
has to be caught by the store's sequence check, not by one process's lock.
"""

from __future__ import annotations

import contextlib
import threading
from collections import Counter
from collections.abc import Iterator

import pytest
from tests.server.helpers import START_TIMEOUT, gm_state, screen
from tests.services import (
    Api,
    Server,
    TestClock,
    open_table,
    postgres_database,
    redis_url,
    wait_for,
)

RUNNERS = ("ann", "bob", "cat", "dan")
DECK = 30


@pytest.fixture(params=["sqlite x2", "postgresql x2"])
def servers(request: pytest.FixtureRequest, tmp_path) -> Iterator[list[Server]]:
    clock = TestClock(tmp_path / "clock")
    with contextlib.ExitStack() as stack:
        if request.param == "sqlite x2":
            # Two processes on one SQLite file: a draw that lost the race is caught by the
            # store's sequence check (the file's lock only orders the writes), and Redis
            # only tells the other process to show the new state.
            url = f"sqlite:///{tmp_path / 'hacktable.db'}"
            urls, redis = [url, url], redis_url()
        else:  # several processes: one PostgreSQL, and Redis to tell each other of moves
            url = stack.enter_context(postgres_database())
            urls, redis = [url, url], redis_url()
        started = []
        for url in urls:
            process = Server(url, clock, redis_url=redis)
            stack.callback(process.stop)
            started.append(process.start(timeout=START_TIMEOUT))
        yield started


def everyone_runs(servers: list[Server]):
    table = open_table(servers[0].url, list(RUNNERS), {"start": "choose"}, game="dotrun",
                       referee=True)
    for seat, space in enumerate(("o0", "o3", "o6", "o9")):
        table.seats[seat].ok("POST", f"/api/matches/{table.code}/act",
                             {"action": {"do": "start", "space": space}})
    for seat in range(len(RUNNERS)):
        table.seats[seat].ok("POST", f"/api/matches/{table.code}/act",
                             {"action": {"do": "run"}})
    return table


def test_runners_drawing_at_once_never_get_the_same_card(servers: list[Server]) -> None:
    table = everyone_runs(servers)
    assert screen(table.seats[0], table.code)["view"]["phase"] == "stress"
    act = f"/api/matches/{table.code}/act"
    drawn: dict[int, int] = {}
    start = threading.Barrier(len(RUNNERS))

    def runner(seat: int) -> None:
        # each runner talks to its own process (two processes: seats alternate)
        api = Api(servers[seat % len(servers)].url, table.tokens[seat])
        start.wait()
        count = 0
        while True:
            answer = api.post(act, {"action": {"do": "draw"}})
            if answer.status_code != 200:
                break  # the deck is empty (or the phase closed): a sentence, nothing drawn
            count += 1
            api.ok("POST", act, {"action": {"do": "discard"}})
        drawn[seat] = count

    threads = [threading.Thread(target=runner, args=(seat,)) for seat in range(len(RUNNERS))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    # Exactly 30 draws succeeded before the deck ran out: had two runners ever been handed
    # the same card, one draw would have taken nothing from the deck and a 31st would have
    # succeeded. Everyone being done closed the phase; the 30 cards are back in one deck,
    # each kind six times, none doubled and none lost.
    assert sum(drawn.values()) == DECK, drawn
    state = wait_for(lambda: (lambda s: s if s["turn"] == 2 else None)(gm_state(table)),
                     timeout=30)
    assert state["phase"] == "planning"
    assert Counter(state["deck"]) == {card: DECK // 5 for card in set(state["deck"])}
    assert len(state["deck"]) == DECK and len(set(state["deck"])) == 5


def test_the_stress_phase_closes_when_its_30_seconds_are_up(servers: list[Server]) -> None:
    table = everyone_runs(servers)
    info = Api(servers[0].url).ok("GET", f"/api/matches/{table.code}")
    assert info["deadline"] is not None
    table.seats[0].ok("POST", f"/api/matches/{table.code}/act", {"action": {"do": "draw"}})
    servers[0].clock.advance(29)
    assert screen(table.seats[1], table.code)["view"]["phase"] == "stress"
    servers[0].clock.advance(2)
    wait_for(lambda: screen(table.seats[1], table.code)["view"]["phase"] != "stress",
             timeout=30)
    view = screen(table.seats[0], table.code)["view"]
    assert (view["turn"], view["phase"]) == (2, "planning")
    assert view["hand"] is None  # the card in hand at the deadline did not stay there


def test_a_draw_after_the_30_seconds_is_refused_before_the_deadline_loop_fires(
        tmp_path) -> None:
    """Seed 5.2: a runner draws until "they run out of time". The server checks the phase's
    deadline when a move arrives; its deadline loop is put to sleep here (a 600-second
    tick), so only that check can refuse the late draws."""
    clock = TestClock(tmp_path / "clock")
    with contextlib.ExitStack() as stack:
        server = Server(f"sqlite:///{tmp_path / 'hacktable.db'}", clock,
                        env={"HACKTABLE_TICK": "600",  # and no rate: runners draw flat out
                             "HACKTABLE_MOVES_PER_SECOND": "0"})
        stack.callback(server.stop)
        server.start(timeout=START_TIMEOUT)
        table = everyone_runs([server])
        act = f"/api/matches/{table.code}/act"
        table.seats[0].ok("POST", act, {"action": {"do": "draw"}})
        table.seats[0].ok("POST", act, {"action": {"do": "discard"}})
        stop = threading.Event()
        accepted: list[tuple[int, bool]] = []  # (seat, sent after the deadline passed)
        passed = threading.Event()

        def runner(seat: int) -> None:
            api = Api(server.url, table.tokens[seat])
            while not stop.is_set():
                late = passed.is_set()
                answer = api.post(act, {"action": {"do": "draw"}})
                if answer.status_code == 200:
                    accepted.append((seat, late))
                    api.post(act, {"action": {"do": "discard"}})
                elif late:
                    assert answer.status_code == 409, answer.text
                    assert "Time is up" in answer.json()["detail"], answer.text

        threads = [threading.Thread(target=runner, args=(seat,)) for seat in (1, 2, 3)]
        for thread in threads:
            thread.start()
        clock.advance(29.5)
        clock.advance(0.6)  # the deadline passes while the three runners are drawing
        passed.set()
        threading.Event().wait(1.0)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        # No draw sent after the deadline was taken, though the phase is still open in the
        # store (nothing fired it): the deadline itself closed it to moves.
        assert not [seat for seat, late in accepted if late], accepted
        refused = table.seats[0].post(act, {"action": {"do": "draw"}})
        assert refused.status_code == 409
        assert "Time is up" in refused.json()["detail"]
        state = gm_state(table)
        assert state["phase"] == "stress" and state["turn"] == 1
        assert sum(state["draws"]) == 1 + len(accepted)
