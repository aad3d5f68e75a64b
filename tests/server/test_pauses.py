"""The pause log: a server's late wake-ups and the collector's longer passes, a line each."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

from fastapi.testclient import TestClient

from hacktable.server.app import create_app
from hacktable.server.pauses import PauseLog, read_pauses
from hacktable.server.settings import Settings


def _logged(path: Path, scenario) -> list[dict]:
    async def run() -> None:
        pauses = PauseLog(path)
        pauses.start()
        try:
            await asyncio.sleep(0.02)  # the watcher is asleep, waiting for its tick
            await scenario()
        finally:
            await pauses.stop()

    asyncio.run(run())
    return read_pauses(path)


def test_a_loop_held_by_a_long_step_is_noted_late_by_about_as_long(tmp_path: Path) -> None:
    async def hold() -> None:
        time.sleep(0.1)  # a step that never lets the loop run
        await asyncio.sleep(0.02)

    lines = _logged(tmp_path / "pauses.jsonl", hold)
    late = [line for line in lines if line["kind"] == "late"]
    assert late, lines
    assert max(line["ms"] for line in late) >= 90  # asked for 5 ms, held for 100


def test_full_passes_are_noted_and_young_ones_are_not(tmp_path: Path) -> None:
    async def collect() -> None:
        gc.collect(0)
        gc.collect(2)

    lines = _logged(tmp_path / "pauses.jsonl", collect)
    passes = [line for line in lines if line["kind"] == "collect"]
    generations = [line["generation"] for line in passes]  # (a middle pass may come too)
    assert 2 in generations and 0 not in generations, passes
    assert all(line["ms"] >= 0 for line in passes)


def test_stopping_leaves_the_collector_as_it_was(tmp_path: Path) -> None:
    before = list(gc.callbacks)

    async def nothing() -> None:
        return None

    _logged(tmp_path / "pauses.jsonl", nothing)
    assert gc.callbacks == before


def test_lines_are_read_back_within_a_window(tmp_path: Path) -> None:
    path = tmp_path / "pauses.jsonl"
    path.write_text('{"kind": "late", "at": 1.0, "ms": 30.0}\n'
                    '{"kind": "collect", "generation": 1, "at": 2.0, "ms": 40.0}\n'
                    '{"kind": "late", "at": 3.0, "ms": 25.0}\n')
    assert [line["at"] for line in read_pauses(path, since=1.5, until=3.0)] == [2.0]
    assert len(read_pauses(path)) == 3
    assert read_pauses(tmp_path / "none.jsonl") == []


def test_the_server_keeps_a_pause_log_only_when_asked(tmp_path: Path) -> None:
    asked = tmp_path / "asked.jsonl"
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}", pause_log=asked)
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/games").status_code == 200
        assert any(isinstance(getattr(callback, "__self__", None), PauseLog)
                   for callback in gc.callbacks)
        client.portal.call(_hold_the_loop)
    assert any(line["kind"] == "late" for line in read_pauses(asked))
    plain = Settings(database_url=f"sqlite:///{tmp_path / 'db2.sqlite'}")
    assert plain.pause_log is None
    with TestClient(create_app(plain)) as client:
        assert client.get("/api/games").status_code == 200
        assert not any(isinstance(getattr(callback, "__self__", None), PauseLog)
                       for callback in gc.callbacks)


async def _hold_the_loop() -> None:
    await asyncio.sleep(0.02)
    time.sleep(0.1)
    await asyncio.sleep(0.02)
