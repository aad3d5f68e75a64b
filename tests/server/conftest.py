"""Fixtures: a real hacktable server process on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.server.helpers import Servers, shared_servers
from tests.services import Server, TestClock, postgres_database


@pytest.fixture
def clock(tmp_path) -> TestClock:
    return TestClock(tmp_path / "clock")


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'hacktable.db'}"
    else:
        with postgres_database() as url:
            yield url


@pytest.fixture
def server(database_url, clock) -> Iterator[Server]:
    process = Server(database_url, clock).start()
    yield process
    process.stop()


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """The session's shared server processes (see `shared_servers`), stopped when the
    session ends in whichever worker started them."""
    pool = shared_servers(tmp_path_factory)
    yield pool
    pool.close()
