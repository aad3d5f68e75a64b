"""The HTTP API and the WebSocket: create, join, act, view, log and host controls.

Tokens come in an `Authorization: Bearer` header, or in the cookies the join and create
calls set (so browsers need no script to hold them), or as `?token=` on the WebSocket.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, Literal, NamedTuple

from fastapi import (
    APIRouter,
    Query,
    Request,
    Response,
    Security,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.security import HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from hacktable import media
from hacktable.engine.contract import GM
from hacktable.engine.errors import Rejected
from hacktable.games import all_games, get_game
from hacktable.server import presenter, wire
from hacktable.server.errors import NotFound, TableError, WrongMoment
from hacktable.server.security import normal_room_code
from hacktable.server.service import Caller, Live, Table
from hacktable.store.records import FINISHED, LOBBY


class Shown(NamedTuple):
    """One rendering of a caller's screen: what it shows (to tell whether it changed), the
    message pushed to its sockets, and the payload it was made from."""

    fingerprint: bytes
    message: str
    payload: dict[str, Any]


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
TOKEN = HTTPBearer(auto_error=False, description="A seat's or the host's token (browsers "
                   "send it in the hacktable_seat_CODE or hacktable_host_CODE cookie).")
router = APIRouter(prefix="/api", responses=_REFUSALS, dependencies=[Security(TOKEN)])
COOKIE_AGE = 60 * 60 * 24 * 60
MAX_WRITTEN_MOVE = 20_000
"""The longest move in writing, over HTTP or the socket."""
MAX_SOCKET_MOVE = 32_000
"""The longest move message read from a socket, in characters."""


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


class Created(BaseModel):
    code: str
    match_url: str
    host_url: str
    host_token: str


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=63, description="Seat index, from 0.")
    name: str = Field(min_length=1, max_length=60)


class Joined(BaseModel):
    seat: int
    token: str
    seat_url: str


class Move(BaseModel):
    """A move: `action` as the game's JSON, or `text` in its written notation."""

    model_config = ConfigDict(extra="forbid")
    action: Any = None
    text: str | None = Field(None, max_length=MAX_WRITTEN_MOVE)


class HostCommand(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seconds: float | None = Field(None, allow_inf_nan=False,
                                  description="extend or shorten: how many seconds to add or "
                                  "take off (at most a week).")
    seat: int | None = Field(None, ge=0, le=63, description="bot: the seat to hand over; "
                             "open: the kept seat to open.")
    personality: str | None = Field(None, max_length=40, description="bot: which bot.")


class Checked(BaseModel):
    ok: bool
    understood: list[str] = Field(default_factory=list)
    error: str | None = None


def seat_cookie(code: str) -> str:
    return f"hacktable_seat_{code}"


def host_cookie(code: str) -> str:
    return f"hacktable_host_{code}"


def bearer(request: Request | WebSocket) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


def table_of(request: Request | WebSocket) -> Table:
    return request.app.state.table


async def resolve(request: Request | WebSocket, code: str, as_host: bool = False,
                  token: str | None = None) -> tuple[Table, Live, Caller]:
    """The match and who is asking: header token, else the seat (or host) cookie."""
    table = table_of(request)
    live = await table.load(code)
    presented = token or bearer(request)
    if presented is None:
        cookie = host_cookie(live.record.code) if as_host else seat_cookie(live.record.code)
        presented = request.cookies.get(cookie)
    return table, live, await table.caller(live, presented)


def _set_cookie(response: Response, name: str, token: str) -> None:
    response.set_cookie(name, token, max_age=COOKIE_AGE, httponly=True, samesite="lax",
                        path="/")


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
    record, host_token = await table_of(request).create(body.game, body.seats, body.options,
                                                        bots, body.bot_pace, body.referee)
    _set_cookie(response, host_cookie(record.code), host_token)
    base = str(request.base_url).rstrip("/")
    return Created(code=record.code, match_url=f"{base}/m/{record.code}",
                   host_url=f"{base}/m/{record.code}/host?token={host_token}",
                   host_token=host_token)


def _json(payload: Any) -> Response:
    return Response(wire.dumpb(payload), media_type="application/json")


async def _info(live: Live) -> Response:
    """Read under the match's lock, and serialised there: what is shown was committed."""
    async with live.lock:
        return _json(presenter.match_info(live))


async def _screen(table: Table, live: Live, caller: Caller, **extra: Any) -> Response:
    """The caller's screen as JSON: the same rendering its WebSocket is pushed."""
    async with live.lock:
        return _json({**_shared_screen(table, live, caller, html=False).payload, **extra})


@router.get("/matches/{code}", summary="A match's public facts: seats, status, deadline")
async def info(code: str, request: Request) -> Response:
    return await _info(await table_of(request).load(code))


@router.post("/matches/{code}/join", response_model=Joined,
             summary="Take an open seat under a name; returns the seat's secret token")
async def join(code: str, body: JoinSeat, request: Request, response: Response) -> Joined:
    table = table_of(request)
    live = await table.load(code)
    live, token = await table.join(code, body.seat, body.name,
                                   asking=await already_here(request, live))
    _set_cookie(response, seat_cookie(live.record.code), token)
    base = str(request.base_url).rstrip("/")
    return Joined(seat=body.seat, token=token,
                  seat_url=f"{base}/m/{live.record.code}?token={token}")


async def already_here(request: Request, live: Live) -> Caller | None:
    """Who this browser already is at the table, from the cookies it sent (and a bearer
    token): the seat it holds, else the host, else nobody."""
    table = table_of(request)
    for token in (bearer(request), request.cookies.get(seat_cookie(live.record.code))):
        if token:
            with contextlib.suppress(TableError):
                caller = await table.caller(live, token)
                if caller.role == "seat":
                    return caller
    host = request.cookies.get(host_cookie(live.record.code)) or bearer(request)
    if host:
        caller = await table.caller(live, None, host_token=host)
        if caller.role == "host":
            return caller
    return None


def seat_tokens(request: Request) -> list[str]:
    """Every seat token this browser holds, for any table (a seat kept for a player of the
    match before is theirs if one of them is their old token), and a bearer token."""
    found = [value for name, value in request.cookies.items()
             if name.startswith("hacktable_seat_") and value][:50]
    presented = bearer(request)
    return [presented, *found] if presented else found


@router.post("/matches/{code}/take", response_model=Joined,
             summary="Sit down again in the seat kept for you (playing again): proven by "
                     "the seat token of the match before, from your own browser")
async def take(code: str, request: Request, response: Response) -> Joined:
    table = table_of(request)
    live = await table.load(code)
    here = await already_here(request, live)
    if here is not None and here.role == "seat":
        raise WrongMoment("You already sit at this table; open it to play.")
    seat, token = await table.take_held(live, seat_tokens(request))
    _set_cookie(response, seat_cookie(live.record.code), token)
    base = str(request.base_url).rstrip("/")
    return Joined(seat=seat, token=token, seat_url=f"{base}/m/{live.record.code}?token={token}")


@router.post("/matches/{code}/release", status_code=204,
             summary="Give up the seat kept for you (you will not play again): it opens")
async def release(code: str, request: Request) -> Response:
    table = table_of(request)
    live = await table.load(code)
    await table.release_held(live, seat_tokens(request))
    return Response(status_code=204)


@router.get("/matches/{code}/view", summary="What the caller may see now")
async def view(code: str, request: Request,
               as_: Annotated[Literal["seat", "host"], Query(alias="as")] = "seat"
               ) -> Response:
    table, live, caller = await resolve(request, code, as_host=as_ == "host")
    return await _screen(table, live, caller)


@router.post("/matches/{code}/act", summary="Make a move (JSON action or written notation)")
async def act(code: str, body: Move, request: Request) -> Response:
    table, live, caller = await resolve(request, code)
    if (body.action is None) == (body.text is None):
        raise Rejected("Send either an action or a text, not both and not neither.")
    entries = await table.act(live, caller, body.action, body.text)
    async with live.lock:
        accepted = presenter.numbers(live, caller, entries)
    return await _screen(table, live, caller, accepted=accepted)


@router.post("/matches/{code}/check", response_model=Checked,
             summary="Read a move without making it: what the game understood, or why not")
async def check(code: str, body: Move, request: Request) -> Checked:
    table, live, caller = await resolve(request, code)
    if (body.action is None) == (body.text is None):
        raise Rejected("Send either an action or a text, not both and not neither.")
    try:
        understood = await table.check(live, caller, body.action, body.text)
    except Rejected as error:
        return Checked(ok=False, error=error.reason)
    return Checked(ok=True, understood=understood)


@router.post("/matches/{code}/host/{command}",
             summary="Host controls: start, pause, resume, extend, shorten, close (the phase "
                     "now), bot, open (a seat kept for a player who is not coming), end")
async def host(code: str, command: Literal["start", "pause", "resume", "extend", "shorten",
                                           "close", "bot", "open", "end"],
               request: Request, body: HostCommand | None = None) -> Response:
    table, live, caller = await resolve(request, code, as_host=True)
    body = body or HostCommand()
    await table.host(live, caller, command, body.seconds, body.seat, body.personality)
    return await _info(live)


@router.post("/matches/{code}/rematch", status_code=201, response_model=Created,
             summary="Play again: a new match with the same game, seats, options and bots "
                     "(host only, once the match is over)")
async def rematch(code: str, request: Request, response: Response) -> Created:
    table, live, caller = await resolve(request, code, as_host=True)
    record, host_token = await table.rematch(live, caller)
    _set_cookie(response, host_cookie(record.code), host_token)
    base = str(request.base_url).rstrip("/")
    return Created(code=record.code, match_url=f"{base}/m/{record.code}",
                   host_url=f"{base}/m/{record.code}/host?token={host_token}",
                   host_token=host_token)


@router.get("/matches/{code}/media/{media_id}",
            summary="A recording or picture the caller's own view refers to by id",
            response_class=Response,
            responses={200: {"content": {"audio/wav": {}}, "description": "The media."}})
async def match_media(code: str, media_id: str, request: Request,
                      as_: Annotated[Literal["seat", "host"], Query(alias="as")] = "seat"
                      ) -> Response:
    table, live, caller = await resolve(request, code, as_host=as_ == "host")
    async with live.lock:
        await table._sync(live)
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
    live = await table.load(code)
    caller = await already_here(request, live)
    async with live.lock:
        await table._sync(live)
        if live.match is None:
            raise WrongMoment("The match has not started; there is no log yet.")
        sees_all = caller is not None and (
            caller.viewer == GM or (caller.role == "seat" and caller.seat is not None
                                    and caller.seat == live.game.referee_seat))
        if live.record.status not in FINISHED and not sees_all:
            raise WrongMoment("The log holds every secret of the match, so it opens to "
                              "everyone once the match is over, not before.")
        text = live.match.dumps()
    filename = f"hacktable-{live.record.game}-{live.record.code}.json"
    return Response(text, media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="{filename}"'})


@router.websocket("/matches/{code}/ws")
async def watch(websocket: WebSocket, code: str, token: str | None = None,
                format: str = "html", as_: Annotated[str, Query(alias="as")] = "seat") -> None:
    """Push the caller's screen now and whenever the match moves."""
    try:
        presented = token or bearer(websocket) or websocket.cookies.get(
            host_cookie(normal_room_code(code)) if as_ == "host"
            else seat_cookie(normal_room_code(code)))
        table, live, caller = await resolve(websocket, code, as_host=as_ == "host",
                                            token=token)
    except TableError as error:  # accepted first, so the page can read why and stop
        await websocket.accept()
        await websocket.close(code=4000 + error.status, reason=_reason(error.message))
        return
    client = (websocket.client.host if websocket.client else "unknown")
    full = _crowded(websocket, live, client)
    if full:
        await websocket.accept()
        await websocket.close(code=4429, reason=_reason(full))
        return
    await websocket.accept()
    html = format == "html"

    async def pump() -> None:
        seen = [-1]
        last_shown: list[bytes | None] = [None]
        last_sent: list[Any] = [None]
        while True:
            async with live.changed:
                await live.changed.wait_for(lambda: live.version != seen[0])
                seen[0] = live.version
                news = live.last_news
            if caller.role != "spectator":  # a seat handed to a bot is no longer theirs
                try:
                    await table.caller(live, presented, presented if caller.role == "host"
                                       else None)
                except TableError as error:
                    await websocket.close(code=4000 + error.status, reason=_reason(
                        "This seat was handed to a bot, so it is no longer yours."))
                    return
            async with live.lock:  # what is pushed was committed, and is serialised here
                messages = []
                if live.record.status == LOBBY or news == "room":
                    messages.append(wire.dumps({"type": "room",
                                                "match": presenter.match_info(live)}))
                if live.record.status != LOBBY:
                    shown = _shared_screen(table, live, caller, html)
                    sent = presenter.sent(live)
                    if shown.fingerprint != last_shown[0]:
                        last_shown[0] = shown.fingerprint
                        messages.append(shown.message)
                    elif sent != last_sent[0]:  # only who has sent changed: say just that
                        messages.append(_sent_message(live, caller, sent, html))
                    last_sent[0] = sent  # else nothing new for this seat: say nothing
            for text in messages:
                await websocket.send_text(text)

    async def drain() -> None:
        """Moves sent on the socket itself (`{"type": "act", ...}`); anything else is
        ignored, as before moves could travel here."""
        while True:
            text = await websocket.receive_text()
            answer = await socket_move(table, live, caller, presented, text)
            if answer is not None:
                await websocket.send_text(answer)

    tasks = [asyncio.create_task(pump()), asyncio.create_task(drain())]
    live.watchers += 1
    live.watchers_by_client[client] = live.watchers_by_client.get(client, 0) + 1
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    except WebSocketDisconnect:
        pass
    finally:
        live.watchers -= 1
        left = live.watchers_by_client.get(client, 1) - 1
        if left > 0:
            live.watchers_by_client[client] = left
        else:
            live.watchers_by_client.pop(client, None)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            await websocket.close()


async def socket_move(table: Table, live: Live, caller: Caller, presented: str | None,
                      text: str) -> str | None:
    """Make a move that came over the WebSocket, as POST /act would, and say how it went.

    `{"type": "act", "id": 7, "action": {...}}` (or `"text": "..."` in the game's notation)
    is answered `{"type": "acted", "id": 7, "accepted": [seqs]}`, or `{"type": "refused",
    "id": 7, "status": 409, "detail": "..."}` with the sentence POST /act would give. The
    new screen follows as a push, as for a move made any other way. Moves skip the HTTP
    layers, which cost more than the move itself (docs/server.md, "Where the time goes")."""
    if len(text) > MAX_SOCKET_MOVE:  # answered, not dropped: the page can say why
        return wire.dumps({"type": "refused", "id": None, "status": 413,
                           "detail": f"A message on the socket is at most "
                                     f"{MAX_SOCKET_MOVE:,} characters; send a shorter move."})
    if '"act"' not in text:
        return None
    try:
        message = wire.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("type") != "act":
        return None
    ident = message.get("id")
    if not isinstance(ident, (str, int)) or isinstance(ident, bool):
        ident = None
    action, written = message.get("action"), message.get("text")
    try:
        if set(message) - {"type", "id", "action", "text"}:
            raise Rejected("A move over the socket has only type, id, and action or text.")
        if (action is None) == (written is None) or (
                written is not None and not isinstance(written, str)):
            raise Rejected("Send either an action or a text, not both and not neither.")
        if written is not None and len(written) > MAX_WRITTEN_MOVE:
            raise Rejected(f"A written move is at most {MAX_WRITTEN_MOVE:,} characters.")
        if caller.role == "seat":  # a seat handed to a bot since the socket opened is not
            caller = await table.caller(live, presented)  # theirs to move any more
        entries = await table.act(live, caller, action, written)
    except TableError as error:
        return wire.dumps({"type": "refused", "id": ident, "status": error.status,
                           "detail": error.message})
    except Rejected as error:
        return wire.dumps({"type": "refused", "id": ident, "status": 400,
                           "detail": error.reason})
    async with live.lock:
        accepted = presenter.numbers(live, caller, entries)
    return wire.dumps({"type": "acted", "id": ident, "accepted": accepted})


def _sent_message(live: Live, caller: Caller, sent: Any, html: bool) -> str:
    """Who has sent their move (never what), without re-rendering the whole screen."""
    seq = 0 if live.match is None else live.match.known(caller.viewer)
    message: dict[str, Any] = {"type": "sent", "seq": seq, "sent": sent}
    if html:
        from hacktable.web import render_status

        message["html"] = render_status({"match": presenter.match_info(live),
                                         "viewer": caller.viewer, "role": caller.role})
    return wire.dumps(message)


def _reason(text: str) -> str:
    """A close reason fits in 123 bytes of UTF-8."""
    data = text.encode()[:120]
    return data.decode(errors="ignore")


def _crowded(websocket: WebSocket, live: Live, client: str) -> str | None:
    """Why one more socket for this match would be one too many, or None: a client (or a
    crowd) must not make one process render and push without end."""
    settings = websocket.app.state.settings
    if live.watchers >= settings.max_sockets_per_match:
        return "This table has as many watchers as it can serve; try again later."
    if live.watchers_by_client.get(client, 0) >= settings.max_sockets_per_client:
        return "Too many open screens of this table from here; close some and reload."
    return None


def _shared_screen(table: Table, live: Live, caller: Caller, html: bool) -> Shown:
    """What the caller's screen shows now, rendered once per distinct view and moment:
    every spectator (or every device of one seat), and the seat's own POST /act answer,
    share one rendering. Called under the match's lock, so the cached copy is the
    committed one.

    A browser's push (`html`) carries only what its page reads (the match's public facts
    and the screen's HTML), not the view it was drawn from a second time."""
    key = (caller.role, caller.viewer, html)
    moment = (live.version, live.seq, live.record.status, live.record.deadline_at,
              live.record.remaining)
    cached = live.rendered.get(key)
    if cached is not None and cached[0] == moment:
        return cached[1]
    payload = presenter.screen(live, caller, table.clock.now())
    fingerprint = presenter.fingerprint(payload)
    if html:
        message = wire.dumps({"type": "screen", "seq": payload["seq"], "match": payload["match"],
                              "html": render_screen_html(live, caller, payload)})
    else:
        message = wire.dumps({"type": "screen", **payload})
    shown = Shown(fingerprint, message, payload)
    if len(live.rendered) > 64:  # views that are no longer watched
        live.rendered.clear()
    live.rendered[key] = (moment, shown)
    return shown


def render_screen_html(live: Live, caller: Caller, payload: dict[str, Any]) -> str:
    from hacktable.server.pages import screen_html

    return screen_html(live, caller, payload)
