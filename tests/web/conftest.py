"""Fixtures for the web tests (contexts are built in helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from hacktable.engine import Match
from hacktable.games import get_game

from .helpers import new_match


@pytest.fixture
def played() -> Match:
    """Two rounds resolved, round 3 open: letters, announcements and standings to show."""
    match = new_match()
    match.submit_text(0, "embezzle bob protect self")
    match.submit_text(1, "bribe 4000 gamma out cat")
    match.submit_text(2, "invest 5000 ann")
    match.close_phase()
    match.submit_text(0, "backstab dan")
    match.submit_text(3, "embezzle eve")
    match.close_phase()
    return match


@pytest.fixture
def rexfurum() -> Any:
    return get_game("rexfurum")

