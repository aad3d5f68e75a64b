"""Limits that hold for every process: who asked for a mail and to which mailbox it goes
(confirmation codes are limited per mailbox and per client, whatever seats they hold), and
what each client did lately (seats taken).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("mail_outbox", sa.Column("asked_by", sa.String(64), nullable=True))
    op.add_column("mail_outbox", sa.Column("mailbox", sa.String(320), nullable=True))
    op.create_index("mail_outbox_mailbox", "mail_outbox", ["kind", "mailbox", "created_at"])
    op.create_index("mail_outbox_asked_by", "mail_outbox", ["kind", "asked_by", "created_at"])
    op.create_table(
        "client_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("client", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("client_events_client", "client_events", ["kind", "client", "at"])
    op.create_index("client_events_at", "client_events", ["at"])


def downgrade() -> None:
    op.drop_table("client_events")
    op.drop_index("mail_outbox_asked_by", "mail_outbox")
    op.drop_index("mail_outbox_mailbox", "mail_outbox")
    op.drop_column("mail_outbox", "mailbox")
    op.drop_column("mail_outbox", "asked_by")
