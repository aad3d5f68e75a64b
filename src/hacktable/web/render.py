"""Rendering pages and game screens from the context the server hands over.

Every page is rendered from one viewer's own view (the server asks the engine for it), so a
browser never receives what its viewer may not see. A game's screen lives in
its screen folder (`games/<id>/screen/screen.html`, with `builder.py` turning the view into
template-friendly rows, and its CSS and JS), or else in `templates/games/<id>/screen.html`
with an optional helper in `hacktable.web.screens.<id>`; a game without one, or whose screen
fails on an unexpected view, gets the generic screen: a plain readable view of the JSON.
The server hands over the match's game itself, so a screen is found from the game, not
looked up again by its id.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from hacktable.engine.errors import UnknownGame
from hacktable.engine.parts import AnyGame
from hacktable.games import get_game
from hacktable.web import screens

log = logging.getLogger(__name__)

PACKAGE_DIR = Path(__file__).resolve().parent
TEMPLATES_DIR = PACKAGE_DIR / "templates"
STATIC_DIR = PACKAGE_DIR / "static"
GENERIC_SCREEN = "games/generic/screen.html"
STATUS_STRIP = "games/_status.html"
"""Above every screen: who has sent their move, and the end of the match."""
_GAME_ID = re.compile(r"^[a-z0-9_]{1,40}$")

PAGE_DEFAULTS: dict[str, Any] = {
    "games": [],
    "match": {},
    "game": {},
    "viewer": "spectator",
    "role": "spectator",
    "is_host": False,
    "seat_url": None,
    "view": {},
    "prompt": None,
    "events": [],
    "outcome": None,
    "text": "",
    "message": "",
    "status": 500,
}


# -- filters ----------------------------------------------------------------------------------

def money(amount: Any) -> str:
    """Dollars as the seed writes them ("$10,000"), a dash for "not known"."""
    if amount is None or isinstance(amount, bool):
        return "—"
    try:
        value = int(amount)
    except (TypeError, ValueError):
        return str(amount)
    return f"-${-value:,}" if value < 0 else f"${value:,}"


def pretty(data: Any) -> str:
    """JSON for people: indented, sorted, non-ASCII kept readable."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, default=str)


def parse_time(text: Any) -> datetime | None:
    """An ISO-8601 time from the server, as an aware UTC datetime (None if unreadable)."""
    if not text or not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def clock(text: Any, now: Any = None) -> str:
    """A deadline as a wall-clock time, "14:05 UTC", with the date too unless it falls on
    the day of `now` (the server's clock when the page was drawn). As short as the local
    time the page's script writes over it ("02:05 PM"), so the line does not re-wrap and
    shift the screen when it does."""
    moment = parse_time(text)
    if moment is None:
        return ""
    today = parse_time(now)
    if today is not None and today.date() == moment.date():
        return moment.strftime("%H:%M UTC")
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def duration(seconds: Any) -> str:
    """Seconds as the countdown shows them: m:ss, or h:mm:ss when an hour or longer."""
    try:
        total = max(0, math.ceil(float(seconds)))
    except (TypeError, ValueError):
        return ""
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def countdown(deadline: Any, now: Any = None) -> str:
    """The countdown's first text, so that a page read without JavaScript still says it."""
    end = parse_time(deadline)
    if end is None:
        return ""
    start = parse_time(now) or datetime.now(UTC)
    return duration((end - start).total_seconds())


def minutes_left(seconds: Any) -> str:
    """A paused clock's time left in whole minutes, rounded up ("1 min", "12 min")."""
    try:
        return f"{max(0, math.ceil(float(seconds) / 60))} min"
    except (TypeError, ValueError):
        return "unknown time"


@cache
def _static_version(path: str) -> str:
    try:
        return hashlib.sha256(static_file(path).read_bytes()).hexdigest()[:10]
    except OSError:
        return "0"


def static_file(path: str) -> Path:
    """Where a /static path lives: a game's screen folder for `games/<id>/<file>`, else the
    web layer's own static folder."""
    parts = path.split("/")
    if len(parts) == 3 and parts[0] == "games":
        found = screens.asset(parts[1], parts[2])
        if found is not None:
            return found
    return STATIC_DIR / path


class GameScreens(jinja2.BaseLoader):
    """Templates named `games/<id>/<file>` from the game's own screen folder, where it has
    one (`BaseGame.screen_folder`): a game's screen lives with the game."""

    NAME = re.compile(r"^games/([a-z0-9_]{1,40})/([A-Za-z0-9_-]{1,60}\.html)$")

    def get_source(self, environment: jinja2.Environment, template: str
                   ) -> tuple[str, str, Any]:
        found = self.NAME.match(template)
        where = screens.folder(found.group(1)) if found else None
        path = where / found.group(2) if where is not None and found else None
        if path is None or not path.is_file():
            raise jinja2.TemplateNotFound(template)
        return path.read_text("utf-8"), str(path), lambda: True


def static_url(path: str) -> str:
    """A /static URL that changes when the file does, so browsers never run stale code."""
    return f"/static/{path}?v={_static_version(path)}"


# -- environment ------------------------------------------------------------------------------

@cache
def templates() -> jinja2.Environment:
    """The one Jinja2 environment: autoescaping always on, templates from this package."""
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([GameScreens(), jinja2.FileSystemLoader(str(TEMPLATES_DIR))]),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # templates ship with the package: no stat() on every render
    )
    env.filters.update(money=money, pretty=pretty, clock=clock, duration=duration,
                       countdown=countdown, minutes_left=minutes_left)
    env.globals.update(static_url=static_url)
    return env


def page_context(context: Mapping[str, Any]) -> dict[str, Any]:
    """The context with every key the templates read, so a missing one renders as empty
    (an extension's own pages, which extend `base.html`, are rendered from it too)."""
    ctx = dict(PAGE_DEFAULTS)
    for key, value in context.items():
        if value is None and isinstance(PAGE_DEFAULTS.get(key), dict | list):
            continue  # "nothing" where the templates expect a collection
        ctx[key] = value
    if not ctx.get("server_now"):
        ctx["server_now"] = datetime.now(UTC).isoformat(timespec="seconds")
    return ctx


def _game_id(context: Mapping[str, Any]) -> str:
    game = context.get("game") or {}
    match = context.get("match") or {}
    return str(game.get("id") or match.get("game") or "generic")


def render_page(name: str, **context: Any) -> str:
    """A whole page: "index.html", "room.html", "table.html" or "error.html".

    The table page embeds the viewer's screen, rendered exactly as the WebSocket pushes it
    (or `screen_html`, if given: HTML from `render_screen`, inserted as it is).
    """
    ctx = page_context(context)
    if name == "table.html":
        html = ctx.get("screen_html")
        ctx["screen_html"] = Markup(render_screen(_game_id(ctx), ctx) if html is None else html)
    return templates().get_template(name).render(ctx)


def render_screen(game: AnyGame | str, context: Mapping[str, Any]) -> str:
    """Only the inner HTML of `<main id="screen">` for one viewer.

    `game` is the match's game (the server hands over the one it plays), or a game's id
    where there is no match to take it from. Uses the game's own screen if it has one, else
    the generic one; if the game's screen cannot render this view, the viewer still gets
    the generic screen rather than an error.
    """
    ctx = page_context(context)
    status = templates().get_template(STATUS_STRIP).render(ctx)
    return status + _game_screen(_game(game), ctx)


def render_status(context: Mapping[str, Any]) -> str:
    """Only the status strip above a screen (who has sent, the end of the match), for the
    small pushes that change nothing else."""
    return templates().get_template(STATUS_STRIP).render(page_context(context))


def _game(game: AnyGame | str) -> AnyGame | None:
    """The game itself, found by its id where an id was given; None for an unknown id."""
    if not isinstance(game, str):
        return game
    game_id = game.strip().lower()
    if not _GAME_ID.match(game_id) or game_id == "generic":
        return None
    try:
        return get_game(game_id)
    except UnknownGame:
        return None


def _game_screen(game: AnyGame | None, ctx: dict[str, Any]) -> str:
    env = templates()
    if game is not None:
        try:
            template = env.get_template(f"games/{game.id}/screen.html")
        except jinja2.TemplateNotFound:
            template = None
        if template is not None:
            try:
                extra = screens.prepare(game, ctx)
                return template.render({**ctx, **extra})
            except Exception:  # a screen bug must not cost a player the table
                log.exception("the %s screen failed; showing the generic screen", game.id)
    return env.get_template(GENERIC_SCREEN).render(ctx)
