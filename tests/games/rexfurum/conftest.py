"""Fixtures for the Rex Furum rule tests (see helpers.py for `Table`)."""

from __future__ import annotations

import pytest

from .helpers import Table


@pytest.fixture
def table() -> type[Table]:
    """Factory: `table(jobs, money=None, **options)` builds a `Table`."""
    return Table
