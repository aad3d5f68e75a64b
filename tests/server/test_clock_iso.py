"""`clock.iso` writes what the standard library writes, made from a kept whole second."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime

import pytest

from hacktable.server.clock import iso


def standard(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


EDGES = [0.0, 1.0, 0.9999995, 0.9999994, 1764173781.9999996, 1764173781.0000004,
         1764173781.0005, 1764173781.0015, 1764173781.9995, -0.5, -1.0000004, 1e9 + 0.5]


@pytest.mark.parametrize("seconds", EDGES)
def test_the_edges_of_rounding_are_written_as_the_standard_library_writes_them(seconds):
    assert iso(seconds) == standard(seconds)


def test_any_moment_is_written_as_the_standard_library_writes_it():
    rng = random.Random(7)
    moments = [rng.uniform(0, 4e9) for _ in range(20_000)]
    moments += [math.floor(m) + k / 1e6 for m in moments[:500] for k in (0, 499, 500, 999_999)]
    assert [iso(m) for m in moments] == [standard(m) for m in moments]


def test_no_time_is_none():
    assert iso(None) is None
