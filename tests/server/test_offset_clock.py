"""`OffsetClock`: the tests' clock file moves the server's time, or stands it still."""

from __future__ import annotations

import itertools
import os
import time

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
    _write(path, "0")
    assert abs(clock.now() - time.time()) < 60
