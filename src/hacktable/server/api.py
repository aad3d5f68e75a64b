"""The HTTP API: create, join, act, view, log and host controls; the WebSocket
(`socket.py`) is mounted here too, under the same prefix.

Who asks is resolved by `seats.py` (tokens in an `Authorization: Bearer` header or the
cookies the join and create calls set); screens are rendered by `screens.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, Literal

from fastapi import (
    APIRouter,
    Query,
    Request,
    Response,
)
from pydantic import BaseModel, ConfigDict, Field

from hacktable import media
from hacktable.engine.contract import GM
from hacktable.engine.errors import Rejected
from hacktable.games import all_games, get_game
from hacktable.server import moves, presenter, socket, wire
from hacktable.server.errors import CANCELLED_NOTE, NotFound, TableError, WrongMoment
from hacktable.server.live import Caller, Live
from hacktable.server.screens import shared_screen
from hacktable.server.seats import (
    already_here,
    host_cookie,
    resolve,
    seat_cookie,
    seat_tokens,
    set_cookie,
    table_of,
)
from hacktable.server.table import Table
from hacktable.store.records import CANCELLED, FINISHED


class Problem(BaseModel):
    """Every refusal: a sentence saying what to do."""

    detail: str


_REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Problem, "description": meaning} for status, meaning in (
        (400, "A move the rules refuse, or a request that cannot be read"),
        (401, "No token: sit at a seat (or open your personal link) first"),
        (403, "A token that does not grant this"),
        (404, "No such room code or game"),
        (409, "The wrong moment: not started, paused, over, or not your turn"),
        (422, "A malformed body"),
        (503, "The table is too busy; send it again"),
    )
}
BEARER = {"type": "http", "scheme": "bearer",
          "description": "A seat's or the host's token (browsers send it in the "
                         "hacktable_seat_CODE or hacktable_host_CODE cookie)."}
"""How the API's documentation says to send a token. Only said: `seats.py` reads the token
itself, so no request pays for a security dependency that would only read it again."""
router = APIRouter(prefix="/api", responses=_REFUSALS)
router.add_websocket_route(router.prefix + "/matches/{code}/ws", socket.watch)
"""Starlette's own route (nothing is solved for it), and the router's first: a socket opens
for every seat of every match, and each route tried before it costs the opening."""


def with_bearer(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document with the bearer token on every operation of the API."""
    schema.setdefault("components", {}).setdefault("securitySchemes", {})["HTTPBearer"] = (
        dict(BEARER))
    for path, operations in schema.get("paths", {}).items():
        if path.startswith(router.prefix + "/"):
            for operation in operations.values():
                operation["security"] = [{"HTTPBearer": []}]
    return schema


OptionName = Annotated[str, Field(max_length=60)]
OptionNumber = Annotated[int, Field(ge=-1_000_000_000, le=1_000_000_000)]
OptionText = Annotated[str, Field(max_length=200)]
SeatKey = Annotated[str, Field(max_length=3)]
Personality = Annotated[str, Field(max_length=40)]


class CreateMatch(BaseModel):
    """A new match: game, seats, rule options and which seats are bots."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40, description="A game id, as listed by GET /api/games.")
    seats: int | None = Field(None, ge=1, le=64, description="Defaults to the game's minimum.")
    options: dict[OptionName, bool | OptionNumber | OptionText] = Field(
        default_factory=dict, max_length=100, description="Rule options by name (see "
        "GET /api/games); numbers within ±1,000,000,000.")
    bots: dict[SeatKey, Personality] = Field(
        default_factory=dict, max_length=64, description="Seat index (from 0) to bot "
        "personality.")
    bot_pace: float | None = Field(None, ge=0, le=30, allow_inf_nan=False,
                                   description="Seconds each bot move takes at this table, "
                                   "so people can follow; default: the server's setting.")
    referee: bool = Field(False, description="The host referees and does not play: they see "
                          "every secret of the match (every seat is told so) and can take no "
                          "seat in it. Otherwise the host sees what a spectator sees.")
    start_when_full: bool = Field(False, description="The match starts by itself as soon "
                                  "as no seat is left open (at once if bots fill every "
                                  "seat); otherwise the host starts it.")
    name: str | None = Field(None, min_length=1, max_length=60, description="The host plays "
                             "and sits down as they create the table, under this name (not "
                             "for a host who referees).")
    seat: int | None = Field(None, ge=0, le=63, description="With a name: the host's seat, "
                             "from 0; default: the first seat that is not a bot's.")


class Created(BaseModel):
    code: str
    match_url: str
    host_url: str
    host_token: str
    table_url: str = Field(description="Where the host goes next: their seat, if they sat "
                           "down, else the table's host console.")
    seat: int | None = Field(None, description="The host's seat, if they sat down.")
    seat_token: str | None = Field(None, description="The host's seat's secret token, if "
                                   "they sat down (their browser keeps it as a cookie).")


class Replayed(Created):
    """A new table to play again: a host who played is seated again at once."""


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=63, description="Seat index, from 0.")
    name: str = Field(min_length=1, max_length=60)


class Joined(BaseModel):
    seat: int
    token: str
    seat_url: str


class HostCommand(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seconds: float | None = Field(default=None, allow_inf_nan=False,
                                  description="extend or shorten: how many seconds to add or "
                                  "take off (at most a week).")
    seat: int | None = Field(default=None, ge=0, le=63, description="bot: the seat to hand over; "
                             "open: the kept seat to open.")
    personality: str | None = Field(default=None, max_length=40, description="bot: which bot.")


class Checked(BaseModel):
    ok: bool
    understood: list[str] = Field(default_factory=list)
    error: str | None = None


@router.get("/games", summary="The games this table can host, with their rule options")
async def games() -> list[dict[str, Any]]:
    return [presenter.game_info(game) for game in all_games()]


@router.get("/games/{game_id}", summary="One game and its rule options")
async def game(game_id: str) -> dict[str, Any]:
    try:
        return presenter.game_info(get_game(game_id))
    except Exception as error:
        raise NotFound(str(error)) from None


@router.post("/matches", status_code=201, response_model=Created,
             summary="Create a match in its lobby; the caller becomes its host")
async def create(body: CreateMatch, request: Request, response: Response) -> Created:
    bots: dict[int, str] = {}
    for key, personality in body.bots.items():
        if not (key.strip().isascii() and key.strip().isdigit()) or len(key.strip()) > 3:
            raise Rejected(f"Bots are given by seat number (from 0), not {key[:20]!r}.")
        bots[int(key)] = personality
    record, host_token, seat, seat_token = await table_of(request).room.host(
        body.game, body.seats, body.options, bots, body.bot_pace, body.referee,
        start_when_full=body.start_when_full, name=body.name, seat=body.seat)
    set_cookie(response, host_cookie(record.code), host_token)
    if seat_token is not None:
        set_cookie(response, seat_cookie(record.code), seat_token)
    base = str(request.base_url).rstrip("/")
    host_url = f"{base}/m/{record.code}/host?token={host_token}"
    return Created(code=record.code, match_url=f"{base}/m/{record.code}", host_url=host_url,
                   host_token=host_token, seat=seat, seat_token=seat_token,
                   table_url=host_url if seat is None else f"{base}/m/{record.code}")


def _json(payload: Any) -> Response:
    return Response(wire.dumpb(payload), media_type="application/json")


async def _info(live: Live) -> Response:
    """Read under the match's lock, and serialised there: what is shown was committed."""
    async with live.lock:
        return _json(presenter.match_info(live))


async def _screen(table: Table, live: Live, caller: Caller, **extra: Any) -> Response:
    """The caller's screen as JSON: the same rendering its WebSocket is pushed."""
    async with live.lock:
        return _json({**shared_screen(table, live, caller, html=False).payload, **extra})


@router.get("/matches/{code}", summary="A match's public facts: seats, status, deadline")
async def info(code: str, request: Request) -> Response:
    return await _info(await table_of(request).matches.load(code))


@router.post("/matches/{code}/join", response_model=Joined,
             summary="Take an open seat under a name; returns the seat's secret token")
async def join(code: str, body: JoinSeat, request: Request, response: Response) -> Joined:
    table = table_of(request)
    live = await table.matches.load(code)
    live, token = await table.room.join(code, body.seat, body.name,
                                   asking=await already_here(request, live))
    set_cookie(response, seat_cookie(live.record.code), token)
    base = str(request.base_url).rstrip("/")
    return Joined(seat=body.seat, token=token,
                  seat_url=f"{base}/m/{live.record.code}?token={token}")


@router.post("/matches/{code}/take", response_model=Joined,
             summary="Sit down again in the seat kept for you (playing again): proven by "
                     "the seat token of the match before, from your own browser")
async def take(code: str, request: Request, response: Response) -> Joined:
    table = table_of(request)
    live = await table.matches.load(code)
    here = await already_here(request, live)
    if here is not None and here.role == "seat":
        raise WrongMoment("You already sit at this table; open it to play.")
    seat, token = await table.held_seats.take(live, seat_tokens(request))
    set_cookie(response, seat_cookie(live.record.code), token)
    base = str(request.base_url).rstrip("/")
    return Joined(seat=seat, token=token, seat_url=f"{base}/m/{live.record.code}?token={token}")


@router.post("/matches/{code}/release", status_code=204,
             summary="Give up the seat kept for you (you will not play again): it opens")
async def release(code: str, request: Request) -> Response:
    table = table_of(request)
    live = await table.matches.load(code)
    await table.held_seats.release(live, seat_tokens(request))
    return Response(status_code=204)


@router.get("/matches/{code}/view", summary="What the caller may see now")
async def view(code: str, request: Request,
               as_: Annotated[Literal["seat", "host"], Query(alias="as")] = "seat"
               ) -> Response:
    table, live, caller = await resolve(request, code, as_host=as_ == "host")
    return await _screen(table, live, caller)


MOVE_BODY = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": moves.MOVE_SCHEMA}}}}
"""The body POST /act and /check take, as the documentation shows it: the routes read it
themselves (`moves.read_move`), so a move sent here is refused as one sent on the socket."""


async def _move(request: Request) -> moves.SentMove:
    """The move in the request's body, checked as every move is (`moves.parse_move`)."""
    return moves.read_move(await request.body(), request.headers.get("content-type"),
                           table_of(request).play.move_items)


@router.post("/matches/{code}/act", summary="Make a move (JSON action or written notation)",
             openapi_extra=MOVE_BODY)
async def act(code: str, request: Request) -> Response:
    move = await _move(request)
    table, live, caller = await resolve(request, code)
    acted = await table.play.act(live, caller, move.action, move.text)
    return await _screen(table, live, caller, accepted=acted.accepted)


@router.post("/matches/{code}/check", response_model=Checked, openapi_extra=MOVE_BODY,
             summary="Read a move without making it: what the game understood, or why not")
async def check(code: str, request: Request) -> Checked:
    move = await _move(request)
    table, live, caller = await resolve(request, code)
    try:
        understood = await table.play.check(live, caller, move.action, move.text)
    except Rejected as error:
        return Checked(ok=False, error=error.reason)
    return Checked(ok=True, understood=understood)


@router.post("/matches/{code}/host/{command}",
             summary="Host controls: start, pause, resume, extend, shorten, close (the phase "
                     "now), bot, open (a seat kept for a player who is not coming), end (before "
                     "the start: cancel the table, its seats freed and everyone told)")
async def host(code: str, command: Literal["start", "pause", "resume", "extend", "shorten",
                                           "close", "bot", "open", "end"],
               request: Request, body: HostCommand | None = None) -> Response:
    table, live, caller = await resolve(request, code, as_host=True)
    body = body or HostCommand()
    await table.host_controls.run(live, caller, command, body.seconds, body.seat,
                                  body.personality)
    return await _info(live)


@router.post("/matches/{code}/rematch", status_code=201, response_model=Replayed,
             summary="Play again: a new match with the same game, seats, options and bots "
                     "(host only, once the match is over); a host who plays sits again at once")
async def rematch(code: str, request: Request, response: Response) -> Replayed:
    table, live, caller = await resolve(request, code, as_host=True)
    record, host_token = await table.room.rematch(live, caller)
    set_cookie(response, host_cookie(record.code), host_token)
    base = str(request.base_url).rstrip("/")
    host_url = f"{base}/m/{record.code}/host?token={host_token}"
    seat = token = None
    played = request.cookies.get(seat_cookie(live.record.code))
    if played:  # the host sat at the old table from this browser: their seat is kept for
        with contextlib.suppress(TableError):  # them, and this is their own browser
            again = await table.matches.load(record.code)
            seat, token = await table.held_seats.take(again, [played])
            set_cookie(response, seat_cookie(record.code), token)
    return Replayed(code=record.code, match_url=f"{base}/m/{record.code}", host_url=host_url,
                    host_token=host_token, seat=seat, seat_token=token,
                    table_url=host_url if seat is None else f"{base}/m/{record.code}")


@router.get("/matches/{code}/media/{media_id}",
            summary="A recording or picture the caller's own view refers to by id",
            response_class=Response,
            responses={200: {"content": {"audio/wav": {}}, "description": "The media."}})
async def match_media(code: str, media_id: str, request: Request,
                      as_: Annotated[Literal["seat", "host"], Query(alias="as")] = "seat"
                      ) -> Response:
    table, live, caller = await resolve(request, code, as_host=as_ == "host")
    async with live.lock:
        await table.matches.sync(live)
        found = None if live.match is None else live.game.media(live.match.state,
                                                                 caller.viewer, media_id)
    if not found:
        raise NotFound("There is no such recording for you in this match.")
    rendered = await asyncio.to_thread(media.render, found["renderer"], found["spec"])
    return Response(rendered.body, media_type=rendered.content_type,
                    headers={"cache-control": "private, max-age=3600"})


@router.get("/matches/{code}/log",
            summary="The match log, to download and replay: everyone's once the match is "
                    "over; before that, only a refereeing host's (or a gamemaster seat's)")
async def match_log(code: str, request: Request) -> Response:
    table = table_of(request)
    live = await table.matches.load(code)
    caller = await already_here(request, live)
    async with live.lock:
        await table.matches.sync(live)
        if live.match is None:
            if live.record.status == CANCELLED:
                raise WrongMoment(f"{CANCELLED_NOTE} Nothing was played: there is no log.")
            raise WrongMoment("The match has not started; there is no log yet.")
        sees_all = caller is not None and (
            caller.viewer == GM or (caller.role == "seat" and caller.seat is not None
                                    and caller.seat == live.game.referee_seat))
        if live.record.status not in FINISHED and not sees_all:
            raise WrongMoment("The log holds every secret of the match, so it opens to "
                              "everyone once the match is over, not before.")
        text = live.match.dumps()
    text = await table.press.reveal_in_log(live, text)  # messages only if revealed
    filename = f"hacktable-{live.record.game}-{live.record.code}.json"
    return Response(text, media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="{filename}"'})

