"""A room's writes in plain SQL, for the SQLite writer thread (`SqliteAppender.call`).

Setting up a match writes the match, its seats and each seat as it is taken: seven
statements for five players, each of them, through SQLAlchemy's async layer, compiled and
carried to aiosqlite's thread and back. When every table in a process starts a match at
once that was most of a second of the event loop's time. The same statements, prepared and
run on the writer thread, cost a fraction of it. Each function runs inside a transaction
the writer opens and commits; the values are what SQLAlchemy's types would store.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any

import orjson

from hacktable.store.records import CANCELLED, HELD, HUMAN, LOBBY, OPEN, RUNNING

_MATCH = ("INSERT INTO matches (code, game, options, seed, status, host_token, created_at, "
          "seq, bot_pace, referee, start_when_full) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)")
_SEAT = ("INSERT INTO seats (match_id, seat, kind, personality, name, token, joined_at) "
         "VALUES (?, ?, ?, ?, ?, ?, ?)")
_CLAIM = ("UPDATE seats SET kind = ?, name = ?, token = ?, joined_at = ? "
          "WHERE match_id = ? AND seat = ? AND kind = ?")
_TAKE_HELD = ("UPDATE seats SET kind = ?, token = ?, joined_at = ? "
              "WHERE match_id = ? AND seat = ? AND kind = ? AND token = ?")
_SET = ("UPDATE seats SET kind = ?, name = ?, personality = ?, token = ? "
        "WHERE match_id = ? AND seat = ?")


def create_match(connection: sqlite3.Connection, match: Mapping[str, Any],
                 seats: list[tuple[str, str | None, str | None, str | None, float | None]]
                 ) -> int:
    """The match in its lobby and its seats (kind, personality, name, token hash, when a
    person sat down), by seat number; its id. A taken room code raises
    `sqlite3.IntegrityError`."""
    cursor = connection.execute(_MATCH, (
        match["code"], match["game"], orjson.dumps(dict(match["options"])).decode(),
        match["seed"], match["status"], match["host_token"], match["created_at"],
        match["bot_pace"], 1 if match["referee"] else 0,
        1 if match["start_when_full"] else 0))
    match_id = cursor.lastrowid
    assert match_id is not None
    connection.executemany(_SEAT, [(match_id, number, *seat)
                                   for number, seat in enumerate(seats)])
    return match_id


def claim_seat(connection: sqlite3.Connection, match_id: int, seat: int, name: str,
               token: str, now: float) -> bool:
    """A person takes an open seat; False if it was no longer open."""
    cursor = connection.execute(_CLAIM, (HUMAN, name, token, now, match_id, seat, OPEN))
    return cursor.rowcount == 1


def take_held_seat(connection: sqlite3.Connection, match_id: int, seat: int, held_by: str,
                   token: str, now: float) -> bool:
    """A held seat back to the player it was kept for (their old token's hash `held_by`);
    False if it is no longer held for them."""
    cursor = connection.execute(_TAKE_HELD, (HUMAN, token, now, match_id, seat, HELD,
                                             held_by))
    return cursor.rowcount == 1


def set_seat(connection: sqlite3.Connection, match_id: int, seat: int, kind: str,
             name: str | None, personality: str | None, token: str | None) -> None:
    connection.execute(_SET, (kind, name, personality, token, match_id, seat))


_CANCEL = ("UPDATE matches SET status = ?, deadline_at = NULL WHERE id = ? AND status = ? "
           "AND seq = 0")
_FREE = ("UPDATE seats SET kind = ?, name = NULL, personality = NULL, token = NULL, "
         "joined_at = NULL WHERE match_id = ?")


def cancel_match(connection: sqlite3.Connection, match_id: int) -> bool:
    """A match still in its lobby, cancelled and its seats freed; False if it had started."""
    if connection.execute(_CANCEL, (CANCELLED, match_id, LOBBY)).rowcount != 1:
        return False
    connection.execute(_FREE, (OPEN, match_id))
    return True


_DUE = ("SELECT id FROM matches WHERE status = ? AND deadline_at <= ? "
        "AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY deadline_at LIMIT ?")


def claim_due(connection: sqlite3.Connection, now: float, lease: float,
              limit: int) -> list[int]:
    """`Store.claim_due` on the writer thread: the deadline loop's first pass, at start-up,
    then needs no SQLAlchemy connection (and no asyncio extension to import)."""
    ids = [row[0] for row in connection.execute(_DUE, (RUNNING, now, now, limit))]
    connection.executemany("UPDATE matches SET claimed_until = ? WHERE id = ?",
                           [(now + lease, match_id) for match_id in ids])
    return ids
