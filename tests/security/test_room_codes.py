"""Room codes cannot be enumerated: a client that keeps asking for rooms that do not exist
is made to wait, so do clients that create match after match; and finished matches expire
(an option), so old codes stop answering and the database does not grow for ever."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest
from tests.services import Api, Server, TestClock, open_table, postgres_database

from hacktable.server import housekeeping
from hacktable.server.broker import LocalBroker
from hacktable.server.clock import OffsetClock
from hacktable.server.live import Caller
from hacktable.server.table import Table
from hacktable.store import Store


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("limited")
    process = Server(f"sqlite:///{folder / 'table.db'}", TestClock(folder / "clock"),
                     env={"HACKTABLE_LOOKUP_MISSES_PER_HOUR": "60",
                          "HACKTABLE_CREATES_PER_HOUR": "60", "HACKTABLE_RATE_BURST": "5"})
    process.start(timeout=60)
    yield process
    process.stop()


def elsewhere(base: str, address: str) -> Api:
    """A client from another address (any 127.x.y.z reaches loopback): another device."""
    api = Api(base)
    api.http = httpx.Client(base_url=base, timeout=15,
                            transport=httpx.HTTPTransport(local_address=address))
    return api


def test_guessing_room_codes_is_throttled(limited: Server):
    table = open_table(limited.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    guesser = elsewhere(limited.url, "127.0.0.2")
    statuses = [guesser.get(f"/api/matches/ZZZZZ{c}").status_code for c in "ABCDEFGH"]
    assert statuses[:5] == [404] * 5 and statuses[5:] == [429] * 3, statuses
    throttled = guesser.get(f"/api/matches/{table.code}")  # even a right guess now waits
    assert throttled.status_code == 429 and int(throttled.headers["retry-after"]) >= 1
    assert "check the code with the host" in throttled.json()["detail"]
    page = guesser.get("/m/ZZZZZZ")
    assert page.status_code == 429 and "try again in" in page.text
    # the table itself goes on for its players, who miss nothing
    assert table.seats[0].get(f"/api/matches/{table.code}/view").status_code == 200


def test_creating_matches_is_throttled(limited: Server):
    creator = elsewhere(limited.url, "127.0.0.3")
    body = {"game": "rexfurum", "seats": 5}
    statuses = [creator.post("/api/matches", body).status_code for _ in range(5)]
    statuses += [creator.post("/api/matches", body).status_code for _ in range(2)]
    assert statuses.count(201) <= 6 and statuses[-1] == 429, statuses
    assert "wait" in creator.post("/api/matches", body).json()["detail"]


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    else:
        with postgres_database() as database:
            yield database


def test_finished_and_abandoned_matches_expire(store_url: str, tmp_path):
    async def scenario() -> None:
        clock_file = tmp_path / "clock"
        clock_file.write_text("0")
        clock = OffsetClock(clock_file)
        store = await Store.open(store_url)
        table = Table(store, LocalBroker(), clock)
        names = ["Ann", "Bob", "Cyd", "Dee", "Eve"]
        codes = {}
        for label in ("over", "running", "lobby"):
            record, _ = await table.room.create("rexfurum", 5, {}, {})
            codes[label] = record.code
            if label != "lobby":
                for seat, name in enumerate(names):
                    await table.room.join(record.code, seat, name)
                live = await table.matches.load(record.code)
                await table.host_controls.run(live, Caller("host"), "start")
                if label == "over":
                    await table.host_controls.run(live, Caller("host"), "end")
        assert await housekeeping.expire(table, 30) == 0  # nothing is old yet
        clock_file.write_text(str(31 * 86400))
        assert await housekeeping.expire(table, 0) == 0  # 0 keeps every match
        assert await housekeeping.expire(table, 30) == 2
        assert await store.match_by_code(codes["over"]) is None
        assert await store.match_by_code(codes["lobby"]) is None
        running = await store.match_by_code(codes["running"])
        assert running is not None and running.status == "running"
        assert len(await store.entries(running.id)) >= 1
        await table.close()
        await store.close()

    asyncio.run(scenario())


def test_the_limits_have_defaults_and_the_environment_sets_them(monkeypatch):
    from hacktable.server.settings import Settings

    for name in ("HACKTABLE_LOOKUP_MISSES_PER_HOUR", "HACKTABLE_CREATES_PER_HOUR",
                 "HACKTABLE_RATE_BURST", "HACKTABLE_KEEP_DAYS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HACKTABLE_DATABASE_URL", "sqlite:///x.db")
    plain = Settings.from_env(database_url=None)
    assert (plain.lookup_misses_per_hour, plain.creates_per_hour, plain.rate_burst,
            plain.keep_days, plain.database_url) == (60, 60, 20, 30, "sqlite:///x.db")
    monkeypatch.setenv("HACKTABLE_KEEP_DAYS", "0")
    monkeypatch.setenv("HACKTABLE_RATE_BURST", "5")
    assert (Settings.from_env().keep_days, Settings.from_env().rate_burst) == (0, 5)
