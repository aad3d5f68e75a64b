"""A real server process on SQLite, shared by a module's tests (each opens its own match)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from tests.services import Server, TestClock


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("security")
    process = Server(f"sqlite:///{folder / 'table.db'}", TestClock(folder / "clock"))
    process.start(timeout=60)
    yield process
    process.stop()
    assert "Traceback" not in process.log(), process.log()


NEW_YEAR = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
INSTANTS = {
    "at one instant": (NEW_YEAR - 0.75, NEW_YEAR - 0.75),
    "across new year": (NEW_YEAR - 0.75, NEW_YEAR + 0.75),
}
"""When the first table and the second are dealt (the clock then stays at the second):
across new year, every time the tables show straddles a minute, and the dealing's own
times an hour, a day and a year too; a 20-minute round ends at 00:19:59 and 00:20:00."""


@pytest.fixture(params=INSTANTS)
def instants(request: pytest.FixtureRequest, table_server: Server
             ) -> Iterator[tuple[float, float]]:
    """The instants of `INSTANTS`; the server's clock goes on once the test is over."""
    yield INSTANTS[request.param]
    table_server.clock.go_on()
