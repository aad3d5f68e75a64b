"""Storage for email play: which address and secret hold a seat, the mail already taken in
(so a mail delivered twice is applied once), and the outbox (so no mail is lost or sent
twice across an outage or a restart).

It shares the `Store`'s engine and write lock; it knows nothing of mail formats.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from hacktable.store import schema
from hacktable.store.store import Store

PENDING = "pending"
DONE = "done"


@dataclass(frozen=True, slots=True)
class MailSeat:
    match_id: int
    seat: int
    address: str
    secret: str
    set_by: str | None = None
    """Who gave the seat this address: "host" (an open seat the host filled with someone
    not here yet) or "player" (the seat's own player). Only the first may the host change."""


@dataclass(frozen=True, slots=True)
class PendingAddress:
    """An address a player asked their seat's mail to go to, not yet confirmed: the code
    mailed there (its hash) must be typed back first."""

    match_id: int
    seat: int
    address: str
    code: str
    created_at: float
    tries: int


@dataclass(frozen=True, slots=True)
class Inbound:
    key: str
    received_at: float
    raw: bytes
    envelope: dict[str, Any]
    """The SMTP envelope where there was one: {"to": [...], "from": "..."}."""
    status: str
    match_id: int | None
    seat: int | None
    seq_before: int | None


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A mail to send: `dedupe_key` makes enqueueing it twice a no-op; `message` holds the
    whole message with its fixed Message-ID."""

    dedupe_key: str
    kind: str
    to_addr: str
    message_id: str
    message: bytes
    match_id: int | None = None
    seat: int | None = None
    phase: str | None = None
    phase_label: str | None = None
    asked_by: str | None = None
    """The client (network address) that asked for it, where one did."""
    mailbox: str | None = None
    """The mailbox it lands in (`mailbox_of`), where a limit counts mails to it."""


def mailbox_of(address: str) -> str:
    """Where a mail to `address` lands: ann+x@Example.org and ann@example.org reach the same
    person, so a limit per address counts them together."""
    local, _, domain = address.strip().lower().rpartition("@")
    return f"{local.split('+', 1)[0]}@{domain}"


@dataclass(frozen=True, slots=True)
class Queued:
    id: int
    to_addr: str
    message: bytes
    attempts: int


@dataclass(frozen=True, slots=True)
class Thread:
    """A mail the gateway sent, as a reply's In-Reply-To finds it."""

    match_id: int | None
    seat: int | None
    kind: str
    phase: str | None
    phase_label: str | None
    message_id: str


def _seat(row: Any) -> MailSeat:
    return MailSeat(row.match_id, row.seat, row.address, row.secret, row.set_by)


class MailStore:
    """Email play's tables, on the same database as the matches."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # -- seats --------------------------------------------------------------------------

    async def set_seat(self, match_id: int, seat: int, address: str, secret: str,
                       now: float, set_by: str = "host") -> None:
        s = schema.mail_seats
        async with self.store._begin() as conn:
            await conn.execute(delete(s).where(s.c.match_id == match_id, s.c.seat == seat))
            await conn.execute(insert(s).values(match_id=match_id, seat=seat, address=address,
                                                secret=secret, created_at=now, set_by=set_by))

    # -- addresses waiting for their player's confirmation ------------------------------

    async def set_pending(self, match_id: int, seat: int, address: str, code: str,
                          now: float) -> None:
        """The address a player asked for, with the hash of the code mailed there (one per
        seat: a new request replaces the last)."""
        p = schema.mail_pending
        async with self.store._begin() as conn:
            await conn.execute(delete(p).where(p.c.match_id == match_id, p.c.seat == seat))
            await conn.execute(insert(p).values(match_id=match_id, seat=seat, address=address,
                                                code=code, created_at=now, tries=0))

    async def pending(self, match_id: int, seat: int) -> PendingAddress | None:
        p = schema.mail_pending
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(p).where(p.c.match_id == match_id,
                                                      p.c.seat == seat))).one_or_none()
        return None if row is None else PendingAddress(row.match_id, row.seat, row.address,
                                                       row.code, row.created_at, row.tries)

    async def count_try(self, match_id: int, seat: int) -> None:
        p = schema.mail_pending
        async with self.store._begin() as conn:
            await conn.execute(update(p).where(p.c.match_id == match_id, p.c.seat == seat)
                               .values(tries=p.c.tries + 1))

    async def drop_pending(self, match_id: int, seat: int) -> None:
        p = schema.mail_pending
        async with self.store._begin() as conn:
            await conn.execute(delete(p).where(p.c.match_id == match_id, p.c.seat == seat))

    async def mails_since(self, match_id: int, seat: int, kind: str, since: float) -> int:
        """How many mails of this kind were queued for the seat since `since`."""
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            return int((await conn.execute(
                select(func.count()).select_from(o)
                .where(o.c.match_id == match_id, o.c.seat == seat, o.c.kind == kind,
                       o.c.created_at >= since))).scalar_one())

    async def mails_to(self, mailbox: str, kind: str, since: float) -> int:
        """How many mails of this kind were queued for this mailbox since `since`, whoever
        asked: durable, and the same for every process."""
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            return int((await conn.execute(
                select(func.count()).select_from(o)
                .where(o.c.kind == kind, o.c.mailbox == mailbox, o.c.created_at >= since))
            ).scalar_one())

    async def mails_asked_by(self, client: str, kind: str, since: float) -> int:
        """How many mails of this kind this client asked for since `since`."""
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            return int((await conn.execute(
                select(func.count()).select_from(o)
                .where(o.c.kind == kind, o.c.asked_by == client, o.c.created_at >= since))
            ).scalar_one())

    async def seats(self, match_id: int) -> list[MailSeat]:
        s = schema.mail_seats
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(s).where(s.c.match_id == match_id)
                                       .order_by(s.c.seat))).all()
        return [_seat(row) for row in rows]

    async def seats_by_secrets(self, secrets: Sequence[str]) -> list[MailSeat]:
        """Every seat whose secret is among these: a mail may carry several."""
        if not secrets:
            return []
        s = schema.mail_seats
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(s).where(s.c.secret.in_(sorted(set(secrets))))
                                       .order_by(s.c.match_id, s.c.seat))).all()
        return [_seat(row) for row in rows]

    async def seats_by_address(self, address: str) -> list[MailSeat]:
        s = schema.mail_seats
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(s).where(s.c.address == address))).all()
        return [_seat(row) for row in rows]

    async def watched(self) -> list[tuple[int, int, str]]:
        """(match id, seq, status) of every match with a seat played by mail."""
        m, s = schema.matches, schema.mail_seats
        async with self.engine.connect() as conn:
            rows = (await conn.execute(
                select(m.c.id, m.c.seq, m.c.status)
                .where(m.c.id.in_(select(s.c.match_id).distinct())))).all()
        return [(row.id, row.seq, row.status) for row in rows]

    # -- inbound ------------------------------------------------------------------------

    async def record_inbound(self, key: str, received_at: float, raw: bytes,
                             envelope: dict[str, Any]) -> bool:
        """Keep a mail that arrived; False if a mail with this key was kept before."""
        try:
            async with self.store._begin() as conn:
                await conn.execute(insert(schema.mail_inbound).values(
                    key=key, received_at=received_at, raw=raw, recipients=dict(envelope),
                    status=PENDING))
        except IntegrityError:
            return False
        return True

    async def claim_inbound(self, key: str, now: float, lease: float) -> Inbound | None:
        """Take a pending mail to work on, unless another process holds it."""
        i = schema.mail_inbound
        async with self.store._begin() as conn:
            result = await conn.execute(
                update(i).where(i.c.key == key, i.c.status == PENDING,
                                or_(i.c.claimed_until.is_(None), i.c.claimed_until < now))
                .values(claimed_until=now + lease))
            if result.rowcount != 1:
                return None
            row = (await conn.execute(select(i).where(i.c.key == key))).one()
        return Inbound(row.key, row.received_at, bytes(row.raw), dict(row.recipients or {}),
                       row.status, row.match_id, row.seat, row.seq_before)

    async def pending_inbound(self, now: float) -> list[str]:
        """Mail kept but not yet answered (after a restart), oldest first."""
        i = schema.mail_inbound
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(i.c.key).where(i.c.status == PENDING,
                                      or_(i.c.claimed_until.is_(None),
                                          i.c.claimed_until < now))
                .order_by(i.c.received_at))
            return list(rows.scalars())

    async def note_attempt(self, key: str, match_id: int, seat: int, seq_before: int) -> None:
        """Remember where the match stood before a mail's move, so that a restart can tell
        whether the move was already made."""
        i = schema.mail_inbound
        async with self.store._begin() as conn:
            await conn.execute(update(i).where(i.c.key == key).values(
                match_id=match_id, seat=seat, seq_before=seq_before))

    async def finish_inbound(self, key: str, outcome: str, replies: Iterable[Outgoing],
                             now: float) -> None:
        """Mark a mail answered and queue its replies, in one transaction."""
        i = schema.mail_inbound
        async with self.store._begin() as conn:
            for reply in replies:
                await self._enqueue(conn, reply, now)
            await conn.execute(update(i).where(i.c.key == key).values(
                status=DONE, outcome=outcome[:2000], raw=b"", claimed_until=None))

    async def inbound_outcome(self, key: str) -> str | None:
        i = schema.mail_inbound
        async with self.engine.connect() as conn:
            return (await conn.execute(select(i.c.outcome).where(i.c.key == key))).scalar()

    # -- outbox -------------------------------------------------------------------------

    async def enqueue(self, mails: Iterable[Outgoing], now: float) -> int:
        """Queue mails; those whose dedupe key is already queued are skipped. Returns how
        many were new."""
        added = 0
        for mail in mails:  # one transaction each: a duplicate must not undo the others
            try:
                async with self.store._begin() as conn:
                    await self._enqueue(conn, mail, now)
                added += 1
            except IntegrityError:
                continue
        return added

    async def queued(self, dedupe_keys: Sequence[str]) -> set[str]:
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(o.c.dedupe_key)
                                      .where(o.c.dedupe_key.in_(list(dedupe_keys))))
            return set(rows.scalars())

    async def queued_at(self, dedupe_keys: Sequence[str]) -> dict[str, float]:
        """When each of these mails was queued (those queued at all)."""
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(o.c.dedupe_key, o.c.created_at)
                                      .where(o.c.dedupe_key.in_(list(dedupe_keys))))
            return {row.dedupe_key: row.created_at for row in rows}

    async def phase_of(self, dedupe_key: str) -> str | None:
        """The phase a queued mail was written in (an acknowledgement's round), if any."""
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            return (await conn.execute(select(o.c.phase)
                                       .where(o.c.dedupe_key == dedupe_key))).scalar()

    @staticmethod
    async def _enqueue(conn: Any, mail: Outgoing, now: float) -> None:
        o = schema.mail_outbox
        exists = (await conn.execute(select(o.c.id).where(o.c.dedupe_key == mail.dedupe_key))
                  ).first()
        if exists is not None:
            return
        await conn.execute(insert(o).values(
            dedupe_key=mail.dedupe_key, match_id=mail.match_id, seat=mail.seat, kind=mail.kind,
            to_addr=mail.to_addr, message_id=mail.message_id, phase=mail.phase,
            phase_label=mail.phase_label, message=mail.message, created_at=now, attempts=0,
            next_attempt_at=now, asked_by=mail.asked_by, mailbox=mail.mailbox))

    async def claim_due(self, now: float, lease: float, limit: int = 50) -> list[Queued]:
        """Unsent mail whose time has come and that no other process is sending."""
        o = schema.mail_outbox
        free = or_(o.c.claimed_until.is_(None), o.c.claimed_until < now)
        async with self.store._begin() as conn:
            picked = (select(o.c.id).where(o.c.sent_at.is_(None), o.c.next_attempt_at <= now,
                                           free)
                      .order_by(o.c.next_attempt_at, o.c.id).limit(limit))
            if self.store.dialect == "postgresql":
                picked = picked.with_for_update(skip_locked=True)
            ids = list((await conn.execute(picked)).scalars())
            if not ids:
                return []
            await conn.execute(update(o).where(o.c.id.in_(ids)).values(
                claimed_until=now + lease))
            rows = (await conn.execute(
                select(o.c.id, o.c.to_addr, o.c.message, o.c.attempts)
                .where(o.c.id.in_(ids)).order_by(o.c.id))).all()
        return [Queued(row.id, row.to_addr, bytes(row.message), row.attempts) for row in rows]

    async def mark_sent(self, ids: Sequence[int], now: float) -> None:
        o = schema.mail_outbox
        async with self.store._begin() as conn:
            await conn.execute(update(o).where(o.c.id.in_(list(ids))).values(
                sent_at=now, claimed_until=None, last_error=None))

    async def mark_failed(self, mail_id: int, error: str, retry_at: float) -> None:
        o = schema.mail_outbox
        async with self.store._begin() as conn:
            await conn.execute(update(o).where(o.c.id == mail_id).values(
                attempts=o.c.attempts + 1, next_attempt_at=retry_at, claimed_until=None,
                last_error=error[:1000]))

    async def next_due(self) -> float | None:
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            earliest: float | None = (await conn.execute(
                select(func.min(o.c.next_attempt_at)).where(o.c.sent_at.is_(None)))).scalar()
            return earliest

    async def sent_thread(self, message_ids: Sequence[str]) -> Thread | None:
        """The latest mail the gateway sent among these Message-IDs (a reply's
        In-Reply-To and References)."""
        if not message_ids:
            return None
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(o).where(o.c.message_id.in_(list(message_ids)))
                .order_by(o.c.id.desc()).limit(1))).one_or_none()
        return None if row is None else Thread(row.match_id, row.seat, row.kind, row.phase,
                                               row.phase_label, row.message_id)

    async def last_thread(self, match_id: int, seat: int, kinds: Sequence[str]
                          ) -> str | None:
        """The Message-ID of the seat's latest mail of these kinds, to thread the next."""
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            return (await conn.execute(
                select(o.c.message_id).where(o.c.match_id == match_id, o.c.seat == seat,
                                             o.c.kind.in_(list(kinds)))
                .order_by(o.c.id.desc()).limit(1))).scalar()

    async def outbox_counts(self) -> tuple[int, int]:
        """(sent, waiting) mails in the outbox."""
        o = schema.mail_outbox
        async with self.engine.connect() as conn:
            sent = (await conn.execute(select(func.count()).select_from(o)
                                       .where(o.c.sent_at.is_not(None)))).scalar_one()
            waiting = (await conn.execute(select(func.count()).select_from(o)
                                          .where(o.c.sent_at.is_(None)))).scalar_one()
        return sent, waiting


__all__ = ["DONE", "PENDING", "Inbound", "MailSeat", "MailStore", "Outgoing", "Queued",
           "Thread"]
