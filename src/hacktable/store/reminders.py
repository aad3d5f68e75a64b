"""The reminder addresses of web players (`schema.mail_reminders`): one per seat, waiting
for its code to be typed back, then confirmed. The reminders sent are outbox rows."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update

from hacktable.store import schema
from hacktable.store.records import FINISHED
from hacktable.store.store import Store


@dataclass(frozen=True, slots=True)
class Reminder:
    """A seat's reminder address: `code` is the hash of the code mailed there (None once
    confirmed)."""

    match_id: int
    seat: int
    address: str
    code: str | None
    created_at: float
    tries: int
    confirmed: bool


class ReminderStore:
    """Reminder addresses, on the same database as the matches."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    async def ask(self, match_id: int, seat: int, address: str, code: str, now: float
                  ) -> None:
        """A new address waiting for its code (it replaces the seat's last one)."""
        r = schema.mail_reminders
        async with self.store._begin() as conn:
            await conn.execute(delete(r).where(r.c.match_id == match_id, r.c.seat == seat))
            await conn.execute(insert(r).values(match_id=match_id, seat=seat, address=address,
                                                code=code, created_at=now, tries=0,
                                                confirmed=False))

    async def get(self, match_id: int, seat: int) -> Reminder | None:
        r = schema.mail_reminders
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(r).where(r.c.match_id == match_id,
                                                      r.c.seat == seat))).one_or_none()
        return None if row is None else Reminder(row.match_id, row.seat, row.address, row.code,
                                                 row.created_at, row.tries, row.confirmed)

    async def confirm(self, match_id: int, seat: int) -> None:
        r = schema.mail_reminders
        async with self.store._begin() as conn:
            await conn.execute(update(r).where(r.c.match_id == match_id, r.c.seat == seat)
                               .values(code=None, confirmed=True))

    async def count_try(self, match_id: int, seat: int) -> None:
        r = schema.mail_reminders
        async with self.store._begin() as conn:
            await conn.execute(update(r).where(r.c.match_id == match_id, r.c.seat == seat)
                               .values(tries=r.c.tries + 1))

    async def drop(self, match_id: int, seat: int) -> None:
        r = schema.mail_reminders
        async with self.store._begin() as conn:
            await conn.execute(delete(r).where(r.c.match_id == match_id, r.c.seat == seat))

    async def set_lead(self, match_id: int, minutes: float) -> None:
        """The host's lead time for this match's "you have sent nothing" reminders."""
        lead = schema.mail_reminder_leads
        async with self.store._begin() as conn:
            await conn.execute(delete(lead).where(lead.c.match_id == match_id))
            await conn.execute(insert(lead).values(match_id=match_id, minutes=minutes))

    async def lead(self, match_id: int) -> float | None:
        """The host's lead time for the match, or None where they set none."""
        lead = schema.mail_reminder_leads
        async with self.engine.connect() as conn:
            return (await conn.execute(select(lead.c.minutes)
                                       .where(lead.c.match_id == match_id))).scalar()

    async def watched(self) -> list[tuple[int, list[Reminder]]]:
        """Every match with confirmed reminders that is not long over, with them."""
        r, m = schema.mail_reminders, schema.matches
        async with self.engine.connect() as conn:
            rows = (await conn.execute(
                select(r).join(m, m.c.id == r.c.match_id).where(r.c.confirmed.is_(True))
                .order_by(r.c.match_id, r.c.seat))).all()
        found: dict[int, list[Reminder]] = {}
        for row in rows:
            found.setdefault(row.match_id, []).append(Reminder(
                row.match_id, row.seat, row.address, row.code, row.created_at, row.tries,
                row.confirmed))
        return list(found.items())


__all__ = ["FINISHED", "Reminder", "ReminderStore"]
