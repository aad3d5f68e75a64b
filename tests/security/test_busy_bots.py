"""One table of thinking bots never slows another table: searching bots think in worker
processes, with a bounded search, not on the server's event loop.

Attacked as anyone could: a table of six `thinker` bots at pace 0, started, while a person
at another table sends moves. Their moves take about as long as at a quiet server (the
bound is relative and loose: this is a guard against freezing, not a benchmark)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

import pytest
from tests.services import Api, Server, TestClock, open_table, wait_for

MOVES = 15


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("busy")
    process = Server(f"sqlite:///{folder / 'table.db'}", TestClock(folder / "clock"),
                     env={"HACKTABLE_BOT_WORKERS": "1"})
    process.start(timeout=120)
    yield process
    process.stop()


def move_times(api: Api, code: str) -> list[float]:
    """Seconds each of a few moves took, answer included (Ann re-sends her orders)."""
    took = []
    for n in range(MOVES):
        started = time.perf_counter()
        api.ok("POST", f"/api/matches/{code}/act", {"text": f"invest {100 + n} Bob"})
        took.append(time.perf_counter() - started)
    return took


def thinker_table(server: Server) -> tuple[str, Api]:
    thinkers = {str(seat): "thinker" for seat in range(6)}
    created = Api(server.url).ok("POST", "/api/matches", {
        "game": "rexfurum", "seats": 6, "bots": thinkers, "bot_pace": 0,
        "options": {"early_close": True}})  # every round closes once all six have thought
    host = Api(server.url, created["host_token"])
    host.ok("POST", f"/api/matches/{created['code']}/host/start")
    return created["code"], host


def test_a_table_of_thinkers_does_not_slow_another_tables_moves(server: Server):
    quiet = open_table(server.url, ["Ann", "Bob", None, None, None])
    ann = quiet.seats[0]
    move_times(ann, quiet.code)  # warm up: the first requests load the match
    alone = statistics.median(move_times(ann, quiet.code))

    code, _ = thinker_table(server)
    # the thinkers are at work: their orders arrive one by one
    wait_for(lambda: (Api(server.url).ok("GET", f"/api/matches/{code}")["sent"] or {})
             .get("done"), timeout=60)
    busy = statistics.median(move_times(ann, quiet.code))
    print(f"alone {alone:.3f} s, beside the thinkers {busy:.3f} s")
    assert busy < 3 * alone + 0.25, (
        f"moves took {busy:.3f} s beside the thinkers, {alone:.3f} s alone")
    assert "Traceback" not in server.log(), server.log()
