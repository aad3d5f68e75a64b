"""Email play: seats' addresses and secrets, inbound mail seen, and the outbox.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "mail_seats",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("secret", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("mail_seats_address", "mail_seats", ["address"])
    op.create_table(
        "mail_inbound",
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("received_at", sa.Float, nullable=False),
        sa.Column("raw", sa.LargeBinary, nullable=False),
        sa.Column("recipients", Json),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("outcome", sa.Text),
        sa.Column("match_id", sa.Integer),
        sa.Column("seat", sa.Integer),
        sa.Column("seq_before", sa.Integer),
        sa.Column("claimed_until", sa.Float),
    )
    op.create_index("mail_inbound_status", "mail_inbound", ["status"])
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("dedupe_key", sa.String(255), nullable=False, unique=True),
        sa.Column("match_id", sa.Integer),
        sa.Column("seat", sa.Integer),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("to_addr", sa.String(320), nullable=False),
        sa.Column("message_id", sa.String(255), nullable=False),
        sa.Column("phase", sa.Text),
        sa.Column("phase_label", sa.Text),
        sa.Column("message", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_attempt_at", sa.Float, nullable=False),
        sa.Column("claimed_until", sa.Float),
        sa.Column("sent_at", sa.Float),
        sa.Column("last_error", sa.Text),
    )
    op.create_index("mail_outbox_due", "mail_outbox", ["sent_at", "next_attempt_at"])
    op.create_index("mail_outbox_message_id", "mail_outbox", ["message_id"])


def downgrade() -> None:
    op.drop_index("mail_outbox_message_id", table_name="mail_outbox")
    op.drop_index("mail_outbox_due", table_name="mail_outbox")
    op.drop_table("mail_outbox")
    op.drop_index("mail_inbound_status", table_name="mail_inbound")
    op.drop_table("mail_inbound")
    op.drop_index("mail_seats_address", table_name="mail_seats")
    op.drop_table("mail_seats")
