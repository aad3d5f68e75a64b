"""The SQLite reader: the store's hottest reads, answered on the event loop itself.

Setting up a match reads its record and seats a dozen times (the room code, every join,
the start, every socket). Through SQLAlchemy's async layer each read is a statement
compiled, a hop to aiosqlite's thread and back, and rows turned into objects: about ten
times what SQLite itself spends on a lookup by key. In WAL mode a reader neither waits for
the writer nor blocks it, so these reads run right here on a connection of their own, in
plain prepared SQL. Should the file ever be busy (a rare recovery), the read says so
(`ReaderBusy`) and the store asks through SQLAlchemy instead, which waits its turn on its
own thread.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from sqlalchemy.exc import NoResultFound

from hacktable.engine.match import Entry
from hacktable.store.records import MatchRecord, SeatRecord

_MATCH_COLUMNS = ("id, code, game, options, seed, status, host_token, created_at, seq, "
                  "phase_key, deadline_at, remaining, bot_pace, referee, start_when_full")
_MATCH = f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?"
_MATCH_BY_CODE = f"SELECT {_MATCH_COLUMNS} FROM matches WHERE code = ?"
_SEATS = ("SELECT seat, name, kind, personality, token, joined_at FROM seats "
          "WHERE match_id = ? ORDER BY seat")
_ENTRIES = ("SELECT seq, kind, seat, payload, at FROM entries WHERE match_id = ? AND seq > ? "
            "ORDER BY seq")


class ReaderBusy(Exception):
    """The file could not be read at once: ask through the slower path, which waits."""


def _json(text: str | None) -> Any:
    """What SQLAlchemy's JSON type gives back for a stored value (SQL NULL: None)."""
    return None if text is None else json.loads(text)


def _match(row: tuple[Any, ...]) -> MatchRecord:
    (match_id, code, game, options, seed, status, host_token, created_at, seq, phase_key,
     deadline_at, remaining, bot_pace, referee, start_when_full) = row
    return MatchRecord(match_id, code, game, dict(_json(options)), seed, status, host_token,
                       created_at, seq, phase_key, deadline_at, remaining, bot_pace,
                       bool(referee), bool(start_when_full))


class SqliteReader:
    """One connection in autocommit mode: every read sees what was committed before it."""

    def __init__(self, path: str) -> None:
        self._connection = sqlite3.connect(path, isolation_level=None,
                                           check_same_thread=False)
        self._connection.execute("PRAGMA busy_timeout=0")  # never hold up the event loop
        self._connection.execute("PRAGMA query_only=ON")

    def close(self) -> None:
        self._connection.close()

    def _rows(self, sql: str, parameters: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._connection.execute(sql, parameters).fetchall()
        except sqlite3.OperationalError as error:
            raise ReaderBusy(str(error)) from error

    def next_deadline(self, running: str) -> float | None:
        """The earliest deadline of a match in `running` status (`Store.next_deadline`)."""
        rows = self._rows("SELECT min(deadline_at) FROM matches WHERE status = ?", (running,))
        return rows[0][0] if rows else None

    def match(self, match_id: int) -> MatchRecord:
        rows = self._rows(_MATCH, (match_id,))
        if not rows:
            raise NoResultFound(f"no match {match_id}")
        return _match(rows[0])

    def match_by_code(self, code: str) -> MatchRecord | None:
        rows = self._rows(_MATCH_BY_CODE, (code,))
        return _match(rows[0]) if rows else None

    def seats(self, match_id: int) -> list[SeatRecord]:
        return [SeatRecord(*row) for row in self._rows(_SEATS, (match_id,))]

    def entries(self, match_id: int, after: int = 0) -> list[Entry]:
        return [Entry(seq, kind, seat, _json(payload), at)
                for seq, kind, seat, payload, at in self._rows(_ENTRIES, (match_id, after))]
