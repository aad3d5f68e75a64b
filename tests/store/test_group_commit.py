"""Group commit on SQLite: appends that arrive together share one transaction and one sync,
and each still lands or fails on its own (a clash costs only its writer)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from sqlalchemy import event

from hacktable.engine.match import Entry
from hacktable.store import Conflict, Store, schema

CLOCK = {"status": "running", "phase_key": "p", "deadline_at": None, "remaining": None}


def _entry(seq: int) -> Entry:
    return Entry(seq, "action", 0, {"n": seq}, f"t{seq}")


async def _matches(store: Store, count: int) -> list[int]:
    return [(await store.create_match(code=f"G{n:05d}", game="rexfurum", options={},
                                      seed="s", host_token="h", now=1.0, seats=2,
                                      bots={})).id for n in range(count)]


def _count_commits(store: Store) -> Callable[[], int]:
    """Commits from now on: the SQLite writer thread's, else SQLAlchemy's."""
    appender = store._appender
    if appender is not None:
        start = appender.commits
        return lambda: appender.commits - start
    commits = [0]

    @event.listens_for(store.engine.sync_engine, "commit")
    def counted(_connection: object) -> None:
        commits[0] += 1

    return lambda: commits[0]


def test_moves_that_arrive_together_are_committed_together_and_all_land(tmp_path):
    async def scenario():
        store = await Store.open(f"sqlite:///{tmp_path / 'g.db'}")
        ids = await _matches(store, 40)
        commits = _count_commits(store)
        await asyncio.gather(*(store.append(i, 0, [_entry(1), _entry(2)], **CLOCK)
                               for i in ids))
        grouped = commits()
        records = [await store.match(i) for i in ids]
        logs = [await store.entries(i) for i in ids]
        await store.close()
        return grouped, records, logs

    grouped, records, logs = asyncio.run(scenario())
    assert grouped < 40  # forty appends, far fewer syncs
    assert all(r.seq == 2 and r.status == "running" for r in records)
    assert all([e.seq for e in log] == [1, 2] for log in logs)


def test_a_stale_append_in_a_group_is_refused_and_the_others_land(tmp_path):
    async def scenario():
        store = await Store.open(f"sqlite:///{tmp_path / 'g.db'}")
        first, second = await _matches(store, 2)
        results = await asyncio.gather(
            store.append(first, 0, [_entry(1)], **CLOCK),
            store.append(first, 0, [_entry(1)], **CLOCK),  # wrote from the same old seq
            store.append(second, 0, [_entry(1)], **CLOCK),
            return_exceptions=True)
        seqs = [(await store.match(i)).seq for i in (first, second)]
        await store.close()
        return results, seqs

    results, seqs = asyncio.run(scenario())
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Conflict)
    assert seqs == [1, 1]


def test_an_entry_that_clashes_costs_only_its_own_append(tmp_path):
    """An entry already stored at that number (a store another writer got at) fails the
    whole transaction: the group is then committed append by append."""
    async def scenario():
        store = await Store.open(f"sqlite:///{tmp_path / 'g.db'}")
        clashing, fine = await _matches(store, 2)
        await store.append(clashing, 0, [_entry(1)], **CLOCK)
        async with store.engine.begin() as conn:  # the match's seq goes back; entry 1 stays
            await conn.execute(schema.matches.update().where(schema.matches.c.id == clashing)
                               .values(seq=0))
        results = await asyncio.gather(
            store.append(clashing, 0, [_entry(1)], **CLOCK),
            store.append(fine, 0, [_entry(1), _entry(2)], **CLOCK),
            return_exceptions=True)
        fine_log = await store.entries(fine)
        await store.close()
        return results, fine_log

    results, fine_log = asyncio.run(scenario())
    assert isinstance(results[0], Conflict)
    assert results[1] is None
    assert [e.seq for e in fine_log] == [1, 2]


def test_a_writer_that_gives_up_waiting_does_not_stop_the_others(tmp_path):
    async def scenario():
        store = await Store.open(f"sqlite:///{tmp_path / 'g.db'}")
        first, second = await _matches(store, 2)
        gone = asyncio.create_task(store.append(first, 0, [_entry(1)], **CLOCK))
        kept = asyncio.create_task(store.append(second, 0, [_entry(1)], **CLOCK))
        await asyncio.sleep(0)
        gone.cancel()
        await asyncio.gather(gone, kept, return_exceptions=True)
        seqs = [(await store.match(i)).seq for i in (first, second)]
        await store.close()
        return kept.result(), seqs

    kept, seqs = asyncio.run(scenario())
    assert kept is None
    assert seqs[1] == 1 and seqs[0] in (0, 1)  # the one given up on may or may not be in


def test_the_writer_thread_stores_what_the_store_reads_back(tmp_path):
    """Moves go through the SQLite writer thread; every field, the payload's JSON and a
    snapshot included, reads back as it was given."""
    payload = {"order": "embezzle Élodie", "amounts": [1, 2.5, None], "ok": True}
    state = {"round": 3, "hands": {"0": ["a"], "1": []}}

    async def scenario():
        store = await Store.open(f"sqlite:///{tmp_path / 'w.db'}")
        [match] = await _matches(store, 1)
        commits = _count_commits(store)
        await store.append(match, 0, [Entry(1, "action", 1, payload, "2026-01-01T00:00:00"),
                                      Entry(2, "timeout", None, None, None)],
                           status="running", phase_key="round-3", deadline_at=12.5,
                           remaining=None, snapshot=(2, state))
        used_thread = store._appender is not None and commits() == 1
        record, log = await store.match(match), await store.entries(match)
        snapshot = await store.latest_snapshot(match)
        await store.close()
        return used_thread, record, log, snapshot

    used_thread, record, log, snapshot = asyncio.run(scenario())
    assert used_thread
    assert (record.seq, record.phase_key, record.deadline_at) == (2, "round-3", 12.5)
    assert log == [Entry(1, "action", 1, payload, "2026-01-01T00:00:00"),
                   Entry(2, "timeout", None, None, None)]
    assert snapshot == (2, state)
