"""The ASGI application: store, fan-out, deadline loop, API, pages and static files.

Extensions (the Lab, the mail gateway) are mounted on it from above (`hacktable.site`,
`hacktable serve --mail`); `app.state` holds the lists of panels they add."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.telemetry import TelemetryConfig
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from hacktable.engine.errors import Rejected
from hacktable.server import api, api_docs, pages, press_api, press_pages
from hacktable.server.api_docs import DOCS_STATIC
from hacktable.server.bodies import BodyLimits
from hacktable.server.broker import LocalBroker, make_broker
from hacktable.server.deadlines import run_deadlines
from hacktable.server.errors import TableError
from hacktable.server.limits import ClientAddress, Limits, RateLimits, TokenBuckets
from hacktable.server.origin import SameOriginOnly
from hacktable.server.parent import exit_with_parent
from hacktable.server.pauses import PauseLog
from hacktable.server.settings import BODY_LIMITS, Settings
from hacktable.server.setup_lane import SetupLane
from hacktable.server.table import Table
from hacktable.server.thinking import ThinkingPool
from hacktable.store import Store, database_url

NO_TELEMETRY: TelemetryConfig = {"tracing": False, "metrics": False, "logs": False}
"""FastAPI's OpenTelemetry off (`Settings.telemetry`)."""
GC_THRESHOLDS = (10_000, 1, 4_000)
"""The cycle collector's thresholds (Python's are 700, 10, 10). A server holding hundreds of
matches has millions of long-lived objects, and a full collection pauses every match for
~100 ms: with the defaults that came every few seconds under load and was the p99 of a
move (docs/history/server-speed.md, "First round"). Moves make little cyclic garbage
(reference counting frees the rest), so young collections wait for 10,000 allocations. A
middle collection scans what survived the young ones since the last, mostly finished
matches kept for their late readers, and holds every match while it does: after 20 young
ones it paused the load benchmark (100 seats) for 230-340 ms, after 2 of 20,000 each for
55-95 ms, after each one of 10,000 for 25-40 ms: the same objects and the same time in
all, in smaller slices. With 1,000 seats, whose live matches are most of what a pass
scans, it shortens them less (81 ms to at most 67; "Sixth round", "Thirteenth round").
Full ones wait for 4,000 middle ones, the same 40 million allocations as before."""



def create_app(settings: Settings | None = None) -> FastAPI:
    """The server: its routes, pages and middleware, and a lifespan that opens the store,
    the fan-out and the table's parts (`Settings` says how, from the environment by
    default)."""
    settings = settings or Settings.from_env()
    # Swagger UI (/docs) and ReDoc (/redoc) from files the package ships, not a CDN: a table
    # on a LAN with no internet still shows its API. The pages themselves are ours
    # (`api_docs`): in English, without ReDoc's logo from another host.
    app = FastAPIOffline(
        docs_url=None,
        redoc_url=None,
        title="hacktable",
        summary="A digital table for hacker-themed tabletop games.",
        version="0.1.0",
        lifespan=_lifespan(settings),
        static_url=DOCS_STATIC,
        telemetry=None if settings.telemetry else NO_TELEMETRY,
    )
    api_docs.mount(app)
    # extensions append `pages.HostPanel`s (e.g. `serve --mail`); the conversations panel
    app.state.host_panels = [press_pages.host_panel]  # is every table's own
    app.state.seat_panels = [press_pages.seat_panel]  # and `pages.SeatPanel`s for a seat
    app.state.lobby_panels = []  # and `pages.LobbyPanel`s for the front page (the Lab)
    app.include_router(api.router)
    app.include_router(press_api.router)
    _document_tokens(app)
    app.include_router(pages.router)
    from hacktable.server import reveal  # what everyone did, and the replay

    app.include_router(reveal.router)
    from hacktable.web import STATIC_DIR

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    _add_middleware(app, settings)
    _errors(app)
    return app


def _table(store: Store, broker: LocalBroker, settings: Settings) -> Table:
    """The table's parts, set as `settings` says."""
    table = Table(store, broker, settings.clock(), settings.snapshot_every,
                  settings.replay_limit)
    table.room.bot_pace = settings.bot_pace
    table.bots.thinking = ThinkingPool(settings.bot_workers, settings.thinker_iterations,
                                       settings.thinker_seconds)
    table.play.move_rate = TokenBuckets(settings.moves_per_second * 3600, settings.move_burst)
    table.play.move_items = settings.max_move_items
    table.press.configure(settings.press_max_chars, settings.press_per_minute,
                          settings.press_burst)
    return table


def _lifespan(settings: Settings) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """What runs beside the routes for as long as the server does: the store, the fan-out,
    the table, the deadline loop, and (when asked) the pause log and the parent watch."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(database_url(settings.database_url))
        broker = make_broker(settings.redis_url)
        table = _table(store, broker, settings)
        await broker.start(table.fanout.on_message)
        app.state.table = table
        app.state.settings = settings
        first_pass = asyncio.Event()
        loop = asyncio.create_task(run_deadlines(table, settings.tick, settings.deadline_lease,
                                                 settings.keep_days, first_pass))
        # Serve once the phases that ran out while the server was down are closed (a player
        # opening the table at once sees them closed); a store that does not answer holds
        # the start up for a few seconds at most, the loop trying again on its own.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(first_pass.wait(), FIRST_PASS_SECONDS)
        # What was loaded to start (modules, templates) lives as long as the process: keep it
        # out of the collector's full passes, whose pauses are the server's worst latency.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        pauses = PauseLog(settings.pause_log) if settings.pause_log is not None else None
        if pauses is not None:
            pauses.start()
        orphan_watch = (asyncio.create_task(exit_with_parent(settings.parent_pid))
                        if settings.exit_with_parent
                        else None)
        if settings.ready_file is not None:
            _say_ready(settings.ready_file)
        try:
            yield
        finally:
            if orphan_watch is not None:
                orphan_watch.cancel()
            if settings.ready_file is not None:
                settings.ready_file.unlink(missing_ok=True)
            loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await loop
            if pauses is not None:
                await pauses.stop()
            await table.close()
            await broker.close()
            await store.close()

    return lifespan


FIRST_PASS_SECONDS = 5.0
"""The longest a start waits for the deadline loop's first pass before serving anyway."""


def _add_middleware(app: FastAPI, settings: Settings) -> None:
    """The layers every request passes, innermost first: the set-up lane, same origin
    only, rate limits, the client's address, gzip, and outermost the body limits."""
    app.add_middleware(SetupLane, width=settings.setup_lane)
    app.add_middleware(SameOriginOnly, allowed_origins=settings.allowed_origins)
    app.state.limits = Limits(settings.lookup_misses_per_hour, settings.creates_per_hour,
                              settings.rate_burst, settings.joins_per_hour,
                              settings.join_burst)  # the front page counts its misses too
    app.add_middleware(RateLimits, limits=app.state.limits)
    app.add_middleware(ClientAddress, trusted=settings.trusted_proxies)
    if settings.gzip_level:  # inside BodyLimits: a refused body's short answer stays as is
        app.add_middleware(GZipMiddleware, minimum_size=settings.gzip_minimum_bytes,
                           compresslevel=settings.gzip_level)
    app.add_middleware(BodyLimits, limits={name: getattr(settings, name)  # outermost: a body
                                           for name in BODY_LIMITS})  # too large goes no further


def _document_tokens(app: FastAPI) -> None:
    """The API's documentation names the bearer token on every operation (`api.BEARER`),
    added to the generated document once, when it is first asked for."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = api.with_bearer(generate())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _say_ready(path: Path) -> None:
    """Write the ready file whole (a reader never sees half of it): this process's id. The
    socket opens right after the start-up this follows, so a client that sees the file may
    still be refused for a moment, never for long."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(str(os.getpid()))
    partial.replace(path)


def _errors(app: FastAPI) -> None:
    """Every refusal is a 4xx with a sentence that says what to do; never a 500."""

    @app.exception_handler(TableError)
    async def table_error(request: Request, error: TableError) -> Any:
        return _answer(request, error.status, error.message)

    @app.exception_handler(Rejected)
    async def rejected(request: Request, error: Rejected) -> Any:
        return _answer(request, 400, error.reason)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Any:
        if error.status_code == 400:
            return _answer(request, 400, "The request body could not be read; send a JSON "
                           "object in UTF-8, as the API describes.")
        if error.status_code == 404:
            return _answer(request, 404, "There is nothing at this address; the API is "
                           "described at /docs.")
        if error.status_code == 405:
            return _answer(request, 405, "This address does not take that method; see /docs.")
        answer = _answer(request, error.status_code, str(error.detail))
        answer.headers.update(error.headers or {})  # a 413 closes the connection
        return answer

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Any:
        return _answer(request, 422, _sentence(error))


def _answer(request: Request, status: int, message: str) -> Any:
    if request.url.path.startswith("/api"):
        return JSONResponse({"detail": message}, status_code=status)
    return pages.error_page(request, status, message)


def _sentence(error: RequestValidationError) -> str:
    problems = error.errors()
    if not problems:
        return "The request could not be read; send JSON as the API describes."
    first = problems[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    message = str(first.get("msg", "is not valid"))
    if first.get("type") == "json_invalid":
        return "The request body is not valid JSON; send a JSON object."
    if first.get("type") == "missing" and not where:
        return "The request needs a JSON body; send a JSON object as the API describes."
    if first.get("type") == "missing":
        return f"The field {where!r} is missing; add it and send again."
    return f"The field {where or 'body'!r} is not right: {message}."

