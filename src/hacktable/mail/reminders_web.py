"""Reminders for a web player's own seat: the routes (the seat's token only) and the box on
their screen. Mounted with the rest of email play where the server runs the gateway."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from hacktable.mail import reminders
from hacktable.mail.console import changing
from hacktable.mail.settings import MailSettings
from hacktable.server.callers import require_host, require_seat
from hacktable.server.limits import client_of
from hacktable.server.live import Live
from hacktable.server.seats import resolve
from hacktable.server.table import Table
from hacktable.store.records import FINISHED
from hacktable.store.reminders import ReminderStore

router = APIRouter(prefix="/api", tags=["reminders"])


class RemindMe(BaseModel):
    """The address reminders for your own seat go to (a code is mailed there first)."""

    model_config = ConfigDict(extra="forbid")
    address: str = Field(max_length=254)


class RemindCode(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(max_length=20, description="The six digits from the mail.")


class MyReminders(BaseModel):
    """Reminders for the caller's own seat: never anyone else's."""

    seat: int
    address: str | None = Field(description="Where reminders go, once confirmed.")
    waiting: str | None = Field(None, description="An address sent a code, not yet typed "
                                "back.")
    minutes: float = Field(description="How long before a deadline the 'you have sent "
                           "nothing' reminder goes (0: never).")


def _settings(request: Request) -> MailSettings:
    return request.app.state.mail_settings


async def _mine(table: Table, live: Live, seat: int, settings: MailSettings) -> MyReminders:
    found = await ReminderStore(table.store).get(live.record.id, seat)
    return MyReminders(seat=seat, address=found.address if found and found.confirmed else None,
                       waiting=found.address if found and not found.confirmed else None,
                       minutes=await _lead(table, live, settings))


@router.get("/matches/{code}/reminders/mine", response_model=MyReminders,
            summary="Reminders by mail for your own seat (the seat's token)")
async def read_mine(code: str, request: Request) -> MyReminders:
    table, live, caller = await resolve(request, code)
    return await _mine(table, live, require_seat(caller), _settings(request))


@router.post("/matches/{code}/reminders/mine", response_model=MyReminders,
             summary="Ask for reminders at an address: it is sent a code to type back first")
async def ask(code: str, body: RemindMe, request: Request) -> MyReminders:
    table, live, caller = await resolve(request, code)
    seat = require_seat(caller)
    settings = _settings(request)
    async with changing(request, live.record.id):
        await reminders.ask(table, settings, live, seat, body.address,
                            client_of(request.scope), settings.web_url or str(request.base_url))
    _wake(request)
    return await _mine(table, live, seat, settings)


@router.post("/matches/{code}/reminders/mine/confirm", response_model=MyReminders,
             summary="Type back the code mailed to your address: reminders go there")
async def confirm(code: str, body: RemindCode, request: Request) -> MyReminders:
    table, live, caller = await resolve(request, code)
    seat = require_seat(caller)
    async with changing(request, live.record.id):
        await reminders.confirm(table, _settings(request), live, seat, body.code)
    return await _mine(table, live, seat, _settings(request))


@router.post("/matches/{code}/reminders/mine/off", response_model=MyReminders,
             summary="No more reminders for your seat")
async def off(code: str, request: Request) -> MyReminders:
    table, live, caller = await resolve(request, code)
    seat = require_seat(caller)
    await ReminderStore(table.store).drop(live.record.id, seat)
    return await _mine(table, live, seat, _settings(request))


class Lead(BaseModel):
    """How long before a round's deadline a player who has sent nothing is reminded."""

    model_config = ConfigDict(extra="forbid")
    minutes: float = Field(ge=0, le=reminders.MAX_LEAD, description="Minutes; 0: never.")


@router.post("/matches/{code}/reminders/lead", response_model=Lead,
             summary="The host sets the lead time of 'you have sent nothing' reminders for "
                     "this match (0: none) (host only)")
async def set_lead(code: str, body: Lead, request: Request) -> Lead:
    table, live, caller = await resolve(request, code, as_host=True)
    require_host(caller)
    return Lead(minutes=await reminders.set_lead(table, live, body.minutes))


async def _lead(table: Table, live: Live, settings: MailSettings) -> float:
    found = await ReminderStore(table.store).lead(live.record.id)
    return settings.reminder_minutes if found is None else found


async def host_panel(request: Request, live: Live) -> str | None:
    """The host's lead time for the match's reminders."""
    if live.record.status in FINISHED:
        return None
    from hacktable.web import templates

    minutes = await _lead(request.app.state.table, live, _settings(request))
    return templates().get_template("_reminders_host.html").render(
        code=live.record.code, minutes=minutes)


def _wake(request: Request) -> None:
    gateway = getattr(request.app.state, "mail", None)
    if gateway is not None:
        gateway.outbox.wake()


async def seat_panel(request: Request, live: Live, seat: int) -> str | None:
    """The player's own "Remind me" box (and the browser's notifications)."""
    if live.record.status in FINISHED:
        return None
    table = request.app.state.table
    mine = await _mine(table, live, seat, _settings(request))
    from hacktable.web import templates

    return templates().get_template("_reminders_seat.html").render(
        code=live.record.code, address=mine.address, waiting=mine.waiting,
        minutes=mine.minutes)


def mount(app: FastAPI) -> None:
    app.include_router(router)
    panels = getattr(app.state, "seat_panels", None)
    if panels is not None:
        panels.append(seat_panel)
    hosts = getattr(app.state, "host_panels", None)
    if hosts is not None:
        hosts.append(host_panel)
