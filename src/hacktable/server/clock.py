"""Where the server's time comes from, so tests move time instead of sleeping."""

from __future__ import annotations

import functools
import math
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class OffsetClock:
    """The system clock plus an offset in seconds read from a file, or an instant it stands
    still at.

    Tests run real server processes: writing "1200" into the file moves every process that
    shares it twenty minutes ahead, so a round's deadline passes without waiting. Writing
    "@1767225599.5" stands the clock still at that instant (seconds since the epoch), so
    two tables dealt one after the other read the same times, or times that straddle a
    given minute, whenever the test runs.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._offset = 0.0
        self._still: float | None = None

    def now(self) -> float:
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            return time.time()
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            self._read(stamp)
        return self._still if self._still is not None else time.time() + self._offset

    def _read(self, stamp: tuple[int, int]) -> None:
        """Take the file's offset or instant; one caught half written ("@") is read again
        at the next reading, the clock keeping what it had until then."""
        text = self.path.read_text().strip()
        try:
            still = float(text[1:]) if text.startswith("@") else None
            offset = float(text) if text and still is None else 0.0
        except ValueError:
            return
        self._still, self._offset, self._stamp = still, offset, stamp


def iso(seconds: float | None) -> str | None:
    """A wall-clock time as ISO-8601 UTC to the millisecond, the way the API and the log
    write it: what `datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")`
    writes (microseconds rounded half to even, then cut to milliseconds), made from a kept
    whole second, as every screen writes the time it was made."""
    if seconds is None:
        return None
    fraction, whole = math.modf(seconds)
    micro = round(fraction * 1e6)
    if micro >= 1_000_000:
        whole, micro = whole + 1, micro - 1_000_000
    elif micro < 0:
        whole, micro = whole - 1, micro + 1_000_000
    return f"{_second(int(whole))}.{micro // 1000:03d}+00:00"


@functools.lru_cache(maxsize=256)
def _second(whole: int) -> str:
    """A whole second as ISO-8601 UTC, without its fraction or zone: the last few hundred
    (every entry of one sitting, every deadline on screen) are kept."""
    return datetime.fromtimestamp(whole, UTC).isoformat(timespec="seconds")[:-6]
