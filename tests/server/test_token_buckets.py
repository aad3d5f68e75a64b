"""The token buckets behind the move and request limits (`server/limits.py`)."""

from __future__ import annotations

import pytest

from hacktable.server.limits import TokenBuckets


def test_take_spends_a_saved_token_and_refuses_without_spending_once_none_is_left() -> None:
    now = [0.0]
    buckets = TokenBuckets(per_hour=3600, burst=3, now=lambda: now[0])  # one a second
    assert [buckets.take("seat") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("seat") == pytest.approx(1.0)
    assert buckets.take("seat") == pytest.approx(1.0)  # refusing spent nothing
    assert buckets.take("another seat") == 0.0  # each key has its own
    now[0] = 1.0
    assert buckets.take("seat") == 0.0
    assert buckets.wait("seat") == pytest.approx(1.0)


def test_take_at_no_limit_always_lets_go() -> None:
    buckets = TokenBuckets(per_hour=0, burst=1)
    assert all(buckets.take("seat") == 0.0 for _ in range(100))
