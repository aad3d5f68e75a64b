"""The store on real SQLite and PostgreSQL: appends are all-or-nothing and ordered."""

from __future__ import annotations

import asyncio

import pytest
from tests.services import postgres_database

from hacktable.engine.match import Entry
from hacktable.store import Conflict, Store
from hacktable.store.records import JsonText


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    else:
        with postgres_database() as database:
            yield database


def run(coroutine):
    return asyncio.run(coroutine)


async def _new(store: Store, code: str = "ABCDEF", seats: int = 4):
    return await store.create_match(code=code, game="rexfurum", options={"rounds": 3},
                                    seed="s", host_token="h", now=1.0, seats=seats,
                                    bots={3: "loyal"})


def _entry(seq: int, kind: str = "action", seat: int | None = 0) -> Entry:
    return Entry(seq, kind, seat, {"n": seq}, f"t{seq}")


def test_a_new_match_waits_in_its_lobby_with_open_seats_and_bots(url):
    async def scenario():
        store = await Store.open(url)
        match = await _new(store)
        seats = await store.seats(match.id)
        await store.close()
        return match, seats

    match, seats = run(scenario())
    assert match.status == "lobby" and match.seq == 0
    assert [s.kind for s in seats] == ["open", "open", "open", "bot"]
    assert seats[3].personality == "loyal"


def test_room_codes_are_unique(url):
    async def scenario():
        store = await Store.open(url)
        await _new(store)
        try:
            with pytest.raises(Conflict):
                await _new(store)
        finally:
            await store.close()

    run(scenario())


def test_a_seat_is_claimed_once(url):
    async def scenario():
        store = await Store.open(url)
        match = await _new(store)
        first = await store.claim_seat(match.id, 0, "Ann", "hash1", 2.0)
        second = await store.claim_seat(match.id, 0, "Bob", "hash2", 2.0)
        seats = await store.seats(match.id)
        await store.close()
        return first, second, seats[0]

    first, second, seat = run(scenario())
    assert (first, second) == (True, False)
    assert (seat.name, seat.kind, seat.token) == ("Ann", "human", "hash1")


def test_an_append_lands_only_at_the_sequence_number_it_expected(url):
    async def scenario():
        store = await Store.open(url)
        match = await _new(store)
        clock = {"status": "running", "phase_key": "round 1", "deadline_at": 100.0,
                 "remaining": None}
        await store.append(match.id, 0, [_entry(1), _entry(2)], **clock)
        with pytest.raises(Conflict):  # a second writer that also saw seq 0
            await store.append(match.id, 0, [_entry(1, seat=1)], **clock)
        await store.append(match.id, 2, [_entry(3)], **clock)
        entries = await store.entries(match.id)
        after = await store.entries(match.id, after=2)
        record = await store.match(match.id)
        await store.close()
        return entries, after, record

    entries, after, record = run(scenario())
    assert [(e.seq, e.seat, e.payload) for e in entries] == [
        (1, 0, {"n": 1}), (2, 0, {"n": 2}), (3, 0, {"n": 3})]
    assert [e.seq for e in after] == [3]
    assert record.seq == 3 and record.deadline_at == 100.0


def test_racing_writers_both_land_one_after_the_other(url):
    """Two writers that retry on conflict, as the server does: every entry lands once."""

    async def writer(store: Store, match_id: int, seat: int, count: int) -> None:
        done = 0
        while done < count:
            record = await store.match(match_id)
            try:
                await store.append(match_id, record.seq, [_entry(record.seq + 1, seat=seat)],
                                   status="running", phase_key="p", deadline_at=None,
                                   remaining=None)
                done += 1
            except Conflict:
                await asyncio.sleep(0)

    async def scenario():
        stores = [await Store.open(url), await Store.open(url)]
        match = await _new(stores[0])
        await asyncio.gather(writer(stores[0], match.id, 0, 15), writer(stores[1], match.id, 1, 15))
        entries = await stores[0].entries(match.id)
        for store in stores:
            await store.close()
        return entries

    entries = run(scenario())
    assert [e.seq for e in entries] == list(range(1, 31))
    assert sorted(e.seat for e in entries) == [0] * 15 + [1] * 15


def test_a_due_deadline_is_claimed_by_one_process_at_a_time(url):
    async def scenario():
        stores = [await Store.open(url), await Store.open(url)]
        match = await _new(stores[0])
        await stores[0].append(match.id, 0, [_entry(1)], status="running", phase_key="r1",
                               deadline_at=50.0, remaining=None)
        early = await stores[0].claim_due(now=49.0, lease=30)
        first = await stores[0].claim_due(now=51.0, lease=30)
        second = await stores[1].claim_due(now=52.0, lease=30)
        lapsed = await stores[1].claim_due(now=90.0, lease=30)  # the first claimer died
        for store in stores:
            await store.close()
        return early, first, second, lapsed, match.id

    early, first, second, lapsed, match_id = run(scenario())
    assert early == [] and first == [match_id] and second == [] and lapsed == [match_id]


def test_paused_and_finished_matches_have_no_due_deadline(url):
    async def scenario():
        store = await Store.open(url)
        match = await _new(store)
        await store.append(match.id, 0, [_entry(1)], status="paused", phase_key="r1",
                           deadline_at=None, remaining=30.0)
        due = await store.claim_due(now=10_000.0, lease=30)
        await store.close()
        return due

    assert run(scenario()) == []


def test_snapshots_are_stored_with_the_append(url):
    async def scenario():
        store = await Store.open(url)
        match = await _new(store)
        await store.append(match.id, 0, [_entry(1)], status="running", phase_key="r1",
                           deadline_at=None, remaining=None, snapshot=(1, {"round": 1}))
        first = await store.latest_snapshot(match.id)
        # The server encodes a snapshot the moment it takes it (the state moves on)
        await store.append(match.id, 1, [_entry(2)], status="running", phase_key="r1",
                           deadline_at=None, remaining=None,
                           snapshot=(2, JsonText('{"round":2,"hands":{"0":[1,2]}}')))
        second = await store.latest_snapshot(match.id)
        await store.close()
        return first, second

    assert run(scenario()) == ((1, {"round": 1}), (2, {"round": 2, "hands": {"0": [1, 2]}}))


def test_opening_twice_runs_the_migrations_once(url):
    async def scenario():
        first = await Store.open(url)
        await _new(first)
        await first.close()
        second = await Store.open(url)
        count = await second.count_matches()
        await second.close()
        return count

    assert run(scenario()) == 1


def test_the_migrations_build_exactly_the_tables_the_code_uses(url):
    """schema.py (what the code queries) and the Alembic migrations (what builds the
    database) must not drift apart."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy import create_engine

    from hacktable.store.migrate import upgrade
    from hacktable.store.schema import metadata
    from hacktable.store.store import _driver_urls

    sync_url = _driver_urls(url)[1]
    upgrade(sync_url)
    engine = create_engine(sync_url)
    with engine.connect() as connection:
        drift = compare_metadata(MigrationContext.configure(connection), metadata)
    engine.dispose()
    assert drift == []
