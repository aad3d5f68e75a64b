"""The start-up shortcut: a database at the newest revision is recognised without Alembic,
and the revision it compares with is the one Alembic itself calls the head."""

from __future__ import annotations

from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

from hacktable.store.migrate import alembic_config, head, is_current, upgrade


def test_the_head_read_from_the_files_is_alembics_head():
    assert head() is not None
    assert [head()] == ScriptDirectory.from_config(alembic_config()).get_heads()


def test_a_new_database_is_not_current_and_an_upgraded_one_is(tmp_path):
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    engine = create_engine(url)
    try:
        assert not is_current(engine)
        upgrade(url)
        assert is_current(engine)
        with engine.begin() as connection:  # any other revision: Alembic must decide
            connection.execute(text("UPDATE alembic_version SET version_num = '0001'"))
        assert not is_current(engine)
    finally:
        engine.dispose()
