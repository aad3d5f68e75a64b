"""Who may see and change what: a host who referees (and so plays no seat), who set a
seat's email address, and addresses a player asked for but has not yet confirmed.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("referee", sa.Boolean, nullable=False,
                                       server_default=sa.false()))
    op.add_column("mail_seats", sa.Column("set_by", sa.String(8), nullable=True))
    op.create_table(
        "mail_pending",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mail_pending")
    op.drop_column("mail_seats", "set_by")
    op.drop_column("matches", "referee")
