"""`hacktable serve` loads what its first answer needs and nothing more: Alembic (for a
database already at the newest revision), matplotlib, the Lab's runs, the simulator, rich's
console, the spoken passcodes, the QR code, the look-alike table for names outside ASCII
and, on an SQLite file, SQLAlchemy's PostgreSQL dialect and its asyncio extension (with the
ORM it imports) load when first used. Checked by which modules a fresh process has
imported, never by a time."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

HEAVY = ["alembic", "matplotlib", "numpy", "hacktable.sim", "hacktable.sim.command",
         "hacktable.lab.jobs", "hacktable.lab.spec", "espeakng_loader",
         "segno", "PIL", "rich.console", "rich.progress", "rich.table", "rich.markdown",
         "confusable_homoglyphs", "sqlalchemy.dialects.postgresql", "asyncpg",
         "sqlalchemy.orm", "sqlalchemy.ext.asyncio"]
"""Modules no start-up needs before its first request."""


def imported_after(script: str) -> set[str]:
    """The modules a fresh interpreter holds after running `script`."""
    probe = textwrap.dedent(script) + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            timeout=300, check=True)
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """What the command line and the app hold once the app has started (lifespan run) on a
    database already at the newest revision, as every start but the first finds it, its
    deadline loop has run a few times and it has answered the front page."""
    folder = tmp_path_factory.mktemp("lazy")
    url = f"sqlite:///{folder / 'table.db'}"
    from hacktable.store.migrate import upgrade

    upgrade(url)
    return imported_after(f"""
        import asyncio, os
        os.environ["HACKTABLE_DATABASE_URL"] = {url!r}
        import hacktable.cli
        from hacktable.site import create_site

        async def front_page(app):  # plain ASGI: an HTTP client would import more
            sent = []

            async def receive():
                return {{"type": "http.request", "body": b"", "more_body": False}}

            async def send(message):
                sent.append(message)

            await app({{"type": "http", "asgi": {{"version": "3.0"}}, "http_version": "1.1",
                       "method": "GET", "scheme": "http", "path": "/", "raw_path": b"/",
                       "query_string": b"", "root_path": "", "headers": [(b"host", b"t")],
                       "client": ("127.0.0.1", 1), "server": ("t", 80)}}, receive, send)
            return sent[0]["status"]

        async def start():
            app = create_site()
            async with app.router.lifespan_context(app):
                await asyncio.sleep(1.0)  # the deadline loop ticks every 0.25 s
                assert await front_page(app) == 200

        asyncio.run(start())
    """)


@pytest.mark.parametrize("module", HEAVY)
def test_serving_does_not_import(served: set[str], module: str):
    assert module not in served


def test_the_app_itself_is_loaded(served: set[str]):
    """The probe is sound: it sees what serving does load."""
    assert {"hacktable.server.app", "hacktable.lab.routes", "sqlalchemy"} <= served
