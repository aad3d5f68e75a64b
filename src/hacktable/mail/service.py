"""Running the gateway: beside the web table in the `serve` process, or alone
(`hacktable mail`), over the same store; moves fan out between processes as the server's
do (Redis where configured), and each gateway also watches the store itself."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections.abc import AsyncIterator

from fastapi import FastAPI

from hacktable.mail.gateway import Gateway
from hacktable.mail.inbound import ImapPoller, Inbox, SmtpReceiver
from hacktable.mail.settings import MailSettings
from hacktable.server.broker import make_broker
from hacktable.server.deadlines import run_deadlines
from hacktable.server.settings import Settings
from hacktable.server.table import Table
from hacktable.store import Store, database_url

log = logging.getLogger(__name__)


def inboxes(gateway: Gateway, settings: MailSettings,
            tls: ssl.SSLContext | None = None) -> list[Inbox]:
    found: list[Inbox] = []
    if settings.receive in ("smtp", "both"):
        found.append(SmtpReceiver(gateway.receive, settings, tls))
    if settings.receive in ("imap", "both"):
        found.append(ImapPoller(gateway.receive, settings))
    return found


@contextlib.asynccontextmanager
async def running(table: Table, settings: MailSettings) -> AsyncIterator[Gateway]:
    """The gateway and its inboxes over `table`, for as long as the context lasts."""
    gateway = Gateway(table, settings)
    await gateway.start()
    started: list[Inbox] = []
    try:
        for inbox in inboxes(gateway, settings):
            await inbox.start()
            started.append(inbox)
        yield gateway
    finally:
        for inbox in reversed(started):
            await inbox.close()
        await gateway.close()


@contextlib.asynccontextmanager
async def standalone(server: Settings, settings: MailSettings) -> AsyncIterator[Gateway]:
    """A table of its own over the shared store, with the deadline loop (so rounds close
    even where no web server runs) and fan-out to the web servers."""
    store = await Store.open(database_url(server.database_url))
    broker = make_broker(server.redis_url, server.redis_prefix)
    table = Table(store, broker, server.clock(), server.snapshot_every, server.replay_limit)
    await broker.start(table.fanout.on_message)
    deadlines = asyncio.create_task(run_deadlines(table, server.tick, server.deadline_lease))
    try:
        async with running(table, settings) as gateway:
            yield gateway
    finally:
        deadlines.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await deadlines
        await table.close()
        await broker.close()
        await store.close()


async def serve_forever(server: Settings, settings: MailSettings) -> None:
    async with standalone(server, settings):
        await asyncio.Event().wait()


def with_gateway(app: FastAPI, settings: MailSettings) -> FastAPI:
    """`hacktable serve --mail`: the gateway runs in the web server's process, over its
    table, started and stopped with it; the host console gets its email panel and API."""
    from hacktable.mail.web import mount

    mount(app, settings)
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with inner(app), running(app.state.table, settings) as gateway:
            app.state.mail = gateway
            yield

    app.router.lifespan_context = lifespan
    return app
