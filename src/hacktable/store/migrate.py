"""Bring a database's schema up to date with Alembic, from inside the package.

Several server processes may start together on one PostgreSQL database, so the upgrade
runs under an advisory lock there.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

MIGRATIONS = Path(__file__).with_name("migrations")
_LOCK_ID = 0x6861636B  # "hack"


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(sync_url: str) -> None:
    """Apply every migration not yet applied to the database at `sync_url`."""
    engine = create_engine(sync_url)
    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _LOCK_ID})
            config = alembic_config()
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    finally:
        engine.dispose()
