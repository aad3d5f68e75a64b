"""The SQLite reader answers the hot reads on the event loop: it must give exactly what the
SQLAlchemy path gives and see every commit at once."""

from __future__ import annotations

import asyncio
import sqlite3

from hacktable.engine.match import Entry
from hacktable.store import Store


async def _match_with_a_log(store: Store) -> int:
    record = await store.create_match(code="READ1", game="rexfurum",
                                      options={"rounds": 4, "names": ["Élodie"]}, seed="s",
                                      host_token="h", now=1.5, seats=3, bots={2: "greedy"},
                                      referee=True)
    await store.claim_seat(record.id, 0, "Ann", "hash-of-ann", 2.25)
    await store.append(record.id, 0, [
        Entry(1, "host", None, {"do": "start"}, "2026-01-01T00:00:00"),
        Entry(2, "action", 0, {"order": "embezzle Élodie", "n": [1, 2.5, None]}, "t2"),
        Entry(3, "timeout", None, None, None)],
        status="running", phase_key="round-1", deadline_at=99.5, remaining=None)
    return record.id


async def _everything(store: Store, match_id: int) -> tuple[object, ...]:
    return (await store.match(match_id), await store.match_by_code("READ1"),
            await store.match_by_code("NOPE1"), await store.seats(match_id),
            await store.entries(match_id), await store.entries(match_id, after=2))


def test_the_reader_reads_what_sqlalchemy_reads(tmp_path):
    """A record, its seats and its log read the same on the event loop and through
    SQLAlchemy (a store opened without the writer thread reads only that way)."""
    path = f"sqlite:///{tmp_path / 'r.db'}"

    async def scenario():
        fast = await Store.open(path)
        match_id = await _match_with_a_log(fast)
        assert fast._reader is not None
        slow = await Store.open(path, writer_thread=False)
        assert slow._reader is None
        seen = await _everything(fast, match_id), await _everything(slow, match_id)
        await fast.close()
        await slow.close()
        return seen

    fast, slow = asyncio.run(scenario())
    assert fast == slow
    record, by_code, missing, seats, log, later = fast
    assert record == by_code and missing is None
    assert (record.referee, record.options, record.deadline_at) == (
        True, {"rounds": 4, "names": ["Élodie"]}, 99.5)
    assert [(s.kind, s.name, s.personality) for s in seats] == [
        ("human", "Ann", None), ("open", None, None), ("bot", None, "greedy")]
    assert [e.seq for e in log] == [1, 2, 3] and [e.seq for e in later] == [3]
    assert log[2].payload is None


def test_the_reader_sees_every_commit_at_once(tmp_path):
    """Another process's commit (here: another connection to the file) is read by the very
    next read: the reader holds no transaction open between reads."""
    file = tmp_path / "fresh.db"

    async def scenario():
        store = await Store.open(f"sqlite:///{file}")
        match_id = await _match_with_a_log(store)
        before = await store.match(match_id)
        other = sqlite3.connect(file, isolation_level=None)
        other.execute("UPDATE matches SET phase_key = 'round-2', seq = 7 WHERE id = ?",
                      (match_id,))
        other.execute("UPDATE seats SET name = 'Bea', kind = 'human' WHERE match_id = ? "
                      "AND seat = 1", (match_id,))
        other.close()
        after, seats = await store.match(match_id), await store.seats(match_id)
        await store.close()
        return before, after, seats

    before, after, seats = asyncio.run(scenario())
    assert (before.phase_key, before.seq) == ("round-1", 3)
    assert (after.phase_key, after.seq) == ("round-2", 7)
    assert seats[1].name == "Bea"
