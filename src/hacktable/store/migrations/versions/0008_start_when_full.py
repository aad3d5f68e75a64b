"""A table that starts by itself as soon as its last open seat is filled, so a remote
table does not wait for its host to come back and press start.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("start_when_full", sa.Boolean, nullable=False,
                                       server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("matches", "start_when_full")
