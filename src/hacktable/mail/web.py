"""Email play from the host console: `GET`/`POST /api/matches/{code}/mail`, host only.

The routes exist only on a server that runs the gateway (`hacktable serve --mail`), which
mounts them with `mount`; a server without mail has neither the routes nor the console's
form. Nothing here ever shows a seat's secret code, not even to the host: the code proves
the seat, and only its player is sent it, in the welcome mail (see docs/mail.md).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from hacktable.mail import confirm, console, seating
from hacktable.mail.enable import enable_seats
from hacktable.mail.settings import MailSettings
from hacktable.server.api import Problem
from hacktable.server.callers import require_host, require_seat
from hacktable.server.limits import client_of
from hacktable.server.live import Caller, Live
from hacktable.server.seats import resolve
from hacktable.server.table import Table
from hacktable.store.mail import MailStore
from hacktable.store.records import LOBBY

REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Problem, "description": meaning} for status, meaning in (
        (400, "A seat, address or name that cannot be used; the sentence says which"),
        (401, "No token: open the host link first"),
        (403, "Not the host's token, or a seat only its player may move to email"),
        (404, "No such room code"),
        (409, "The wrong moment: the match is over, or cannot start yet"),
        (422, "A malformed body"),
        (429, "Too many confirmation codes: to that address today, from here or from this "
              "seat this hour"),
    )
}
router = APIRouter(prefix="/api", tags=["email play"], responses=REFUSALS)
"""Its operations name the bearer token in the API's documentation with the rest of /api
(`server.api.with_bearer`)."""


class EnableMail(BaseModel):
    """Seats to play by email, each with its player's address."""

    model_config = ConfigDict(extra="forbid")
    players: dict[str, str] = Field(
        description="Seat index (from 0) to the player's email address. A seat held on the "
        "web keeps its player; an open seat needs a name too. An empty address leaves the "
        "seat as it is.")
    names: dict[str, str] = Field(default_factory=dict, description="Seat index to the name "
                                  "an open seat's player sits under.")
    start: bool = Field(False, description="Start the match once everyone is seated (only "
                        "from the lobby).")
    new_codes: bool = Field(False, description="Give the seats named in `players` new seat "
                            "codes (one leaked); each of them gets a new welcome mail.")


class SeatMail(BaseModel):
    seat: int
    name: str | None
    kind: str
    address: str | None = Field(description="Where the seat's mail goes; null if none.")
    mail: bool = Field(description="Whether the seat is played by email too.")


class MailSetup(BaseModel):
    """A match's email play as its host sees it: addresses, never seat codes."""

    code: str
    status: str
    gateway: str = Field(description="The gamemaster's address. Each seat's own address "
                         "(gateway plus its code), which proves the seat, goes only to its "
                         "player, in the welcome mail.")
    seats: list[SeatMail]


def settings_of(request: Request) -> MailSettings:
    return request.app.state.mail_settings


async def setup(table: Table, live: Live, settings: MailSettings) -> MailSetup:
    """What the host is shown: each seat, its address and whether mail is on."""
    mailed = {s.seat: s for s in await MailStore(table.store).seats(live.record.id)}
    seats = [SeatMail(seat=s.seat, name=s.name, kind=s.kind,
                      address=mailed[s.seat].address if s.seat in mailed else None,
                      mail=s.seat in mailed) for s in live.seats]
    return MailSetup(code=live.record.code, status=live.record.status,
                     gateway=settings.address, seats=seats)


async def _as_host(request: Request, code: str) -> tuple[Table, Live, Caller]:
    table, live, caller = await resolve(request, code, as_host=True)
    require_host(caller)
    return table, live, caller


@router.get("/matches/{code}/mail", response_model=MailSetup,
            summary="Email play on a match: each seat's address and whether mail is on "
                    "(host only)")
async def read_mail(code: str, request: Request) -> MailSetup:
    table, live, _ = await _as_host(request, code)
    async with console.changing(request, live.record.id):
        await table.matches.read(live, lambda live: None)  # the record as committed
        live.seats = await table.store.seats(live.record.id)
        return await setup(table, live, settings_of(request))


@router.post("/matches/{code}/mail", response_model=MailSetup,
             summary="Let seats play by email: each player gets a welcome mail with their "
                     "own seat address (host only)")
async def enable_mail(code: str, body: EnableMail, request: Request) -> MailSetup:
    table, live, caller = await _as_host(request, code)
    async with console.changing(request, live.record.id):
        return await _enable(request, table, live, caller, body)


async def _enable(request: Request, table: Table, live: Live, caller: Caller,
                  body: EnableMail) -> MailSetup:
    settings = settings_of(request)
    store = MailStore(table.store)
    players = seating.seat_numbers(body.players, "Addresses")
    names = seating.seat_numbers(body.names, "Names")
    live.seats = await table.store.seats(live.record.id)  # a seat may be taken elsewhere
    existing = await store.seats(live.record.id)
    wanted = await table.matches.read(live, lambda live: seating.check(
        live, settings, players, names, existing, body.start))
    if not settings.web_url:  # the welcome mail links to the table the host is using
        settings = replace(settings, web_url=str(request.base_url).rstrip("/"))
    await enable_seats(table, store, settings, live.record.code, wanted, body.new_codes)
    if body.start and live.record.status == LOBBY:
        await table.host_controls.run(live, caller, "start")
    gateway = getattr(request.app.state, "mail", None)
    if gateway is not None:
        gateway.outbox.wake()
    live.seats = await table.store.seats(live.record.id)
    return await setup(table, live, settings_of(request))


class MyMail(BaseModel):
    """A player's own seat, played by email from this address."""

    model_config = ConfigDict(extra="forbid")
    address: str = Field(max_length=254, description="The player's email address; the seat's "
                         "code is sent there, in a welcome mail.")


class MyMailSetup(BaseModel):
    """Email play for the caller's own seat."""

    seat: int
    address: str | None = Field(description="Where this seat's mail goes; null if none.")
    waiting: str | None = Field(None, description="An address sent a confirmation code, "
                                "waiting for the code to be typed back.")
    gateway: str


class MyCode(BaseModel):
    """The confirmation code mailed to the address a player gave."""

    model_config = ConfigDict(extra="forbid")
    code: str = Field(max_length=20, description="The six digits from the mail.")


@router.get("/matches/{code}/mail/mine", response_model=MyMailSetup,
            summary="Email play for your own seat (the seat's token)")
async def read_my_mail(code: str, request: Request) -> MyMailSetup:
    table, live, caller = await resolve(request, code)
    seat = require_seat(caller)
    return await _mine(table, live, seat, settings_of(request))


async def _mine(table: Table, live: Live, seat: int, settings: MailSettings) -> MyMailSetup:
    store = MailStore(table.store)
    mailed = {s.seat: s for s in await store.seats(live.record.id)}
    pending = await store.pending(live.record.id, seat)
    return MyMailSetup(seat=seat, address=mailed[seat].address if seat in mailed else None,
                       waiting=pending.address if pending is not None else None,
                       gateway=settings.address)


@router.post("/matches/{code}/mail/mine", response_model=MyMailSetup,
             summary="Play your own seat by email too, or from another address (the seat's "
                     "token): the address is sent a code to type back first")
async def enable_my_mail(code: str, body: MyMail, request: Request) -> MyMailSetup:
    table, live, caller = await resolve(request, code)
    seat = require_seat(caller)
    settings = settings_of(request)
    store = MailStore(table.store)
    async with console.changing(request, live.record.id):
        existing = await store.seats(live.record.id)
        wanted = await table.matches.read(live, lambda live: seating.player_check(
            live, settings, seat, body.address, existing))
        await confirm.ask(table, store, settings, live, wanted, client_of(request.scope),
                          settings.web_url or str(request.base_url))
    _wake(request)
    return await _mine(table, live, seat, settings)


@router.post("/matches/{code}/mail/mine/confirm", response_model=MyMailSetup,
             summary="Type back the code mailed to your new address: the seat's mail goes "
                     "there from now on; the whole table is told, never the address")
async def confirm_my_mail(code: str, body: MyCode, request: Request) -> MyMailSetup:
    table, live, caller = await resolve(request, code)
    seat = require_seat(caller)
    settings = settings_of(request)
    store = MailStore(table.store)
    async with console.changing(request, live.record.id):
        await table.matches.read(live, lambda live: seating.player_may_change(live))
        if not settings.web_url:
            settings = replace(settings, web_url=str(request.base_url).rstrip("/"))
        await confirm.confirm(table, store, settings, live, seat, body.code)
    _wake(request)
    return await _mine(table, live, seat, settings_of(request))


def _wake(request: Request) -> None:
    gateway = getattr(request.app.state, "mail", None)
    if gateway is not None:
        gateway.outbox.wake()


def mount(app: FastAPI, settings: MailSettings) -> None:
    """Give a server that runs the gateway the routes and the host console's panel."""
    app.state.mail_settings = settings
    app.state.mail_locks = {}
    app.include_router(router)
    panels = getattr(app.state, "host_panels", None)
    if panels is not None:
        panels.append(console.panel)
    seat_panels = getattr(app.state, "seat_panels", None)
    if seat_panels is not None:
        seat_panels.append(console.seat_panel)
    from hacktable.mail import reminders_web  # reminders for web players

    reminders_web.mount(app)
