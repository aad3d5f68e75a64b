"""The tables, as SQLAlchemy Core metadata (Alembic migrations create them)."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)
from sqlalchemy.dialects.postgresql import JSONB

metadata = MetaData()
Json = JSON().with_variant(JSONB(), "postgresql")

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
    Column("claimed_until", Float),
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
