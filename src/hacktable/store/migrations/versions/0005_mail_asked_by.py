"""Who asked for a mail, and to which mailbox it goes: confirmation codes are limited per
address written to and per client that asked, whatever seats they hold.

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


def downgrade() -> None:
    op.drop_index("mail_outbox_asked_by", "mail_outbox")
    op.drop_index("mail_outbox_mailbox", "mail_outbox")
    op.drop_column("mail_outbox", "mailbox")
    op.drop_column("mail_outbox", "asked_by")
