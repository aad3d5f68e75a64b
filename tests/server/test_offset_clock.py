"""`OffsetClock`: the tests' clock file moves the server's time, or stands it still; a
server on a standing clock writes every time from it."""

from __future__ import annotations

import itertools
import os
import time
from datetime import UTC, datetime

import pytest
from tests.server.helpers import Listener, ws_url
from tests.services import Api, open_table, wait_for

from hacktable.server.clock import OffsetClock

LATER = itertools.count(1)


def _write(path, text: str) -> None:
    """Write and give the file a new modification time, as a later write would have (two
    quick writes can share one on a coarse file-system clock)."""
    path.write_text(text)
    stamp = time.time_ns() + next(LATER) * 10_000_000
    os.utime(path, ns=(stamp, stamp))


def test_an_offset_moves_the_system_clock(tmp_path):
    path = tmp_path / "clock"
    clock = OffsetClock(path)
    assert abs(clock.now() - time.time()) < 60  # no file: the system clock
    _write(path, "1200")
    assert 1100 < clock.now() - time.time() < 1300


def test_an_instant_stands_the_clock_still_until_an_offset_comes_back(tmp_path):
    path = tmp_path / "clock"
    clock = OffsetClock(path)
    _write(path, "@1767225599.25")
    assert clock.now() == clock.now() == 1767225599.25
    _write(path, "@1767225600.75")  # the same length: a new modification time tells
    assert clock.now() == 1767225600.75
    _write(path, "@")  # caught half written: the clock stays where it stood
    assert clock.now() == 1767225600.75
    _write(path, "0")
    assert abs(clock.now() - time.time()) < 60


STILL = datetime(2001, 2, 3, 4, 5, 6, 250_000, tzinfo=UTC).timestamp()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_server_on_a_standing_clock_writes_no_time_of_its_own(server, clock):
    """Stood still in 2001, a server writes every time from that clock: the room, the
    table, the spectator's page, the API, the log and the sockets carry none of today's
    date (the room page once wrote the machine's own time as the server's "now")."""
    clock.stand_still(STILL)
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    table = open_table(server.url, ["Ann", "Bob", *[None] * 3], start=False)
    code, ann = table.code, table.seats[0]
    read = [ann.get(f"/m/{code}").text, Api(server.url).get(f"/m/{code}").text]
    table.host.ok("POST", f"/api/matches/{code}/host/start")
    read += [ann.get(path).text for path in (
        f"/m/{code}", f"/m/{code}/watch", f"/api/matches/{code}",
        f"/api/matches/{code}/view", f"/api/matches/{code}/log")]
    for fmt in ("json", "html"):
        socket = Listener(ws_url(server.url, code, table.tokens[0], fmt))
        try:
            read += [wait_for(lambda s=socket: s.messages)[0]]
        finally:
            socket.close()
    assert 'data-server-now="2001-02-03T04:05:06' in read[0]
    assert ">04:25 UTC<" in read[2]  # a 20-minute round, read the same day
    assert 'datetime="2001-02-03T04:25:06' in read[2]
    for text in read:
        assert today not in text, text[:2000]
