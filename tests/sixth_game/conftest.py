"""Blind Bids is registered for this folder's tests only, and forgotten after them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.sixth_game.game import GAME

from hacktable.games import register, unregister


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    register(GAME)
    yield
    unregister(GAME.id)
