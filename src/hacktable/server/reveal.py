"""What everyone did, and the replay: a finished match's pages, built from its log.

`/m/CODE/reveal` tells the whole match (`engine.reveal`); `/m/CODE/replay?at=N&as=WHO`
rebuilds any seat's own screen (or the gamemaster's whole truth) as it stood after entry N,
from the log replayed through the same views and templates the table uses. Both hold every
secret of the match, so they open as the log download does: to everyone once the match is
over, before that only to a refereeing host or a gamemaster seat. `/replay` does the same
for a downloaded log a visitor uploads, checked like any other input and never trusted.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from hacktable.engine import reveal as revealing
from hacktable.engine.contract import GM, SPECTATOR, Viewer
from hacktable.engine.errors import Rejected
from hacktable.engine.match import RUNTIME_KINDS, Entry, Match, check_depth
from hacktable.engine.parts import AnyGame
from hacktable.games import get_game
from hacktable.server import presenter
from hacktable.server.errors import TableError, WrongMoment
from hacktable.server.live import Caller, Live
from hacktable.server.seats import already_here
from hacktable.store.records import FINISHED, OVER, RUNNING, MatchRecord, SeatRecord

router = APIRouter(include_in_schema=False)

BEFORE_THE_END = ("The log holds every secret of the match, so it opens to everyone once the "
                  "match is over, not before.")
"""The refusal of the log download, said again by every page that shows the log."""

MessagesFor = Callable[[Live], Sequence[Mapping[str, Any]]
                       | Awaitable[Sequence[Mapping[str, Any]]]]
"""Where a table keeps messages between seats for the end of the match (press, where the
host set `reveal_press`), a function from a match to them, or a coroutine function
(`app.state.reveal_messages`): each `{"from", "to", "round", "text"}`, names already in
words, and only what may be shown to everyone once the match is over. The reveal lists them
under their own heading; nothing when there are none."""


class BadLog(TableError):
    """An uploaded log that is not one: too large, not JSON, or not a hacktable log."""

    status = 400


def _render(name: str, **context: Any) -> str:
    from hacktable.web import render_page

    return render_page(name, **context)


# -- who may see it ---------------------------------------------------------------------

def sees_everything(live: Live, caller: Caller | None) -> bool:
    """A refereeing host (the gamemaster's view) or a gamemaster seat: they see every
    secret while the match is on, so its log too."""
    return caller is not None and (
        caller.viewer == GM or (caller.role == "seat" and caller.seat is not None
                                and caller.seat == live.game.referee_seat))


async def finished_log(request: Request, code: str) -> tuple[Live, dict[str, Any]]:
    """The match and its whole log, or the refusal the log download gives."""
    table = request.app.state.table
    live = await table.matches.load(code)
    caller = await already_here(request, live)
    async with live.lock:
        await table.matches.sync(live)
        if live.match is None:
            raise WrongMoment("The match has not started; there is no log yet.")
        if live.record.status not in FINISHED and not sees_everything(live, caller):
            raise WrongMoment(BEFORE_THE_END)
        return live, live.match.to_json()


# -- the reveal ---------------------------------------------------------------------------

@router.get("/m/{code}/reveal", response_class=HTMLResponse)
async def reveal_page(code: str, request: Request) -> HTMLResponse:
    """What everyone did: the whole match, round by round, in the game's own words."""
    live, data = await finished_log(request, code)
    entries = [Entry.from_json(item) for item in data["log"]]
    told = await asyncio.to_thread(
        revealing.build, live.game, data["seats"], data["options"], data["seed"], entries,
        _runtime_words(live.seats))
    finder: MessagesFor = getattr(request.app.state, "reveal_messages", None) or (
        lambda live: press_messages(request.app.state.table, live))
    found = finder(live)
    told.messages = [dict(message) for message in
                     (await found if inspect.isawaitable(found) else found)]
    return HTMLResponse(_render(
        "reveal.html", reveal=told.to_json(), game=presenter.game_info(live.game),
        code=live.record.code, over=live.record.status in FINISHED))


async def press_messages(table: Any, live: Live) -> list[dict[str, Any]]:
    """Every message of a finished match whose host set `reveal_press` (the press desk's,
    as the log download carries them), in names; none otherwise."""
    from hacktable.engine.press import reveals

    desk = getattr(table, "press", None)
    if desk is None or live.record.status not in FINISHED or not reveals(live.options()):
        return []
    names = [seat.name or "a player" for seat in live.seats]

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "a player"

    return [{"from": who(m.sender),
             "to": "everyone" if m.to is None else ", ".join(who(s) for s in m.to),
             "round": "", "text": m.text}
            for m in await desk.messages.messages(live.record.id)]


def _runtime_words(seats: Sequence[SeatRecord]) -> Callable[[Any], str]:
    """The runtime's notes (start, pause, a seat handed to a bot) as the table says them."""
    holder = _Holder(list(seats))

    def words(event: Any) -> str:
        return presenter.describe(holder, event)  # type: ignore[arg-type]

    return words


@dataclass
class _Holder:
    """What `presenter.describe` reads of a match for the runtime's own notes: the seats."""

    seats: list[SeatRecord]
    match: Any = None


# -- the replay -------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """Where a replay stands: after `at` entries of the log, as `who` saw it."""

    at: int
    who: str


def parse_who(text: str | None, seats: int) -> tuple[str, Viewer]:
    """`as=`: a seat number, "gm" (the whole truth) or "spectator"; else the whole truth."""
    if text is not None and text.isdigit() and int(text) < seats:
        return text, int(text)
    if text == "spectator":
        return text, SPECTATOR
    return "gm", GM


def replay_context(game: AnyGame, data: Mapping[str, Any], record: MatchRecord,
                   seats: list[SeatRecord], at: int, who: str | None) -> dict[str, Any]:
    """Everything the replay page shows for one step: the chosen viewer's own screen after
    `at` entries, what those entries did (the whole truth) and the round marks."""
    from hacktable.server.screens import context
    from hacktable.web import render_screen

    entries = [Entry.from_json(item) for item in data["log"]]
    at = max(0, min(at, len(entries)))
    shown, viewer = parse_who(who, len(data["seats"]))
    match = Match(game, data["seats"], data["options"], data["seed"])
    for entry in entries[:at]:
        match.apply_entry(entry)
    full = Match.replay(game, data["seats"], data["options"], data["seed"], entries)
    timeline = revealing.marks(game, full)
    all_marks: list[tuple[str, int]] = []
    for index, label in enumerate(timeline):
        _mark(all_marks, label, index + 1)
    status = record.status if at == len(entries) else RUNNING
    live = Live(record=replace(record, status=status, deadline_at=None, remaining=None),
                seats=seats, game=game, match=match)
    caller = (Caller("seat", viewer) if isinstance(viewer, int)
              else Caller("host", referee=True) if viewer == GM else Caller("spectator"))
    payload = presenter.screen(live, caller, 0.0)
    screen = render_screen(game, {**context(live, caller, payload), "is_host": False})
    lines = _entry_lines(game, data, entries, at, seats) if viewer == GM and at else []
    starts = [first - 1 for _, first in all_marks]
    return {"at": at, "last": len(entries), "who": shown, "screen_html": screen,
            "round_back": max((s for s in starts if s < at), default=0),
            "round_on": min((s for s in starts if s > at), default=len(entries)),
            "lines": lines, "marks": all_marks,
            "round": game.round_mark(match.state),
            "players": list(data["seats"]), "game": presenter.game_info(game),
            "viewers": [(str(s), name) for s, name in enumerate(data["seats"])]}


def _mark(marks: list[tuple[str, int]], label: str, seq: int) -> None:
    if not marks or marks[-1][0] != label:
        marks.append((label, seq))


def _entry_lines(game: AnyGame, data: Mapping[str, Any], entries: list[Entry], at: int,
                 seats: Sequence[SeatRecord]) -> list[dict[str, Any]]:
    """What entry `at` did, the whole truth (the reveal's lines for it)."""
    told = revealing.build(game, data["seats"], data["options"], data["seed"], entries[:at],
                           _runtime_words(seats))
    return [line.to_json() for r in told.rounds for line in r.lines if line.entry == at]


@router.get("/m/{code}/replay", response_class=HTMLResponse)
async def replay_page(code: str, request: Request, at: int | None = None,
                      as_: str | None = None) -> HTMLResponse:
    """Step through a finished match as any seat saw it, or as the whole truth."""
    who = request.query_params.get("as", as_)
    live, data = await finished_log(request, code)
    last = len(data["log"])
    step = last if at is None else at
    shown = await asyncio.to_thread(replay_context, live.game, data, live.record,
                                    list(live.seats), step, who)
    return HTMLResponse(_render("replay.html", **shown, code=live.record.code, upload=None))


# -- a downloaded log, uploaded -------------------------------------------------------------

def check_log(text: str, limit_entries: int) -> tuple[AnyGame, dict[str, Any]]:
    """An uploaded log, checked as any input: JSON of the download's shape, a game this
    table has, names and options the game accepts, and every entry replaying as logged.
    Raises `BadLog` with a sentence saying what is wrong."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadLog("That file is not JSON; upload the log as the table's download "
                     "link saved it.") from None
    if not isinstance(data, dict) or data.get("format") != 1:
        raise BadLog("That file is not a hacktable match log (format 1).")
    try:
        game = get_game(str(data.get("game"))[:40])
    except Exception:
        raise BadLog("That log is of a game this table does not have.") from None
    seats, options, log = data.get("seats"), data.get("options"), data.get("log")
    if (not isinstance(seats, list) or not all(isinstance(s, str) and 0 < len(s) <= 40
                                               for s in seats)
            or not isinstance(options, dict) or not isinstance(log, list)
            or not isinstance(data.get("seed"), int | str)):
        raise BadLog("That log lacks its seats, options, seed or entries.")
    if len(log) > limit_entries:
        raise BadLog(f"That log has more than {limit_entries} entries; this table replays "
                     "shorter ones.")
    try:
        check_depth(log, 40)
        entries = [_entry(item, index) for index, item in enumerate(log, start=1)]
        Match.replay(game, seats, options, data["seed"], entries)
    except Rejected as rejected:
        raise BadLog(f"That log does not replay: {rejected.reason}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise BadLog(f"That log does not replay ({str(error)[:120]}).") from None
    clean = {"format": 1, "game": game.id, "seats": seats, "options": options,
             "seed": data["seed"], "log": [entry.to_json() for entry in entries]}
    return game, clean


def _entry(item: Any, index: int) -> Entry:
    if not isinstance(item, dict):
        raise ValueError(f"entry {index} is not an object")
    entry = Entry.from_json(item)
    if entry.seq != index or entry.kind not in ("action", "timeout", *RUNTIME_KINDS):
        raise ValueError(f"entry {index} is out of order or of no known kind")
    if entry.seat is not None and (not isinstance(entry.seat, int)
                                   or isinstance(entry.seat, bool)):
        raise ValueError(f"entry {index} names no seat")
    return Entry(entry.seq, entry.kind, entry.seat, entry.payload, None)


def _offline(game: AnyGame, data: Mapping[str, Any]) -> tuple[MatchRecord, list[SeatRecord]]:
    """A record and seats for a log that belongs to no table here (an upload)."""
    record = MatchRecord(id=0, code="LOG", game=game.id, options=dict(data["options"]),
                         seed=str(data["seed"]), status=OVER, host_token="", created_at=0.0,
                         seq=len(data["log"]), phase_key=None, deadline_at=None,
                         remaining=None)
    seats = [SeatRecord(seat=s, name=name, kind="human", personality=None, token=None,
                        joined_at=None) for s, name in enumerate(data["seats"])]
    return record, seats


@router.get("/replay", response_class=HTMLResponse)
async def upload_form(request: Request) -> HTMLResponse:
    """The form that takes a downloaded log."""
    limit = request.app.state.settings.replay_upload_bytes
    return HTMLResponse(_render("replay_upload.html", limit_kb=limit // 1000))


@router.post("/replay", response_class=HTMLResponse)
async def replay_upload(request: Request) -> HTMLResponse:
    """A downloaded log's replay: the file (or, when stepping, the log carried back by the
    page's own buttons), checked, then shown as a table's replay is."""
    settings = request.app.state.settings
    limit = settings.replay_upload_bytes
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit + 64_000:
        raise BadLog(f"That log is larger than {limit // 1000} kB; this table replays "
                     "smaller ones.")
    form = await request.form(max_files=1, max_fields=8, max_part_size=limit + 1)
    upload = form.get("file")
    if upload is not None and not isinstance(upload, str):
        raw = await upload.read(limit + 1)
    else:
        raw = str(form.get("log") or "").encode()
    if not raw:
        raise BadLog("Choose a log file (the JSON the table's download link saved).")
    if len(raw) > limit:
        raise BadLog(f"That log is larger than {limit // 1000} kB; this table replays "
                     "smaller ones.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadLog("That file is not UTF-8 text; upload the log as it was saved.") from None
    game, data = await asyncio.to_thread(check_log, text, settings.replay_upload_entries)
    record, seats = _offline(game, data)
    step = str(form.get("step") or "")
    at_text, _, who = step.partition(":")
    at = int(at_text) if at_text.isdigit() else len(data["log"])
    who = who or str(form.get("as") or "gm")
    shown = await asyncio.to_thread(replay_context, game, data, record, seats, at, who)
    return HTMLResponse(_render("replay.html", **shown, code=None,
                                upload=json.dumps(data, separators=(",", ":"))))
