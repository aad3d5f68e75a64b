"""A real server process on SQLite, shared by a module's tests (each opens its own match)."""

from __future__ import annotations

from collections.abc import Iterator

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
