"""The whole table as one ASGI app: the server with the extensions every table has (the
Lab). `hacktable serve` adds the mail gateway when asked (`--mail`).

    uvicorn --factory hacktable.site:app_from_env
"""

from __future__ import annotations

from fastapi import FastAPI

from hacktable import lab
from hacktable.server.app import create_app
from hacktable.server.settings import Settings


def create_site(settings: Settings | None = None) -> FastAPI:
    """The server's app with the Lab mounted."""
    return lab.mount(create_app(settings))


def app_from_env() -> FastAPI:
    """For `uvicorn --factory hacktable.site:app_from_env`."""
    return create_site()
