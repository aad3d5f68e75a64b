"""The SQLite writer: one thread that owns a connection and commits groups of moves (and
the room's few writes: a match created, a seat taken).

A move's commit is the hottest write in the house. Through SQLAlchemy's async layer each
statement of a group commit is a hop to aiosqlite's thread and back, plus SQLAlchemy's
compilation: more processor time than the sync to disk. Here the whole group — the
`UPDATE … WHERE seq = :seen` per match, one `INSERT` for every entry, the snapshots, the
commit and its sync — is one hop to a thread that holds its own connection and plain
prepared statements. SQLAlchemy keeps the schema, every other query and PostgreSQL.
"""

from __future__ import annotations

import queue
import sqlite3
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson

from hacktable.engine.match import Entry
from hacktable.store.records import JsonText

BUSY_TIMEOUT_MS = 10_000
R = TypeVar("R")


@dataclass(frozen=True)
class GroupAppend:
    """One writer's append inside a group: move the match from `expected_seq` to `last`."""

    match_id: int
    expected_seq: int
    new: Sequence[Entry]
    clock: dict[str, Any]
    snapshot: tuple[int, Any] | None


class AppendClash(Exception):
    """An entry of the group already exists: the group must be retried one by one."""


_MOVE = ("UPDATE matches SET seq = ?, claimed_until = NULL, status = ?, phase_key = ?, "
         "deadline_at = ?, remaining = ? WHERE id = ? AND seq = ?")
_ENTRY = "INSERT INTO entries (match_id, seq, kind, seat, payload, at) VALUES (?, ?, ?, ?, ?, ?)"
_SNAPSHOT = "INSERT INTO snapshots (match_id, seq, state) VALUES (?, ?, ?)"


def _as_json(value: Any) -> str | None:
    """JSON text as SQLAlchemy's JSON type reads it back (json.loads), written by orjson:
    this thread holds the interpreter's lock while it encodes, and the standard encoder
    took several times longer, time the event loop could not run."""
    if value is None:
        return None
    if isinstance(value, JsonText):
        return str(value)
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class SqliteAppender:
    """A writer thread with its own connection; `submit` hands it a group, a future answers.

    The answer is one outcome per append: None (written) or False (its match had moved on:
    a conflict), or the future fails with `AppendClash` (retry one by one) or the
    database's own error. Nothing is acknowledged before the commit has synced."""

    def __init__(self, path: str) -> None:
        self._path = path
        self.commits = 0
        """Transactions committed so far: how many syncs the moves cost."""
        self._jobs: queue.SimpleQueue[tuple[Callable[[sqlite3.Connection], Any],
                                            Future[Any]] | None]
        self._jobs = queue.SimpleQueue()
        self._ready: Future[None] = Future()
        self._thread = threading.Thread(target=self._run, name="hacktable-sqlite-writer",
                                        daemon=True)
        self._thread.start()
        self._ready.result()  # a file that cannot be opened fails here, not on a move

    def submit(self, group: Sequence[GroupAppend]) -> Future[list[bool]]:
        done: Future[list[bool]] = Future()
        self._jobs.put((lambda connection: _commit(connection, group), done))
        return done

    def call(self, write: Callable[[sqlite3.Connection], R]) -> Future[R]:
        """Run `write(connection)` in a transaction of its own on the writer thread (a seat
        taken, a match created): plain SQL, in turn with the moves, committed and synced
        before the future answers; an exception rolls it back and goes to the waiter."""
        done: Future[R] = Future()
        self._jobs.put((lambda connection: _in_transaction(connection, write), done))
        return done

    def close(self) -> None:
        """Finish what was submitted, then close the connection."""
        if self._thread.is_alive():
            self._jobs.put(None)
            self._thread.join()

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self._path, isolation_level=None,
                                     check_same_thread=False)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON",
                       f"busy_timeout={BUSY_TIMEOUT_MS}"):
            connection.execute(f"PRAGMA {pragma}")
        return connection

    def _run(self) -> None:
        try:
            connection = self._connect()
        except BaseException as error:
            self._ready.set_exception(error)
            return
        self._ready.set_result(None)
        try:
            while (job := self._jobs.get()) is not None:
                work, done = job
                try:
                    result = work(connection)
                except BaseException as error:  # every failure goes to its waiter
                    done.set_exception(error)
                    continue
                self.commits += 1
                done.set_result(result)
        finally:
            connection.close()


def _in_transaction(connection: sqlite3.Connection,
                    write: Callable[[sqlite3.Connection], R]) -> R:
    connection.execute("BEGIN IMMEDIATE")
    try:
        result = write(connection)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return result


def _commit(connection: sqlite3.Connection, group: Sequence[GroupAppend]) -> list[bool]:
    """One transaction: each append moves its match only if the match is where its writer
    saw it; the entries of those that did go in together; one commit, one sync."""
    moved: list[bool] = []
    rows: list[tuple[Any, ...]] = []
    snapshots: list[tuple[Any, ...]] = []
    connection.execute("BEGIN IMMEDIATE")
    try:
        for append in group:
            last = append.new[-1].seq if append.new else append.expected_seq
            clock = append.clock
            cursor = connection.execute(_MOVE, (
                last, clock["status"], clock["phase_key"], clock["deadline_at"],
                clock["remaining"], append.match_id, append.expected_seq))
            if cursor.rowcount != 1:
                moved.append(False)
                continue
            moved.append(True)
            rows += [(append.match_id, entry.seq, entry.kind, entry.seat,
                      _as_json(entry.payload), entry.at) for entry in append.new]
            if append.snapshot is not None:
                snapshots.append((append.match_id, append.snapshot[0],
                                  _as_json(append.snapshot[1])))
        if rows:
            connection.executemany(_ENTRY, rows)
        if snapshots:
            connection.executemany(_SNAPSHOT, snapshots)
        connection.execute("COMMIT")
    except sqlite3.IntegrityError as error:
        connection.execute("ROLLBACK")
        raise AppendClash(str(error)) from error
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return moved
