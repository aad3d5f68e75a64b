"""The store: one async interface over SQLite and PostgreSQL.

Appends are optimistic: a batch of entries goes in only if the match is still at the
sequence number the caller saw (`Conflict` otherwise), so two processes that act at once
both land, one after the other, in an order every process agrees on.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import and_, event, func, insert, or_, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from hacktable.engine.match import Entry
from hacktable.store import schema, sqlite_rooms
from hacktable.store.migrate import upgrade
from hacktable.store.records import (
    BOT,
    CANCELLED,
    FINISHED,
    HELD,
    HUMAN,
    LOBBY,
    OPEN,
    RUNNING,
    JsonText,
    MatchRecord,
    SeatRecord,
)
from hacktable.store.sqlite_reader import ReaderBusy, SqliteReader
from hacktable.store.sqlite_writer import AppendClash, GroupAppend, SqliteAppender

if TYPE_CHECKING:  # the asyncio extension pulls in the ORM: loaded when first connected
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

DEFAULT_FILE = "hacktable.db"


MAX_GROUP = 256
"""The most appends committed in one transaction."""
R = TypeVar("R")


class Conflict(Exception):
    """Someone else wrote first: reload and try again."""


@dataclass
class _Append:
    """One writer's append, waiting to be committed with others (`done` says how it went)."""

    match_id: int
    expected_seq: int
    new: list[Entry]
    clock: dict[str, Any]
    snapshot: tuple[int, Any] | None
    done: asyncio.Future[None]


def database_url(url: str | None, data_dir: Path | None = None) -> str:
    """The URL to use: the one given, else an SQLite file under the user's data directory."""
    if url:
        return url
    if data_dir is None:
        from platformdirs import user_data_path

        data_dir = user_data_path("hacktable")
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir / DEFAULT_FILE}"


def _driver_urls(url: str) -> tuple[str, str]:
    """(async URL, sync URL) for a user-facing URL such as sqlite:///x or postgresql://…"""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return (str(parsed.set(drivername="sqlite+aiosqlite")),
                str(parsed.set(drivername="sqlite")))
    if backend == "postgresql":
        driver = parsed.set(drivername="postgresql+psycopg")
        return (driver.render_as_string(hide_password=False),
                driver.render_as_string(hide_password=False))
    raise ValueError(f"hacktable stores matches in SQLite or PostgreSQL, not {backend!r}.")


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # a move is acknowledged only once it is safe
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _sqlite_engine(async_url: str) -> AsyncEngine:
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(async_url)
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def _match(row: Any) -> MatchRecord:
    return MatchRecord(row.id, row.code, row.game, dict(row.options), row.seed, row.status,
                       row.host_token, row.created_at, row.seq, row.phase_key, row.deadline_at,
                       row.remaining, row.bot_pace, bool(row.referee),
                       bool(row.start_when_full))


def _seat(row: Any) -> SeatRecord:
    return SeatRecord(row.seat, row.name, row.kind, row.personality, row.token, row.joined_at)


class Store:
    """Matches, seats, the log, snapshots and deadlines, in one database."""

    def __init__(self, engine: AsyncEngine | Callable[[], AsyncEngine],
                 appender: SqliteAppender | None = None, reader: SqliteReader | None = None,
                 *, dialect: str | None = None) -> None:
        """`engine`, or (with `dialect`) what makes it when it is first used: on an SQLite
        file the writer thread and reader do most of the work, and a server answers its
        first requests without SQLAlchemy's asyncio extension (and the ORM it imports)."""
        if dialect is None:
            self._engine: AsyncEngine | None = engine  # type: ignore[assignment]
            self._make_engine: Callable[[], AsyncEngine] | None = None
            dialect = self._engine.dialect.name  # type: ignore[union-attr]
        else:
            self._engine = None
            self._make_engine = engine  # type: ignore[assignment]
        self._appender = appender  # SQLite files: moves are committed on its own thread
        self._reader = reader  # and records, seats and entries are read on the event loop
        self.dialect = dialect
        # SQLite has one writer at a time; queueing writes here avoids busy-waiting on it.
        self._write_lock = asyncio.Lock() if self.dialect == "sqlite" else None
        self._appends: list[_Append] = []
        self._committer: asyncio.Task[None] | None = None

    @property
    def engine(self) -> AsyncEngine:
        if self._engine is None:
            assert self._make_engine is not None
            self._engine = self._make_engine()
        return self._engine

    @classmethod
    async def open(cls, url: str, *, writer_thread: bool = True) -> Store:
        """Connect, creating or upgrading the schema first. On an SQLite file, moves are
        committed by a writer thread of the store's own unless `writer_thread` is False
        (the path through SQLAlchemy, kept for comparison)."""
        async_url, sync_url = _driver_urls(url)
        await asyncio.to_thread(upgrade, sync_url)
        if make_url(async_url).get_backend_name() == "sqlite":
            path = make_url(sync_url).database
            on_file = path if writer_thread and path and path != ":memory:" else None
            appender = SqliteAppender(on_file) if on_file else None
            reader = SqliteReader(on_file) if on_file else None
            return cls(lambda: _sqlite_engine(async_url), appender, reader, dialect="sqlite")
        from sqlalchemy.ext.asyncio import create_async_engine

        return cls(create_async_engine(async_url, pool_size=10, max_overflow=20))

    async def close(self) -> None:
        if self._committer is not None:  # what was asked to be written is written first
            with contextlib.suppress(Exception):
                await self._committer
        if self._appender is not None:
            await asyncio.to_thread(self._appender.close)
        if self._reader is not None:
            self._reader.close()
        if self._engine is not None:
            await self._engine.dispose()

    def _begin(self) -> _Writing:
        return _Writing(self)

    async def _on_writer(self, write: Callable[[sqlite3.Connection], R]) -> R:
        """`write` in a transaction of its own on the SQLite writer thread, in turn with
        this process's other writes."""
        assert self._appender is not None and self._write_lock is not None
        async with self._write_lock:
            return await asyncio.wrap_future(self._appender.call(write))

    # -- matches and seats --------------------------------------------------------------

    async def create_match(
        self, *, code: str, game: str, options: Mapping[str, Any], seed: str,
        host_token: str, now: float, seats: int, bots: Mapping[int, str],
        bot_pace: float | None = None, referee: bool = False,
        held: Mapping[int, tuple[str, str]] | None = None, start_when_full: bool = False,
        seated: Mapping[int, tuple[str, str]] | None = None,
    ) -> MatchRecord:
        """A new match in its lobby; `Conflict` if the room code is taken. `held`: seats
        kept for players of an earlier match, by seat: (name, their token's hash);
        `start_when_full`: it starts by itself once no seat is left open; `seated`: people
        who sit down as it is made (the host who plays), by seat: (name, token hash)."""
        held, seated = held or {}, seated or {}
        if self._appender is not None:
            match = {"code": code, "game": game, "options": options, "seed": seed,
                     "status": LOBBY, "host_token": host_token, "created_at": now,
                     "bot_pace": bot_pace, "referee": referee,
                     "start_when_full": start_when_full}
            rows: list[tuple[str, str | None, str | None, str | None, float | None]] = [
                (BOT, bots.get(seat), None, None, None) if seat in bots
                    else (HELD, None, *held[seat], None) if seat in held
                    else (HUMAN, None, *seated[seat], now) if seat in seated
                    else (OPEN, None, None, None, None) for seat in range(seats)]
            try:
                match_id = await self._on_writer(
                    lambda connection: sqlite_rooms.create_match(connection, match, rows))
            except sqlite3.IntegrityError as error:
                raise Conflict(f"room code {code} is taken") from error
            return await self.match(match_id)
        try:
            async with self._begin() as conn:
                result = await conn.execute(insert(schema.matches).values(
                    code=code, game=game, options=dict(options), seed=seed, status=LOBBY,
                    host_token=host_token, created_at=now, seq=0, bot_pace=bot_pace,
                    referee=referee, start_when_full=start_when_full,
                ).returning(schema.matches.c.id))
                match_id = result.scalar_one()
                people = {**held, **seated}
                await conn.execute(insert(schema.seats), [
                    {"match_id": match_id, "seat": seat,
                     "kind": BOT if seat in bots else HELD if seat in held
                     else HUMAN if seat in seated else OPEN,
                     "personality": bots.get(seat),
                     "name": people[seat][0] if seat in people else None,
                     "token": people[seat][1] if seat in people else None,
                     "joined_at": now if seat in seated else None}
                    for seat in range(seats)
                ])
        except IntegrityError as error:
            raise Conflict(f"room code {code} is taken") from error
        return await self.match(match_id)

    async def match(self, match_id: int) -> MatchRecord:
        if self._reader is not None:
            with contextlib.suppress(ReaderBusy):
                return self._reader.match(match_id)
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(schema.matches).where(schema.matches.c.id == match_id))).one()
        return _match(row)

    async def match_by_code(self, code: str) -> MatchRecord | None:
        if self._reader is not None:
            with contextlib.suppress(ReaderBusy):
                return self._reader.match_by_code(code)
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(schema.matches).where(schema.matches.c.code == code))).one_or_none()
        return None if row is None else _match(row)

    async def client_events(self, kind: str, client: str, since: float
                            ) -> tuple[int, float | None]:
        """How many `kind` events this client had since `since`, and the oldest's time."""
        e = schema.client_events
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(func.count(), func.min(e.c.at))
                .where(e.c.kind == kind, e.c.client == client, e.c.at >= since))).one()
        return int(row[0]), row[1]

    async def note_client_event(self, kind: str, client: str, now: float,
                                keep: float = 86400.0) -> None:
        """Remember one event of this client's; events older than `keep` go."""
        e = schema.client_events
        async with self._begin() as conn:
            await conn.execute(e.delete().where(e.c.at < now - keep))
            await conn.execute(insert(e).values(kind=kind, client=client[:64], at=now))

    async def rooms_by_codes(self, codes: Sequence[str]
                             ) -> dict[str, tuple[MatchRecord, list[SeatRecord]]]:
        """A handful of matches and their seats, by room code, in one indexed query: the
        front page asks the same of the store whether a code names a table or not."""
        m, s = schema.matches, schema.seats
        async with self.engine.connect() as conn:
            rows = (await conn.execute(
                select(m, s.c.seat, s.c.name, s.c.kind, s.c.personality,
                       s.c.token.label("seat_token"), s.c.joined_at)
                .select_from(m.outerjoin(s, s.c.match_id == m.c.id))
                .where(m.c.code.in_(sorted(set(codes))))
                .order_by(m.c.id, s.c.seat))).all()
        found: dict[str, tuple[MatchRecord, list[SeatRecord]]] = {}
        for row in rows:
            _, seats = found.setdefault(row.code, (_match(row), []))
            if row.seat is not None:
                seats.append(SeatRecord(row.seat, row.name, row.kind, row.personality,
                                        row.seat_token, row.joined_at))
        return found

    async def seats(self, match_id: int) -> list[SeatRecord]:
        if self._reader is not None:
            with contextlib.suppress(ReaderBusy):
                return self._reader.seats(match_id)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(schema.seats)
                                       .where(schema.seats.c.match_id == match_id)
                                       .order_by(schema.seats.c.seat))).all()
        return [_seat(row) for row in rows]

    async def claim_seat(self, match_id: int, seat: int, name: str, token: str,
                         now: float) -> bool:
        """Give an open seat to a person; False if it was no longer open."""
        if self._appender is not None:
            return await self._on_writer(lambda connection: sqlite_rooms.claim_seat(
                connection, match_id, seat, name, token, now))
        async with self._begin() as conn:
            result = await conn.execute(
                update(schema.seats)
                .where(schema.seats.c.match_id == match_id, schema.seats.c.seat == seat,
                       schema.seats.c.kind == OPEN)
                .values(kind=HUMAN, name=name, token=token, joined_at=now))
        return result.rowcount == 1

    async def take_held_seat(self, match_id: int, seat: int, held_by: str, token: str,
                             now: float) -> bool:
        """Give a held seat back to the player it was kept for (whose old token hashes to
        `held_by`) under a new token; False if it is no longer held for them."""
        if self._appender is not None:
            return await self._on_writer(lambda connection: sqlite_rooms.take_held_seat(
                connection, match_id, seat, held_by, token, now))
        async with self._begin() as conn:
            result = await conn.execute(
                update(schema.seats)
                .where(schema.seats.c.match_id == match_id, schema.seats.c.seat == seat,
                       schema.seats.c.kind == HELD, schema.seats.c.token == held_by)
                .values(kind=HUMAN, token=token, joined_at=now))
        return result.rowcount == 1

    async def set_seat(self, match_id: int, seat: int, *, kind: str, name: str | None,
                       personality: str | None, token: str | None = None) -> None:
        if self._appender is not None:
            await self._on_writer(lambda connection: sqlite_rooms.set_seat(
                connection, match_id, seat, kind, name, personality, token))
            return
        async with self._begin() as conn:
            await conn.execute(
                update(schema.seats)
                .where(schema.seats.c.match_id == match_id, schema.seats.c.seat == seat)
                .values(kind=kind, name=name, personality=personality, token=token))

    async def cancel_match(self, match_id: int) -> bool:
        """Cancel a match that never started and free its seats, in one transaction; False
        if it has started (or was cancelled) meanwhile, and then nothing changed."""
        if self._appender is not None:
            return await self._on_writer(lambda connection: sqlite_rooms.cancel_match(
                connection, match_id))
        m, s = schema.matches, schema.seats
        async with self._begin() as conn:
            result = await conn.execute(
                update(m).where(m.c.id == match_id, m.c.status == LOBBY, m.c.seq == 0)
                .values(status=CANCELLED, deadline_at=None))
            if result.rowcount != 1:
                return False
            await conn.execute(update(s).where(s.c.match_id == match_id).values(
                kind=OPEN, name=None, personality=None, token=None, joined_at=None))
        return True

    # -- the log ------------------------------------------------------------------------

    async def entries(self, match_id: int, after: int = 0) -> list[Entry]:
        if self._reader is not None:
            with contextlib.suppress(ReaderBusy):
                return self._reader.entries(match_id, after)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(
                select(schema.entries)
                .where(schema.entries.c.match_id == match_id, schema.entries.c.seq > after)
                .order_by(schema.entries.c.seq))).all()
        return [Entry(row.seq, row.kind, row.seat, row.payload, row.at) for row in rows]

    async def append(
        self, match_id: int, expected_seq: int, new: Sequence[Entry], *, status: str,
        phase_key: str | None, deadline_at: float | None, remaining: float | None,
        snapshot: tuple[int, Any] | None = None,
    ) -> None:
        """Append entries and move the match's clock, atomically, if the match is still at
        `expected_seq`; raise `Conflict` if another writer got there first.

        Returns only once the entries are durable. On SQLite, appends that arrive while
        another is being committed wait and go in together, in one transaction and one
        sync to disk (group commit): SQLite has one writer and a sync costs milliseconds,
        so committing moves one by one capped the table at a few hundred a second."""
        request = _Append(match_id, expected_seq, list(new), {
            "status": status, "phase_key": phase_key, "deadline_at": deadline_at,
            "remaining": remaining}, snapshot, asyncio.get_running_loop().create_future())
        if self._write_lock is None:  # PostgreSQL: concurrent transactions, synced together
            failed = await self._append_batch([request])
            if failed[0] is not None:
                raise failed[0]
            return
        self._appends.append(request)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_appends())
        await request.done

    async def _commit_appends(self) -> None:
        """Commit what is queued, in batches, until nothing is."""
        while self._appends:
            batch = self._appends[:MAX_GROUP]
            del self._appends[:MAX_GROUP]
            try:
                try:
                    outcomes = await self._append_batch(batch)
                except (IntegrityError, AppendClash):  # one clashed: the others must not pay
                    outcomes = [(await self._append_batch([request]))[0]
                                for request in batch]
            except BaseException as error:  # the store failed: every waiter hears it
                for request in batch:
                    if not request.done.done():
                        request.done.set_exception(error)
                if isinstance(error, asyncio.CancelledError):
                    raise
                continue
            for request, outcome in zip(batch, outcomes, strict=True):
                if request.done.done():  # its caller gave up; what was written stays
                    continue
                if outcome is None:
                    request.done.set_result(None)
                else:
                    request.done.set_exception(outcome)

    async def _append_batch(self, batch: Sequence[_Append]) -> list[Exception | None]:
        """One transaction for these appends (on the writer thread where there is one)."""
        if self._appender is None:
            return await self._append_batch_here(batch)
        group = [GroupAppend(request.match_id, request.expected_seq, request.new,
                             request.clock, request.snapshot) for request in batch]
        assert self._write_lock is not None
        try:
            async with self._write_lock:
                moved = await asyncio.wrap_future(self._appender.submit(group))
        except AppendClash:
            if len(batch) > 1:
                raise
            return [Conflict(f"match {batch[0].match_id}: entry {batch[0].expected_seq + 1} "
                             "exists")]
        return [None if ok else Conflict(f"match {request.match_id} moved past "
                                         f"{request.expected_seq}")
                for request, ok in zip(batch, moved, strict=True)]

    async def _append_batch_here(self, batch: Sequence[_Append]) -> list[Exception | None]:
        """One transaction for these appends: each moves its match only if the match is
        still where its writer saw it, and the others go in regardless."""
        m = schema.matches
        outcomes: list[Exception | None] = []
        rows: list[dict[str, Any]] = []
        snapshots: list[dict[str, Any]] = []
        try:
            async with self._begin() as conn:
                for request in batch:
                    last = request.new[-1].seq if request.new else request.expected_seq
                    result = await conn.execute(
                        update(m).where(m.c.id == request.match_id,
                                        m.c.seq == request.expected_seq)
                        .values(seq=last, claimed_until=None, **request.clock))
                    if result.rowcount != 1:
                        outcomes.append(Conflict(f"match {request.match_id} moved past "
                                                 f"{request.expected_seq}"))
                        continue
                    outcomes.append(None)
                    rows += [{"match_id": request.match_id, "seq": entry.seq,
                              "kind": entry.kind, "seat": entry.seat,
                              "payload": entry.payload, "at": entry.at}
                             for entry in request.new]
                    if request.snapshot is not None:
                        snapshots.append({"match_id": request.match_id,
                                          "seq": request.snapshot[0],
                                          "state": _decoded(request.snapshot[1])})
                if rows:
                    await conn.execute(insert(schema.entries), rows)
                if snapshots:
                    await conn.execute(insert(schema.snapshots), snapshots)
        except IntegrityError:
            if len(batch) > 1:
                raise
            return [Conflict(f"match {batch[0].match_id}: entry {batch[0].expected_seq + 1} "
                             "exists")]
        return outcomes

    async def latest_snapshot(self, match_id: int) -> tuple[int, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(schema.snapshots.c.seq, schema.snapshots.c.state)
                .where(schema.snapshots.c.match_id == match_id)
                .order_by(schema.snapshots.c.seq.desc()).limit(1))).one_or_none()
        return None if row is None else (row.seq, row.state)

    # -- deadlines ----------------------------------------------------------------------

    async def claim_due(self, now: float, lease: float, limit: int = 50) -> list[int]:
        """Matches whose deadline has passed and that no other process is firing.

        The claim only spreads the work: firing appends a timeout entry at the sequence
        number the match had, so even a claim that lapsed cannot fire a deadline twice.
        """
        if self._appender is not None:
            return await self._on_writer(lambda connection: sqlite_rooms.claim_due(
                connection, now, lease, limit))
        m = schema.matches
        due = and_(m.c.status == RUNNING, m.c.deadline_at <= now,
                   or_(m.c.claimed_until.is_(None), m.c.claimed_until < now))
        async with self._begin() as conn:
            picked = select(m.c.id).where(due).order_by(m.c.deadline_at).limit(limit)
            if self.dialect == "postgresql":
                picked = picked.with_for_update(skip_locked=True)
            ids = list((await conn.execute(picked)).scalars())
            if ids:
                await conn.execute(update(m).where(m.c.id.in_(ids))
                                   .values(claimed_until=now + lease))
        return ids

    async def next_deadline(self) -> float | None:
        """The earliest running deadline, so the scheduler can sleep until then."""
        if self._reader is not None:
            with contextlib.suppress(ReaderBusy):
                return self._reader.next_deadline(RUNNING)
        m = schema.matches
        async with self.engine.connect() as conn:
            earliest: float | None = (await conn.execute(
                select(func.min(m.c.deadline_at)).where(m.c.status == RUNNING))).scalar()
            return earliest

    async def seqs(self, match_ids: Sequence[int]) -> dict[int, int]:
        """Where each of these matches stands, in one query."""
        m = schema.matches
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(m.c.id, m.c.seq).where(m.c.id.in_(match_ids))))
            return {row.id: row.seq for row in rows}

    async def expire(self, created_before: float) -> list[int]:
        """Remove matches created before this time that are over or were never started
        (their seats, log, snapshots and mail go with them); running and paused matches
        stay. Returns the ids removed."""
        m = schema.matches
        done = or_(m.c.status.in_(FINISHED), m.c.status == LOBBY)
        async with self._begin() as conn:
            ids = [row.id for row in await conn.execute(
                select(m.c.id).where(and_(m.c.created_at < created_before, done)))]
            if ids:
                for table in (schema.snapshots, schema.entries, schema.seats,
                              schema.mail_seats, schema.messages):
                    await conn.execute(table.delete().where(table.c.match_id.in_(ids)))
                await conn.execute(m.delete().where(m.c.id.in_(ids)))
        return ids

    async def count_matches(self) -> int:
        async with self.engine.connect() as conn:
            return (await conn.execute(select(func.count()).select_from(schema.matches))
                    ).scalar_one()


def _decoded(value: Any) -> Any:
    """SQLAlchemy's JSON types encode what they are given: JSON text is given decoded."""
    return value.value() if isinstance(value, JsonText) else value


class _Writing:
    """A write transaction; on SQLite, one at a time per process."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._conn: AsyncConnection | None = None
        self._context: Any = None

    async def __aenter__(self) -> AsyncConnection:
        if self.store._write_lock is not None:
            await self.store._write_lock.acquire()
        try:
            self._context = self.store.engine.begin()
            self._conn = await self._context.__aenter__()
        except BaseException:
            if self.store._write_lock is not None:
                self.store._write_lock.release()
            raise
        return self._conn

    async def __aexit__(self, *exc: Any) -> None:
        try:
            await self._context.__aexit__(*exc)
        finally:
            if self.store._write_lock is not None:
                self.store._write_lock.release()


def entries_json(entries: Iterable[Entry]) -> list[dict[str, Any]]:
    return [entry.to_json() for entry in entries]
