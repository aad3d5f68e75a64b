"""How long a match's bots take per move at the table (people need time to follow them).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("bot_pace", sa.Float, nullable=True))


def downgrade() -> None:
    op.drop_column("matches", "bot_pace")
