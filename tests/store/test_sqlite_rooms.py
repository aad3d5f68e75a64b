"""A room's writes on the SQLite writer thread (plain SQL) store exactly what SQLAlchemy's
path stores, refuse what it refuses, and go in turn with the moves."""

from __future__ import annotations

import asyncio

import pytest

from hacktable.engine.match import Entry
from hacktable.store import Conflict, Store

CLOCK = {"status": "running", "phase_key": "p", "deadline_at": None, "remaining": None}


async def _a_room(store: Store) -> tuple[object, ...]:
    """Every room write once, with what each answered and what the store then reads."""
    record = await store.create_match(
        code="ROOM1", game="rexfurum", options={"rounds": 3, "names": ["Zoë"]}, seed="s",
        host_token="host-hash", now=10.5, seats=4, bots={3: "greedy"}, bot_pace=1.5,
        referee=True, held={2: ("Kept", "kept-hash")})
    answers = [
        await store.claim_seat(record.id, 0, "Ann", "ann-hash", 11.0),
        await store.claim_seat(record.id, 0, "Bob", "bob-hash", 11.5),  # taken already
        await store.claim_seat(record.id, 2, "Bob", "bob-hash", 11.5),  # held, not open
        await store.take_held_seat(record.id, 2, "wrong-hash", "new-hash", 12.0),
        await store.take_held_seat(record.id, 2, "kept-hash", "new-hash", 12.0),
    ]
    await store.set_seat(record.id, 1, kind="bot", name="Robo", personality="cautious")
    with pytest.raises(Conflict):
        await store.create_match(code="ROOM1", game="rexfurum", options={}, seed="t",
                                 host_token="h", now=13.0, seats=2, bots={})
    await store.append(record.id, 0, [Entry(1, "host", None, {"do": "start"}, "t1")],
                       **CLOCK)
    return (answers, await store.match(record.id), await store.seats(record.id),
            await store.entries(record.id), await store.count_matches())


def test_room_writes_on_the_writer_thread_match_sqlalchemys(tmp_path):
    async def scenario(path: str, writer_thread: bool) -> tuple[object, ...]:
        store = await Store.open(path, writer_thread=writer_thread)
        assert (store._appender is not None) == writer_thread
        try:
            return await _a_room(store)
        finally:
            await store.close()

    threaded = asyncio.run(scenario(f"sqlite:///{tmp_path / 'a.db'}", True))
    plain = asyncio.run(scenario(f"sqlite:///{tmp_path / 'b.db'}", False))
    assert threaded == plain
    answers, record, seats, log, count = threaded
    assert answers == [True, False, False, False, True]
    assert (record.referee, record.bot_pace, record.options, record.seq) == (
        True, 1.5, {"rounds": 3, "names": ["Zoë"]}, 1)
    assert [(s.kind, s.name, s.personality, s.token) for s in seats] == [
        ("human", "Ann", None, "ann-hash"), ("bot", "Robo", "cautious", None),
        ("human", "Kept", None, "new-hash"), ("bot", None, "greedy", None)]
    assert [e.seq for e in log] == [1] and count == 1
