"""Amplification and growth: spectators share one rendering of their screen, a match and a
client get only so many sockets, and a long-running process forgets idle matches."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.server.process_helpers import Watcher
from tests.services import Server, TestClock, open_table, wait_for

from hacktable.server import housekeeping, presenter
from hacktable.server.app import create_app
from hacktable.server.broker import LocalBroker
from hacktable.server.clock import SystemClock
from hacktable.server.live import Caller
from hacktable.server.settings import Settings
from hacktable.server.table import Table
from hacktable.store import Store


def test_spectators_share_one_rendering(tmp_path, monkeypatch):
    renders: list[object] = []
    original = presenter.screen

    def counted(live, caller, now, *args, **kwargs):
        renders.append(caller.viewer)
        return original(live, caller, now, *args, **kwargs)

    monkeypatch.setattr(presenter, "screen", counted)
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}")
    with TestClient(create_app(settings)) as client:
        created = client.post("/api/matches", json={"game": "rexfurum", "seats": 4}).json()
        code = created["code"]
        for seat, name in enumerate(("Ann", "Bob", "Cyd", "Dee")):  # no bot moves meanwhile
            client.cookies.clear()
            client.post(f"/api/matches/{code}/join", json={"seat": seat, "name": name})
        client.cookies.clear()
        client.post(f"/api/matches/{code}/host/start",
                    headers={"Authorization": f"Bearer {created['host_token']}"})
        with contextlib.ExitStack() as stack:
            sockets = [stack.enter_context(client.websocket_connect(
                f"/api/matches/{code}/ws?format=json&patches=false")) for _ in range(12)]
            for socket in sockets:
                while socket.receive_json()["type"] != "screen":
                    pass
            renders.clear()
            client.post(f"/api/matches/{code}/host/extend", json={"seconds": 60},
                        headers={"Authorization": f"Bearer {created['host_token']}"})
            pushed = [_next_screen(socket) for socket in sockets]
            assert len({json.dumps(p["match"], sort_keys=True) for p in pushed}) == 1
            # twelve spectators, one rendering for all of them
            assert renders.count("spectator") == 1, renders


def _next_screen(socket) -> dict:
    while True:
        message = socket.receive_json()
        if message["type"] == "screen":
            return message


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("capped")
    process = Server(f"sqlite:///{folder / 'table.db'}", TestClock(folder / "clock"),
                     env={"HACKTABLE_MAX_SOCKETS_PER_MATCH": "6",
                          "HACKTABLE_MAX_SOCKETS_PER_CLIENT": "4"})
    process.start(timeout=60)
    yield process
    process.stop()


def test_sockets_are_capped_per_client_and_per_match(capped: Server):
    table = open_table(capped.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    with contextlib.ExitStack() as stack:
        for _ in range(4):
            stack.enter_context(Watcher(capped.url, table.code, table.tokens[0]))
        fifth = Watcher(capped.url, table.code, table.tokens[0])  # one too many: told why
        wait_for(lambda: fifth.socket.close_code == 4429, timeout=10)
        assert "Too many open screens" in (fifth.socket.close_reason or "")
        assert fifth.screens() == []
        fifth.close()
        # the table still answers everyone else
        assert table.seats[1].get(f"/api/matches/{table.code}/view").status_code == 200
    # once they close, the client may connect again
    wait_for(lambda: _connects(capped.url, table.code, table.tokens[0]), timeout=10)


def _connects(base: str, code: str, token: str) -> bool:
    """A socket that is pushed a screen (not one closed at once as one too many)."""
    with Watcher(base, code, token) as watcher:
        try:
            watcher.wait(lambda m: True, timeout=3)
            return True
        except AssertionError:
            return False


def test_idle_matches_leave_memory_and_come_back_whole(tmp_path):
    async def scenario() -> None:
        store = await Store.open(f"sqlite:///{tmp_path / 'db.sqlite'}")
        table = Table(store, LocalBroker(), SystemClock())
        codes = []
        for _ in range(30):
            record, _ = await table.room.create("rexfurum", 5, {},
                                           {i: "loyal" for i in range(1, 5)})
            await table.room.join(record.code, 0, "Ann")
            live = await table.matches.load(record.code)
            await table.host_controls.run(live, Caller("host"), "start")
            codes.append(record.code)
        views = {code: (await table.matches.load(code)).match.view(0) for code in codes}
        assert len(table.matches.held()) == 30
        assert housekeeping.evict_idle(table, 3600) == 0  # nobody is idle yet
        # the bots' first moves run in the background: on a busy machine they may not have
        # finished yet, and a match whose bots are acting is rightly kept (bounded wait)
        for _ in range(1200):
            if all(live.bots_task is None or live.bots_task.done()
                   for live in table.matches.held().values()):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.05)
        assert housekeeping.evict_idle(table, 0.01) == 30 and not table.matches.held()
        for code in codes:  # rebuilt from the store, the same as before
            assert (await table.matches.load(code)).match.view(0) == views[code]
        await table.close()
        await store.close()

    asyncio.run(scenario())
