"""The tables, as SQLAlchemy Core metadata (Alembic migrations create them)."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeEngine


class _Json(TypeDecorator[object]):
    """JSON, stored as JSONB on PostgreSQL (as the migrations build it). The PostgreSQL
    dialect is imported only once a PostgreSQL connection asks for it, so a server on an
    SQLite file starts without loading it."""

    impl = JSON
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[object]:
        if dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import JSONB

            return dialect.type_descriptor(JSONB())
        return dialect.type_descriptor(JSON())


metadata = MetaData()
Json = _Json()

matches = Table(
    "matches",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("game", String(40), nullable=False),
    Column("options", Json, nullable=False),
    Column("seed", String(64), nullable=False),
    Column("status", String(12), nullable=False),
    Column("host_token", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("phase_key", Text),
    Column("deadline_at", Float),
    Column("remaining", Float),
    Column("bot_pace", Float),  # seconds a bot takes per move at the table (None: at once)
    Column("claimed_until", Float),
    Column("referee", Boolean, nullable=False, default=False),
    # the host referees (sees every secret) and so may hold no seat
    Column("start_when_full", Boolean, nullable=False, default=False),
    # the match starts by itself once no seat is left open (else the host starts it)
)
Index("matches_deadline", matches.c.status, matches.c.deadline_at)

seats = Table(
    "seats",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(40)),
    Column("kind", String(8), nullable=False),
    Column("personality", String(40)),
    Column("token", String(64)),
    Column("joined_at", Float),
)

entries = Table(
    "entries",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer),
    Column("payload", Json),
    Column("at", String(40)),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("state", Json, nullable=False),
)

client_events = Table(
    "client_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kind", String(16), nullable=False),  # "join": a seat taken
    Column("client", String(64), nullable=False),  # the address the limits count
    Column("at", Float, nullable=False),
)
"""What each client did lately, for the limits every process must count alike."""
Index("client_events_client", client_events.c.kind, client_events.c.client, client_events.c.at)
Index("client_events_at", client_events.c.at)

# -- press: messages between seats (never part of the log) ----------------------------------

messages = Table(
    "messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
    Column("key", String(32), nullable=False, unique=True),
    # what readers know a message by: random, so it counts nothing (the id counts them all)
    Column("sender", Integer, nullable=False),
    Column("recipients", Json),  # the seats written to, or null: the whole table
    Column("text", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)
Index("messages_match", messages.c.match_id, messages.c.id)

# -- email play (the gateway in `mail/`) ----------------------------------------------------

mail_seats = Table(
    "mail_seats",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("address", String(320), nullable=False),
    Column("secret", String(64), nullable=False, unique=True),
    Column("created_at", Float, nullable=False),
    Column("set_by", String(8)),  # "host" (an open seat the host filled) or "player"
)
Index("mail_seats_address", mail_seats.c.address)

mail_pending = Table(
    "mail_pending",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("address", String(320), nullable=False),
    Column("code", String(64), nullable=False),  # the hash of the code mailed there
    Column("created_at", Float, nullable=False),
    Column("tries", Integer, nullable=False),
)

mail_reminders = Table(
    "mail_reminders",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("address", String(320), nullable=False),
    Column("code", String(64)),  # the hash of the code mailed there, until it is typed back
    Column("created_at", Float, nullable=False),
    Column("tries", Integer, nullable=False),
    Column("confirmed", Boolean, nullable=False),
)
"""A web player's address for reminders (never shown to anyone else), confirmed by a code
mailed there; the reminders themselves are outbox rows with a durable dedupe key."""

mail_reminder_leads = Table(
    "mail_reminder_leads",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("minutes", Float, nullable=False),
)
"""The host's own lead time for a match's "you have sent nothing" reminders (0: none);
without a row, the gateway's `reminder_minutes`."""

mail_inbound = Table(
    "mail_inbound",
    metadata,
    Column("key", String(255), primary_key=True),
    Column("received_at", Float, nullable=False),
    Column("raw", LargeBinary, nullable=False),
    Column("recipients", Json),
    Column("status", String(12), nullable=False),
    Column("outcome", Text),
    Column("match_id", Integer),
    Column("seat", Integer),
    Column("seq_before", Integer),
    Column("claimed_until", Float),
)
Index("mail_inbound_status", mail_inbound.c.status)

mail_outbox = Table(
    "mail_outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("dedupe_key", String(255), nullable=False, unique=True),
    Column("match_id", Integer),
    Column("seat", Integer),
    Column("kind", String(16), nullable=False),
    Column("to_addr", String(320), nullable=False),
    Column("message_id", String(255), nullable=False),
    Column("phase", Text),
    Column("phase_label", Text),
    Column("message", LargeBinary, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("next_attempt_at", Float, nullable=False),
    Column("claimed_until", Float),
    Column("sent_at", Float),
    Column("last_error", Text),
    Column("asked_by", String(64)),  # the client that asked for it (confirmation codes)
    Column("mailbox", String(320)),  # the mailbox it lands in, as the limits count it
)
Index("mail_outbox_due", mail_outbox.c.sent_at, mail_outbox.c.next_attempt_at)
Index("mail_outbox_message_id", mail_outbox.c.message_id)
Index("mail_outbox_mailbox", mail_outbox.c.kind, mail_outbox.c.mailbox,
      mail_outbox.c.created_at)
Index("mail_outbox_asked_by", mail_outbox.c.kind, mail_outbox.c.asked_by,
      mail_outbox.c.created_at)
