"""Storage for press: the messages seats send each other (`server/press.py`).

Messages live in their own table, never in the log: the log's length and every viewer's
count of it stay what they would be without them. A message is known to its readers by a
random `key`; the row id, which counts every message of every match, never leaves here.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, insert, select

from hacktable.store import schema
from hacktable.store.store import Store


@dataclass(frozen=True, slots=True)
class Message:
    """One message: from a seat to some seats (`to`), or to the whole table (`to` None)."""

    id: int
    match_id: int
    key: str
    sender: int
    to: tuple[int, ...] | None
    text: str
    created_at: float

    def reaches(self, seat: int) -> bool:
        """Whether `seat` wrote or was sent this message."""
        return self.sender == seat or self.to is None or seat in self.to


def _message(row: object) -> Message:
    to = row.recipients  # type: ignore[attr-defined]
    return Message(row.id, row.match_id, row.key, row.sender,  # type: ignore[attr-defined]
                   None if to is None else tuple(int(seat) for seat in to),
                   row.text, row.created_at)  # type: ignore[attr-defined]


class PressStore:
    """Messages, over the `Store`'s engine and write lock."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def add(self, match_id: int, sender: int, to: Sequence[int] | None, text: str,
                  now: float) -> Message:
        """Keep a message; returns it once it is durable."""
        key = secrets.token_urlsafe(12)
        recipients = None if to is None else sorted(to)
        async with self.store._begin() as conn:
            result = await conn.execute(insert(schema.messages).values(
                match_id=match_id, key=key, sender=sender, recipients=recipients, text=text,
                created_at=now).returning(schema.messages.c.id))
            ident = result.scalar_one()
        return Message(ident, match_id, key, sender,
                       None if recipients is None else tuple(recipients), text, now)

    async def messages(self, match_id: int) -> list[Message]:
        """Every message of a match, oldest first."""
        m = schema.messages
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(select(m).where(m.c.match_id == match_id)
                                       .order_by(m.c.id))).all()
        return [_message(row) for row in rows]

    async def newer(self, after: int, match_ids: Sequence[int]) -> list[Message]:
        """The messages of these matches with an id above `after`, oldest first."""
        if not match_ids:
            return []
        m = schema.messages
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(select(m).where(m.c.match_id.in_(list(match_ids)),
                                                       m.c.id > after)
                                       .order_by(m.c.id))).all()
        return [_message(row) for row in rows]

    async def newest(self, match_ids: Sequence[int]) -> dict[int, int]:
        """The id of each of these matches' newest message (matches without any left out)."""
        if not match_ids:
            return {}
        m = schema.messages
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(select(m.c.match_id, func.max(m.c.id))
                                       .where(m.c.match_id.in_(list(match_ids)))
                                       .group_by(m.c.match_id))).all()
        return {row[0]: row[1] for row in rows}

    async def message(self, ident: int) -> Message | None:
        m = schema.messages
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(select(m).where(m.c.id == ident))).one_or_none()
        return None if row is None else _message(row)
