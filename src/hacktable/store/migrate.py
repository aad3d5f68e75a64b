"""Bring a database's schema up to date with Alembic, from inside the package.

Several server processes may start together on one PostgreSQL database, so the upgrade
runs under an advisory lock there. A database already at the newest revision (every start
but the first) is recognised without loading Alembic, which is a good part of a server's
start-up time; Alembic is imported only when there is something to apply.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")
_LOCK_ID = 0x6861636B  # "hack"
_REVISION = re.compile(r'^(down_revision|revision)\s*=\s*(None|"[^"]*"|\'[^\']*\')', re.M)


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(sync_url: str) -> None:
    """Apply every migration not yet applied to the database at `sync_url`."""
    engine = create_engine(sync_url)
    try:
        if not is_current(engine):
            _apply(engine)
    finally:
        engine.dispose()


def _apply(engine: Engine) -> None:
    from alembic import command

    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _LOCK_ID})
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@cache
def head() -> str | None:
    """The newest revision, read from the migration files' `revision` and `down_revision`
    lines (None where they do not name exactly one head: then Alembic decides)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        for name, value in _REVISION.findall(path.read_text(encoding="utf-8")):
            if value != "None":
                (revisions if name == "revision" else parents).add(value.strip("\"'"))
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


def is_current(engine: Engine) -> bool:
    """Whether the database's recorded revision is the newest one (False for a new
    database, or one Alembic has not stamped)."""
    newest = head()
    if newest is None:
        return False
    try:
        with engine.connect() as connection:
            found = connection.execute(text("SELECT version_num FROM alembic_version"))
            return [row[0] for row in found] == [newest]
    except DBAPIError:  # no version table yet: a new database
        return False
