"""What the API, the pages and the WebSocket show: built from one caller's own view.

Every payload for a caller is made from `game.view(state, viewer)` and the events that
viewer may see, so nothing another seat may not see can reach it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hacktable.bots.registry import bot_classes
from hacktable.engine.contract import GM, SPECTATOR, Event, Viewer
from hacktable.engine.match import HOST, RUNTIME_KINDS, LoggedEvent
from hacktable.engine.parts import AnyGame
from hacktable.server import wire
from hacktable.server.clock import iso
from hacktable.server.live import Caller, Live
from hacktable.store.records import FINISHED

RECENT_EVENTS = 60
"""How many of the latest events a screen shows."""
MAX_LEGAL_SHOWN = 500
"""Beyond this many, a screen builds moves from its own controls and the server checks them."""


def game_info(game: AnyGame) -> dict[str, Any]:
    """A game and its rule options, each with its default and meaning."""
    return {
        "id": game.id,
        "name": game.name,
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "credits": game.credits,
        "options": [
            {"name": o.name, "default": o.default, "help": o.help, "min": o.minimum,
             "max": o.maximum, "choices": list(o.choices) if o.choices else None,
             "type": o.kind}
            for o in game.options
        ],
        "bots": sorted(bot_classes(game)),
        "pace_option": game.pace_option,
        "referee_seat": game.referee_seat,
        "shows_outcome": game.screen_shows_outcome,
    }


def match_info(live: Live) -> dict[str, Any]:
    """The public facts of a match: anyone with the room code may read them. No count of
    the log's entries: a seat that saw the count grow by four while one thing it could see
    happened would know three hidden things happened (see `Match.known`).

    Every screen of the match carries them: made once per moment (`moments.py`) for every
    viewer."""
    moment = live.moment()
    if moment.info is None:
        moment.info = _match_info(live)
    return dict(moment.info)


def _match_info(live: Live) -> dict[str, Any]:
    record = live.record
    outcome = live.match.outcome() if live.match is not None else None
    return {
        "code": record.code,
        "game": record.game,
        "game_name": live.game.name,
        "status": record.status,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                   "personality": s.personality} for s in live.seats],
        "options": record.options,
        "deadline": iso(record.deadline_at),
        "remaining": record.remaining,
        "held": live.clock.held,
        "referee": record.referee,
        "start_when_full": record.start_when_full,
        "outcome": None if outcome is None else outcome.to_json(),
        "sent": sent(live) if outcome is None else None,
        "next": next_match(live),
    }


def next_match(live: Live) -> str | None:
    """The room code of the match the host opened to play again, if any."""
    if live.match is None or live.record.status not in FINISHED:
        return None
    for entry in reversed(live.match.log):
        if entry.kind == HOST and (entry.payload or {}).get("do") == "rematch":
            return str(entry.payload["code"])
    return None


def sent(live: Live) -> dict[str, list[int]] | None:
    """Who has handed in their move in a simultaneous phase, and who is asked (who, never
    what): "4 of 5 have sent orders" is public at a real table too. None outside one."""
    if live.match is None:
        return None
    moment = live.moment()
    if moment.sent is None:
        moment.sent = (_sent(live),)
    return moment.sent[0]


def _sent(live: Live) -> dict[str, list[int]] | None:
    prompts = live.prompts()
    asked = sorted(seat for seat, prompt in prompts.items() if prompt.simultaneous)
    if len(asked) < 2:
        return None
    return {"asked": asked, "done": [seat for seat in asked if prompts[seat].submitted]}


PARTS = ("match", "role", "viewer", "seq", "view", "prompt", "events", "outcome", "text",
         "server_now", "legal")
"""What a screen is made of: a JSON socket may ask for some of them only (`parts`)."""


def screen(live: Live, caller: Caller, now: float, recent: int = RECENT_EVENTS,
           parts: frozenset[str] | None = None) -> dict[str, Any]:
    """Everything one caller's screen shows, and nothing more.

    `seq` is the caller's own count of the entries they may know of, and each event carries
    the caller's own number for its entry: gapless, so nothing counts what they cannot see.
    A match that is over asks nobody for anything, on any screen.

    With `parts` (some of `PARTS`), only those and `seq` are made: a bot's socket that
    reads its prompt need not cost the words of every report."""
    if parts is not None:
        whole = _screen(live, caller, now, recent, _needed(parts))
        return {key: value for key, value in whole.items() if key in parts or key == "seq"}
    return _screen(live, caller, now, recent, None)


def _needed(parts: frozenset[str]) -> frozenset[str]:
    """The parts worth making for `parts`: the plain text is written from the view."""
    return parts | {"view"} if "text" in parts else parts


def _screen(live: Live, caller: Caller, now: float, recent: int,
            parts: frozenset[str] | None) -> dict[str, Any]:
    info = match_info(live)
    viewer = caller.viewer
    payload: dict[str, Any] = {
        "match": info, "role": caller.role, "viewer": viewer, "seq": 0, "view": None,
        "prompt": None, "events": [], "outcome": info["outcome"], "text": "",
        "server_now": iso(now), "legal": None,
    }
    match = live.match
    if match is None:
        return payload
    wanted = (lambda part: True) if parts is None else parts.__contains__
    view = match.view(viewer) if wanted("view") else None
    payload["view"] = view
    payload["seq"] = match.known(viewer)
    if isinstance(viewer, int) and live.record.status not in FINISHED and (
            wanted("prompt") or wanted("legal")):
        prompt = live.prompts().get(viewer)
        payload["prompt"] = None if prompt is None else prompt.to_json()
        payload["legal"] = (legal_moves(live, viewer)
                            if prompt is not None and wanted("legal") else None)
    if wanted("events"):
        payload["events"] = recent_events(live, viewer, recent)
    if wanted("text"):
        payload["text"] = live.game.render(view, info["deadline"])
    return payload


def recent_events(live: Live, viewer: Viewer, recent: int) -> list[dict[str, Any]]:
    """The latest `recent` events `viewer` may see, in words, with the viewer's own numbers.

    Kept per viewer and brought up to date from the events logged since (an event's words
    and numbers never change once it is logged): a screen after a move costs the new events,
    not sixty. Each call returns a new list; the items are shared with the earlier lists,
    which also makes telling what changed between two screens cheap."""
    match = live.match
    assert match is not None
    events = match.events
    key = (viewer, recent)
    kept = live.moments.recent_events.get(key)
    if kept is not None and kept[0] is match and kept[1] <= len(events):
        items = kept[2]
        seen = [logged for logged in events[kept[1]:]
                if viewer == GM or logged.event.visible_to(viewer)]
        if seen:
            items = (items + _in_words(live, viewer, seen[-recent:]))[-recent:]
    else:
        seen = match.events_for(viewer, last=recent) if viewer != GM else events[-recent:]
        items = _in_words(live, viewer, seen)
    live.moments.keep_events(key, (match, len(events), items))
    return list(items)


def _in_words(live: Live, viewer: Viewer, seen: Sequence[LoggedEvent]
              ) -> list[dict[str, Any]]:
    assert live.match is not None
    return [{"seq": live.match.number_for(viewer, seq), "kind": event.kind,
             "text": describe(live, event)} for seq, event in seen]


def legal_moves(live: Live, seat: int) -> list[Any] | None:
    """The moves this seat may make now, as action JSON, for games whose screens offer them
    as buttons (so no rule is repeated in a template). Worked out from the seat's own
    position, so they tell it nothing it may not see."""
    assert live.match is not None
    if not live.game.screen_lists_moves:
        return None
    legal = live.match.legal_actions(seat)
    if legal is None or len(legal) > MAX_LEGAL_SHOWN:
        return None
    return [live.game.action_to_json(action) for action in legal]


def fingerprint(payload: dict[str, Any]) -> bytes:
    """What a screen shows, less the counters that move with every entry of the log.

    A seat is pushed a screen only when this changes: a secret submission by someone else
    changes only who has sent (`sent`), which travels in a small message of its own rather
    than as a whole new screen for every seat."""
    whole = payload.get("match")
    match = None if whole is None else {key: value for key, value in whole.items()
                                        if key != "sent"}
    shown = {key: value for key, value in payload.items()
             if key not in ("match", "server_now", "seq")}
    return wire.fingerprint([match, shown])


def describe(live: Live, event: Event) -> str:
    """An event in words: the runtime's own (host and seat entries), else the game's."""
    if event.kind not in RUNTIME_KINDS:
        match = live.match
        assert match is not None
        return live.moments.described(event, None, lambda: live.game.describe(event, match.state))
    data = event.data
    command = data.get("do")
    if command == "start":
        return "The host started the match."
    if command == "pause":
        return "The host paused the clock."
    if command == "resume":
        return "The host restarted the clock."
    if command == "extend":
        return f"The host gave this phase {_duration(float(data.get('seconds', 0)))} more."
    if command == "shorten":
        return f"The host took {_duration(float(data.get('seconds', 0)))} off this phase."
    if command == "rematch":
        return f"The host opened a new table to play again: {data.get('code')}."
    if command == "close":
        return "The host closed this phase now."
    if command == "end":
        return "The host ended the match."
    if command == "bot":
        seat = int(data.get("seat", -1))
        name = live.seats[seat].name if 0 <= seat < len(live.seats) else f"seat {seat + 1}"
        return f"A bot ({data.get('personality')}) now plays for {name}."
    if command == "mail":
        return _mail_note(live, data)
    return f"{event.kind}: {command}"


def _mail_note(live: Live, data: Mapping[str, Any]) -> str:
    """A seat's email channel changed: said to everyone, so a seat cannot change hands
    unseen (never the address itself, which is the player's own business)."""
    seat = int(data.get("seat", -1))
    name = live.seats[seat].name if 0 <= seat < len(live.seats) else f"seat {seat + 1}"
    by = name if data.get("by") == "player" else "the host"
    change = data.get("change")
    if change == "address":
        return f"{name}'s seat is now played from another email address (changed by {by})."
    if change == "codes":
        return f"{name}'s seat was sent a new email code (asked by {by})."
    return f"{name} can now also play by email (turned on by {by})."


def _duration(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    if minutes and rest:
        return f"{minutes} min {rest} s"
    return f"{minutes} min" if minutes else f"{rest} s"


__all__ = ["GM", "SPECTATOR", "game_info", "match_info", "screen"]
