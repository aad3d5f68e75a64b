"""Matches, seats, the append-only log and snapshots.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", Json, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("host_token", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("phase_key", sa.Text),
        sa.Column("deadline_at", sa.Float),
        sa.Column("remaining", sa.Float),
        sa.Column("claimed_until", sa.Float),
    )
    op.create_index("matches_deadline", "matches", ["status", "deadline_at"])
    op.create_table(
        "seats",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40)),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("personality", sa.String(40)),
        sa.Column("token", sa.String(64)),
        sa.Column("joined_at", sa.Float),
    )
    op.create_table(
        "entries",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("payload", Json),
        sa.Column("at", sa.String(40)),
    )
    op.create_table(
        "snapshots",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("state", Json, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_table("entries")
    op.drop_table("seats")
    op.drop_index("matches_deadline", table_name="matches")
    op.drop_table("matches")
