"""Reminders for web players: an address per seat, confirmed by a mailed code, to which the
gateway writes "round N begins", "time is running out" and "the match is over"; and the
host's lead time for the second, per match.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_reminders",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("code", sa.String(64), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("confirmed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "mail_reminder_leads",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("minutes", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mail_reminder_leads")
    op.drop_table("mail_reminders")
