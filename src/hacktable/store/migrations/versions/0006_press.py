"""Press: messages between seats, kept apart from the log (nobody may count them).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("key", sa.String(32), nullable=False, unique=True),
        sa.Column("sender", sa.Integer, nullable=False),
        sa.Column("recipients", sa.JSON().with_variant(JSONB(), "postgresql")),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("messages_match", "messages", ["match_id", "id"])


def downgrade() -> None:
    op.drop_index("messages_match", "messages")
    op.drop_table("messages")
