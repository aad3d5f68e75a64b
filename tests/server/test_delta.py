"""Screen patches (`server/delta.py`): a patch turns the screen a socket had into the new
one exactly, through JSON, on every game's real screens and on the awkward cases (nulls,
removed keys, lists that grow or slide, strings, keys that need escaping)."""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest

from hacktable.bots.registry import default_bots
from hacktable.engine.contract import GM, SPECTATOR
from hacktable.engine.match import Match
from hacktable.engine.seats import seat_names
from hacktable.games import all_games
from hacktable.server import delta, presenter, wire
from hacktable.server.live import Caller, Live
from hacktable.sim.runner import play_match
from hacktable.store.records import BOT, RUNNING, MatchRecord, SeatRecord


def on_the_wire(value: Any) -> Any:
    """A value as a client reads it: encoded by the server, decoded by the client."""
    return orjson.loads(wire.dumps(value))


def round_trip(old: Any, new: Any, received: Any = None) -> list[dict[str, Any]]:
    """Patch `old` into `new` through JSON, as a client does (`received`: the old screen
    as the client read it, when it was sent); the result must be `new` as the client would
    have read it whole, byte for byte once encoded."""
    ops = on_the_wire(delta.diff(old, new))
    patched = delta.apply(on_the_wire(old) if received is None else received, ops)
    assert wire.fingerprint(patched) == wire.fingerprint(on_the_wire(new))
    return ops


@pytest.mark.parametrize(("old", "new"), [
    ({"a": 1}, {"a": None}),  # a value turned null (merge patch would delete it)
    ({"a": None}, {"a": {"b": None, "c": [None]}}),  # null turned object holding nulls
    ({"a": {"b": 1}}, {"a": None}),
    ({"a": 1, "b": 2}, {"a": 1}),  # a key removed
    ({"a": 1}, {"a": 1, "b": None}),  # a key added, null
    ({"a": {"b": {"c": 1, "d": 2}}}, {"a": {"b": {"c": 3, "d": 2, "e": []}}}),
    ({"a": list(range(100))}, {"a": [*range(100), 100, 101]}),  # a list grows
    ({"a": list(range(100))}, {"a": list(range(3, 105))}),  # a window slides
    ({"a": list(range(100))}, {"a": [*range(50), "x", *range(51, 100)]}),  # one item
    ({"a": list(range(100))}, {"a": list(range(90))}),  # a list shrinks
    ({"a": list(range(100))}, {"a": []}),
    ({"a": [1, 2]}, {"a": [2, 1]}),  # short lists: replaced whole
    ({"t": "x" * 200}, {"t": "x" * 200 + "tail"}),  # one line: replaced whole
    ({"t": "head\n" + "x\n" * 100}, {"t": "x\n" * 100}),  # lines
    ({"t": "a\n" * 100}, {"t": "a\n" * 100 + "b"}),
    ({"t": "a\n" * 100}, {"t": "\n" * 100}),
    ({"t": "\n" * 100}, {"t": "\n" * 101}),
    ({"t": "é🙂\n" * 80}, {"t": "é🙂\n" * 40 + "🙃" + "é🙂\n" * 40}),  # beyond 16 bits
    ({"a/b": 1, "c~d": {"e": 1}}, {"a/b": 2, "c~d": {"e": None}}),  # escaped keys
    ({3: "x", "k": 1}, {3: "y", "k": 1}),  # keys the encoder writes as strings
    ({"a": (1, 2)}, {"a": [1, 2, 3]}),  # tuples are written as lists
    ({"a": [{"x": 1}] * 70}, {"a": [{"x": 1}] * 69 + [{"x": None}]}),
])
def test_awkward_changes_round_trip(old, new):
    round_trip(old, new)


def test_nothing_changed_is_no_operation():
    assert delta.diff({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]}) == []


def test_a_grown_list_sends_only_what_was_added():
    ops = round_trip({"a": list(range(1000))}, {"a": [*range(1000), 1000]})
    assert ops == [{"op": "splice", "path": "/a", "at": 1000, "drop": 0, "insert": [1000]}]


def test_a_patch_that_does_not_fit_is_refused():
    with pytest.raises(ValueError):
        delta.apply({"a": 1}, [{"op": "remove", "path": "/b"}])
    with pytest.raises(ValueError):
        delta.apply({"a": [1]}, [{"op": "splice", "path": "/a", "at": 3, "drop": 0,
                                  "insert": []}])
    with pytest.raises(ValueError):
        delta.apply({"a": "x"}, [{"op": "splice", "path": "/a", "at": 0, "drop": 0,
                                  "insert": []}])
    with pytest.raises(ValueError):
        delta.apply({"a": 1}, [{"op": "move", "path": "/a"}])


def live_match(game_id: str) -> tuple[Live, list[Any]]:
    """A bot match of `game_id` as the server holds it, before any move, and the log the
    bots played (to apply entry by entry)."""
    game = next(g for g in all_games() if g.id == game_id)
    seats = max(game.min_seats, min(4, game.max_seats))
    bots = default_bots(game)
    names = seat_names(seats)
    personalities = [bots[s % len(bots)] for s in range(seats)]
    played = play_match(game, personalities, {}, seed=3, seats=names, step_limit=400)
    record = MatchRecord(1, "DELTA1", game.id, played.match.options, "3", RUNNING, "h", 0.0,
                         0, None, None, None)
    live = Live(record, [SeatRecord(s, names[s], BOT, personalities[s], None, None)
                         for s in range(seats)], game, Match(game, names,
                                                             played.match.options, 3))
    return live, list(played.match.log)


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_every_screen_of_a_played_match_round_trips(game_id):
    """Each viewer's screen after every entry, patched from the one before: exactly the
    new screen, and every value a patch carries is in the viewer's own new screen. The
    server diffs the payloads it rendered earlier, so the match moving on since must not
    have changed them: the old screen is patched as the client received it then."""
    live, log = live_match(game_id)
    assert live.match is not None
    viewers = [Caller("seat", seat) for seat in range(len(live.seats))]
    viewers += [Caller("spectator"), Caller("host", referee=True)]
    before: dict[Any, tuple[dict[str, Any], Any]] = {}
    patched = 0
    for number, entry in enumerate(log[:300]):
        live.match.apply_entry(entry)
        for caller in viewers:
            new = presenter.screen(live, caller, float(number))
            old = before.get(caller.viewer)
            before[caller.viewer] = (new, on_the_wire(new))
            if old is None:
                continue
            ops = round_trip(old[0], new, old[1])
            patched += bool(ops)
            carried_only_from(ops, on_the_wire(new))
    assert patched > 10
    assert {c.viewer for c in viewers} >= {0, SPECTATOR, GM}


def carried_only_from(ops: list[dict[str, Any]], new: dict[str, Any]) -> None:
    """Every value an operation carries sits, as it is, where it goes in the new screen."""
    for op in ops:
        at = new
        for part in op["path"][1:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            at = at[int(part)] if isinstance(at, list) else at.get(part)
        if op["op"] in ("add", "replace"):
            assert json.dumps(at, sort_keys=True) == json.dumps(op["value"], sort_keys=True)
        elif op["op"] == "remove":
            assert at is None
        elif op["op"] == "splice" and op["insert"]:
            assert op["insert"] == at[op["at"]:op["at"] + len(op["insert"])]
        elif op["op"] == "lines" and op["insert"]:
            lines = at.split("\n")
            assert op["insert"] == lines[op["at"]:op["at"] + len(op["insert"])]


def test_parts_make_only_what_was_asked():
    live, log = live_match("rexfurum")
    assert live.match is not None
    for entry in log[:20]:
        live.match.apply_entry(entry)
    whole = presenter.screen(live, Caller("seat", 1), 0.0)
    some = presenter.screen(live, Caller("seat", 1), 0.0,
                            parts=frozenset({"prompt", "legal", "match"}))
    assert set(some) == {"prompt", "legal", "match", "seq"}
    assert all(some[key] == whole[key] for key in some)
    text = presenter.screen(live, Caller("seat", 1), 0.0, parts=frozenset({"text"}))
    assert text == {"seq": whole["seq"], "text": whole["text"]}


def test_a_small_change_to_a_screen_without_text_is_sent_as_a_patch_without_encoding_it_whole():
    """A bot's screen (`parts`, no plain text) is weighed against the whole screen it was
    patched from: a small change goes as a patch, and the new screen is not encoded whole
    only to learn that the patch is smaller. A change that replaces most of it goes whole."""
    from hacktable.server.screens import RenderedScreen

    reports = [{"round": r, "lines": ["line"] * 20} for r in range(1, 8)]
    first = RenderedScreen({"seq": 1, "view": {"reports": reports, "orders": None}})
    sent_whole = json.loads(first.whole(1))
    second = RenderedScreen({"seq": 2, "view": {"reports": reports, "orders": ["protect self"]}})
    patch = second.patch_from(first, 1, 2)
    assert patch is not None and second._body is None  # never encoded whole
    assert delta.apply(sent_whole, json.loads(patch)["patch"]) == {
        "type": "screen", "id": 1, **second.payload}
    rewritten = [{"round": r, "lines": ["other"] * 30} for r in range(1, 9)]
    third = RenderedScreen({"seq": 3, "view": {"reports": rewritten, "orders": None}})
    assert third.patch_from(second, 2, 3) is None  # as long as the whole: sent whole
