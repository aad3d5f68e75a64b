"""Fixtures for the Scare-City rule tests (see helpers.py for `Table`)."""

from __future__ import annotations

import pytest

from .helpers import Table


@pytest.fixture
def table() -> type[Table]:
    """Factory: `table(players=2, **options)` builds a `Table` in round 1's claiming."""
    return Table
