"""Fixtures for the email gateway's tests: a database of each kind."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.mail.support import database


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> Iterator[str]:
    with database(request.param, tmp_path) as found:
        yield found


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'mail.db'}"
