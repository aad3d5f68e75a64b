"""The HTML pages: the lobby, a match's room, a seat's table, the host console.

Pages are rendered on the server from the caller's own view; the token in a personal link
is moved into a cookie and the link redirected, so it does not linger in the address bar.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from hacktable.games import all_games, get_game
from hacktable.server import presenter, press_pages, sharing
from hacktable.server.clock import iso
from hacktable.server.errors import CANCELLED_NOTE, NotAllowed, NotFound
from hacktable.server.held_seats import held_for
from hacktable.server.limits import client_of
from hacktable.server.live import Caller, Live
from hacktable.server.room import NAME_LIMIT
from hacktable.server.screens import context as _context
from hacktable.server.screens import render_html
from hacktable.server.seats import (
    COOKIE_AGE,
    already_here,
    host_cookie,
    resolve,
    seat_cookie,
    seat_tokens,
)
from hacktable.server.security import hash_matches, normal_room_code, token_hash
from hacktable.store.records import CANCELLED, HUMAN, MatchRecord, SeatRecord

router = APIRouter(include_in_schema=False)

HostPanel = Callable[[Request, Live], Awaitable[str | None]]
"""An extension's part of the host console (listed in `app.state.host_panels`): its HTML
for this match, or None to show nothing. The server knows no extension by name."""
SeatPanel = Callable[[Request, Live, int], Awaitable[str | None]]
"""An extension's part of a player's own screen (listed in `app.state.seat_panels`), for
the seat the page belongs to: what only that seat's player may do (e.g. email play)."""
LobbyPanel = Callable[[Request], Awaitable[str | None]]
"""An extension's note on the front page (listed in `app.state.lobby_panels`): the Lab's
pointer to itself."""


def _render(name: str, **context: Any) -> str:
    from hacktable.web import render_page

    return render_page(name, **context)


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    return HTMLResponse(_render("error.html", status=status, message=message),
                        status_code=status)


@router.get("/", response_class=HTMLResponse)
async def index(request: Request) -> HTMLResponse:
    return await _front_page(request)


async def _front_page(request: Request, join_code: str = "", join_error: str = "",
                      status: int = 200) -> HTMLResponse:
    games = [presenter.game_info(game) for game in all_games()]
    settings = request.app.state.settings
    notes = [html for panel in getattr(request.app.state, "lobby_panels", ())
             if (html := await panel(request))]
    yours, stale = await _your_tables(request)
    response = HTMLResponse(_render("index.html", games=games, bot_pace=settings.bot_pace,
                                    lobby_panels=notes, yours=yours, join_code=join_code,
                                    join_error=join_error), status_code=status)
    for name in stale:  # a cookie that holds nothing is not read again
        response.delete_cookie(name, path="/")
    return response


def _cookie_codes(request: Request, most: int) -> dict[str, dict[str, str]]:
    """The newest `most` room codes among this browser's seat and host cookies, each with
    the tokens it holds there ({"seat": …, "host": …}) and the cookies' names."""
    wanted: dict[str, dict[str, str]] = {}
    for name, token in reversed(list(request.cookies.items())):
        role = ("seat" if name.startswith("hacktable_seat_") else
                "host" if name.startswith("hacktable_host_") else None)
        code = normal_room_code(name.rsplit("_", 1)[1])[:16]
        if role is None or not token or not code:
            continue
        if code not in wanted and len(wanted) >= most:
            continue
        wanted.setdefault(code, {})[role] = token
        wanted[code][role + "_cookie"] = name
    return wanted


async def _your_tables(request: Request) -> tuple[list[dict[str, Any]], list[str]]:
    """The tables this browser sits at or hosts, from its own cookies, with their status:
    a player who closed the tab finds their match again without its code. Returns them and
    the cookies that hold nothing (to forget).

    Cookies are the visitor's to write, so they are read like typed room codes: only the
    newest `front_page_tables` codes, in one query for them all (as much work for a code
    that names no table as for one that does), each that holds nothing counted as a missed
    room code, and none read once this client has missed too many."""
    wanted = _cookie_codes(request, request.app.state.settings.front_page_tables)
    if not wanted:
        return [], []
    misses = request.app.state.limits.misses
    client = client_of(request.scope)
    if misses.wait(client) > 0:
        return [], []
    rooms = await request.app.state.table.store.rooms_by_codes(list(wanted))
    found: list[dict[str, Any]] = []
    stale: list[str] = []
    for code, tokens in wanted.items():
        record, seats = rooms.get(code, (None, []))
        entry = _held(record, seats, tokens)
        if entry is None or (entry["seat"] is None and not entry["host"]):
            # nothing held; a cancelled table freed its seats, so a former player's cookie
            # is shown the cancellation once and forgotten, at a miss's cost like any other
            misses.spend(client)
            stale += [tokens[key] for key in ("seat_cookie", "host_cookie") if key in tokens]
        if entry is not None:
            found.append(entry)
    return found, stale


def _held(record: MatchRecord | None, seats: list[SeatRecord],
          tokens: dict[str, str]) -> dict[str, Any] | None:
    """What this browser's tokens hold at one table (its line on the front page), or None;
    every token is hashed whether the table exists or not."""
    seat_hash = token_hash(tokens.get("seat", ""))
    host_hash = token_hash(tokens.get("host", ""))
    if record is None:
        return None
    host = "host" in tokens and hash_matches(record.host_token, host_hash)
    seat = next((s for s in seats if "seat" in tokens and s.kind == HUMAN
                 and hash_matches(s.token, seat_hash)), None)
    if not host and seat is None and record.status != CANCELLED:
        return None
    try:
        game_name = get_game(record.game).name
    except Exception:  # a game no longer installed
        return None
    return {"code": record.code, "game": game_name, "status": record.status,
            "seat": (seat.name or f"seat {seat.seat + 1}") if seat is not None else None,
            "host": host}


@router.get("/static/games/{game_id}/{name}")
async def screen_asset(game_id: str, name: str) -> Response:
    """A stylesheet or script from a game's own screen folder (`BaseGame.screen_folder`);
    matched before the /static mount, as the game's files live with the game."""
    from fastapi.responses import FileResponse

    from hacktable.web import screen_asset as find

    path = find(game_id, name)
    if path is None:
        raise NotFound("There is no such file in this game's screen.")
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    return FileResponse(path, media_type=kind)


@router.get("/games/{game_id}/how-to-play", response_class=HTMLResponse)
async def how_to_play(game_id: str) -> HTMLResponse:
    """A game's How to play page: its own text and pictures, and its rule options."""
    from hacktable.web.how_to_play import options, page

    try:
        game = get_game(game_id)
    except Exception:
        raise NotFound(f"There is no game called {game_id[:40]!r} here.") from None
    body = page(game)
    if body is None:
        raise NotFound(f"{game.name} has no How to play page yet.")
    return HTMLResponse(_render("how_to_play.html", game=presenter.game_info(game), body=body,
                                options=options(game)))


@router.get("/m", response_class=HTMLResponse)
async def find(request: Request, code: str = "") -> Response:
    """The join box without JavaScript: /m?code=k7qx3m goes to /m/K7QX3M; a code that
    names no table is said on the join form, as typed."""
    wanted = normal_room_code(code)
    if not wanted:
        return await _front_page(request, code, "Type the room code the host gave you.",
                                 status=400)
    try:
        await request.app.state.table.matches.load(wanted)
    except NotFound:
        return await _front_page(request, code[:12], f"No table has the room code {wanted}: "
                                 "check it with the host and try again.", status=404)
    return RedirectResponse(f"/m/{wanted}", status_code=303)


@router.get("/m/{code}", response_class=HTMLResponse)
async def room(code: str, request: Request, token: str | None = None) -> Response:
    """A seat's table, or the room (pick a seat) for a visitor without one."""
    if token:
        return await _keep_token(request, code, token, as_host=False)
    try:
        table, live, caller = await resolve(request, code)
    except NotAllowed:  # a stale cookie (the seat went to a bot): show the room
        table = request.app.state.table
        live = await table.matches.load(code)
        caller = Caller("spectator")
    host = await _host_here(request, live)
    panels = await _host_panels(request, live) if host else []
    share = _share(request, live.record.code)
    base = str(request.base_url).rstrip("/")
    token_now = request.cookies.get(seat_cookie(live.record.code))
    seat_url = f"{base}/m/{live.record.code}?token={token_now}" if token_now else None
    async with live.lock:  # show only what was committed
        if caller.role != "seat" or live.match is None:
            return _room(request, live, host, caller.seat, panels, share)
        payload = presenter.screen(live, caller, table.clock.now())
    assert caller.seat is not None
    return _table(live, caller, payload, seat_url,
                  seat_panels=await _seat_panels(request, live, caller.seat),
                  host_panels=panels, share=share if host else None,
                  host_controls=host is not None)


def _room(request: Request, live: Live, host: Caller | None, you: int | None,
          panels: list[str], share: dict[str, Any]) -> HTMLResponse:
    """The room: the code to share, the seats, and a sit form for a browser that holds no
    seat here (one browser, one seat; a refereeing host, none). Its "now" is the server's
    clock, as on the table page, not the machine's."""
    table = request.app.state.table
    kept = held_for(live, seat_tokens(request)) if you is None else None
    return HTMLResponse(_render(
        "room.html", match=presenter.match_info(live), game=presenter.game_info(live.game),
        server_now=iso(table.clock.now()),
        is_host=host is not None, refereeing=host is not None and host.referee, you=you,
        kept=kept.seat if kept is not None else None, host_panels=panels, share=share,
        name_limit=NAME_LIMIT, cancelled_note=CANCELLED_NOTE))


@router.get("/m/{code}/host", response_class=HTMLResponse)
async def host_console(code: str, request: Request, token: str | None = None) -> Response:
    if token:
        return await _keep_token(request, code, token, as_host=True)
    table, live, caller = await resolve(request, code, as_host=True)
    if caller.role != "host":
        raise NotAllowed("This is the host's console; open the host link you were given.")
    here = await already_here(request, live)
    if here is not None and here.role == "seat":  # a host who plays lands on their seat,
        return RedirectResponse(f"/m/{live.record.code}", status_code=303)  # controls and all
    panels = await _host_panels(request, live)
    share = _share(request, live.record.code)
    async with live.lock:
        if live.match is None:
            return _room(request, live, caller, None, panels, share)
        return _table(live, caller, presenter.screen(live, caller, table.clock.now()),
                      host_panels=panels, share=share)


@router.get("/m/{code}/watch", response_class=HTMLResponse)
async def watch(code: str, request: Request) -> Response:
    table = request.app.state.table
    live = await table.matches.load(code)
    if live.record.status == CANCELLED:  # nothing was played: the room says so
        return RedirectResponse(f"/m/{live.record.code}", status_code=303)
    caller = Caller("spectator")
    revealed = await press_pages.spectator_panel(request, live)  # only once a revealing
    async with live.lock:  # match is over
        return _table(live, caller, presenter.screen(live, caller, table.clock.now()),
                      seat_panels=[revealed] if revealed else None)


def _table(live: Live, caller: Caller, payload: dict[str, Any],
           seat_url: str | None = None, host_panels: list[str] | None = None,
           seat_panels: list[str] | None = None,
           share: dict[str, Any] | None = None, host_controls: bool = False) -> HTMLResponse:
    """A table page. `host_controls`: a player who is also the host (a gamemaster running
    their own table) gets the clock and seat controls beside their own screen, folded
    (`playing_host`): the game comes first on every turn; a refereeing host's console keeps
    them open."""
    context = _context(live, caller, payload, seat_url)
    context["is_host"] = context["is_host"] or host_controls
    context["screen_html"] = render_html(live, context)
    return HTMLResponse(_render("table.html", **context, host_panels=host_panels or [],
                                seat_panels=seat_panels or [], share=share,
                                playing_host=host_controls and caller.role == "seat"))


def _share(request: Request, code: str) -> dict[str, Any]:
    """The address friends use for this room, its QR code, or why there is none."""
    settings = request.app.state.settings
    local = request.scope.get("server") or ("127.0.0.1", 80)
    found = sharing.share_for(settings.listen_host or str(local[0]), int(local[1]),
                              settings.public_url, str(request.base_url))
    link = found.link(f"/m/{code}")
    return {"link": link, "reachable": found.reachable, "open_up": sharing.OPEN_UP,
            "qr": sharing.qr_svg(link, f"QR code for {link}") if found.reachable else ""}


async def _seat_panels(request: Request, live: Live, seat: int) -> list[str]:
    """The extensions' panels for one seat's own screen."""
    found = []
    for panel in getattr(request.app.state, "seat_panels", ()):
        html = await panel(request, live, seat)
        if html:
            found.append(html)
    return found


async def _host_panels(request: Request, live: Live) -> list[str]:
    """The extensions' panels for this match's host console."""
    found = []
    for panel in getattr(request.app.state, "host_panels", ()):
        html = await panel(request, live)
        if html:
            found.append(html)
    return found


async def _host_here(request: Request, live: Live) -> Caller | None:
    """The host, if this browser holds the host's cookie for the match."""
    token = request.cookies.get(host_cookie(live.record.code))
    if not token:
        return None
    caller = await request.app.state.table.callers.identify(live, None, host_token=token)
    return caller if caller.role == "host" else None


async def _keep_token(request: Request, code: str, token: str, as_host: bool) -> Response:
    """Move a personal link's token into a cookie, then show the page without it.

    Only a token that holds this match's seat (or its host console) is kept: a link with a
    wrong or stale token, or for another room, must not log a player out of their seat or
    plant a session of someone else's choosing. The room code is the stored one, never the
    text of the address."""
    table = request.app.state.table
    live = await table.matches.load(code)
    try:
        caller = await table.callers.identify(live, None if as_host else token,
                                    host_token=token if as_host else None)
    except NotAllowed:
        caller = Caller("spectator")
    wanted = "host" if as_host else "seat"
    if caller.role != wanted:
        what = "the host console" if as_host else "a seat"
        raise NotAllowed(f"That link does not hold {what} at table {live.record.code}: it may "
                         "be mistyped or out of date. Your own seat, if you have one here, is "
                         "unchanged; ask the host for a fresh link.")
    code = live.record.code
    to = f"/m/{code}/host" if as_host else f"/m/{code}"
    response = RedirectResponse(to, status_code=303)
    response.set_cookie(host_cookie(code) if as_host else seat_cookie(code), token,
                        max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/")
    return response
