"""A JSON socket is sent its screen whole once, then patches: a client applying them holds
exactly the screen a client sent whole screens holds. It can ask for the whole screen
again (`{"type": "full"}`), and for some parts of the screen only (`parts=`)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from tests.server.helpers import Listener, every_seat_sends_orders, screens_of, ws_url
from tests.services import Table, open_table, wait_for

NAMES = ["Ann", "Bob", "Cyd", "Dee"]


def messages(listener: Listener) -> list[dict[str, Any]]:
    return [json.loads(m) for m in listener.messages]


def seq_of(table: Table, seat: int | None) -> int:
    api = table.seats[seat] if seat is not None else table.host
    return api.ok("GET", f"/api/matches/{table.code}/view")["seq"]


@contextlib.contextmanager
def sockets(base: str, table: Table, seat: int | None, *queries: str
            ) -> Iterator[list[Listener]]:
    token = None if seat is None else table.tokens[seat]
    opened = [Listener(ws_url(base, table.code, token) + query) for query in queries]
    try:
        yield opened
    finally:
        for listener in opened:
            listener.close()


def test_a_client_applying_patches_ends_with_the_screen_sent_whole(server):
    table = open_table(server.url, NAMES, {"early_close": True})
    with contextlib.ExitStack() as stack:
        pairs = {who: stack.enter_context(sockets(server.url, table, who, "",
                                                  "&patches=false"))
                 for who in (0, 1, None)}
        for patched, whole in pairs.values():
            wait_for(lambda p=patched, w=whole: p.screens() and w.screens())
        every_seat_sends_orders(table, rounds=3)
        for who, (patched, whole) in pairs.items():
            last = seq_of(table, who)
            for listener in (patched, whole):
                wait_for(lambda n=last, s=listener: s.screens() and s.screens()[-1]["seq"] == n)
            kinds = [m["type"] for m in messages(patched)]
            assert kinds.count("screen") == 1 and kinds.count("patch") >= 3, kinds
            assert "patch" not in [m["type"] for m in messages(whole)]
            assert same(patched.screens()[-1]) == same(whole.screens()[-1]), who
            # every screen both were shown (the same rendering) is the same, patched or whole
            sent_whole = {moment(screen): same(screen) for screen in whole.screens()}
            both = [screen for screen in patched.screens() if moment(screen) in sent_whole]
            assert len(both) >= 3
            for screen in both:
                assert same(screen) == sent_whole[moment(screen)]


def same(screen: dict[str, Any]) -> dict[str, Any]:
    """A screen less its `id`, which numbers the screens of one socket."""
    return {key: value for key, value in screen.items() if key != "id"}


def moment(screen: dict[str, Any]) -> tuple[int, str]:
    return screen["seq"], screen["server_now"]


def test_a_client_that_lost_track_asks_for_the_whole_screen(server):
    table = open_table(server.url, NAMES, {"early_close": True})
    with sockets(server.url, table, 0, "") as (ann,):
        wait_for(ann.screens)
        table.seats[0].ok("POST", f"/api/matches/{table.code}/act", {"text": "protect self"})
        wait_for(lambda: any(m["type"] == "patch" for m in messages(ann)))
        ann._socket.send(json.dumps({"type": "full"}))
        wait_for(lambda: [m["type"] for m in messages(ann)].count("screen") == 2)
        screens = [m for m in messages(ann) if m["type"] in ("screen", "patch")]
        assert screens[-1]["type"] == "screen"
        resent, held = screens[-1], screens_of(screens[:-1])[-1]
        assert resent["id"] == held["id"] + 1
        assert {**resent, "id": 0} == {**held, "id": 0}  # nothing moved: the same screen
        ann._socket.send(json.dumps({"type": "full"}))  # it holds the whole one: not again
        for seat in (1, 2, 3):
            table.seats[seat].ok("POST", f"/api/matches/{table.code}/act",
                                 {"text": "protect self"})
        wait_for(lambda: messages(ann)[-1]["type"] == "patch")
        assert messages(ann)[-1]["base"] == screens[-1]["id"]  # patched from the resent one
        assert [m["type"] for m in messages(ann)].count("screen") == 2


def test_a_bot_asks_for_its_prompt_and_legal_moves_only(server):
    table = open_table(server.url, NAMES, {"early_close": True})
    with sockets(server.url, table, 1, "&parts=prompt,legal") as (bob,):
        first = wait_for(bob.screens)[0]
        assert set(first) == {"type", "id", "seq", "prompt", "legal"}
        assert first["prompt"]["submitted"] is False
        table.seats[0].ok("POST", f"/api/matches/{table.code}/act", {"text": "protect self"})
        table.seats[1].ok("POST", f"/api/matches/{table.code}/act", {"text": "protect self"})
        screen = wait_for(lambda: next((s for s in bob.screens()
                                        if s["prompt"]["submitted"]), None))
        assert set(screen) == {"type", "id", "seq", "prompt", "legal"}
        assert screen["seq"] == seq_of(table, 1)


def test_who_has_sent_is_told_only_to_a_socket_that_asked_for_the_match(server):
    """`sent` lives in the match's public facts: a bot that asked for its prompt alone is
    not sent a message each time another seat sends (it would only throw it away)."""
    table = open_table(server.url, NAMES)
    with sockets(server.url, table, 1, "&parts=prompt,legal", "&parts=prompt,match") as (
            prompt_only, with_match):
        wait_for(lambda: prompt_only.screens() and with_match.screens())
        for seat in (0, 2):
            table.seats[seat].ok("POST", f"/api/matches/{table.code}/act",
                                 {"text": "protect self"})
        told = wait_for(lambda: [m for m in messages(with_match) if m["type"] == "sent"
                                 and len(m["sent"]["done"]) == 2])
        assert told[-1]["sent"] == {"asked": [0, 1, 2, 3], "done": [0, 2]}
        table.seats[3].ok("POST", f"/api/matches/{table.code}/act", {"text": "protect self"})
        wait_for(lambda: [m for m in messages(with_match) if m["type"] == "sent"
                          and len(m["sent"]["done"]) == 3])
        assert "sent" not in [m["type"] for m in messages(prompt_only)]
        assert [m["type"] for m in messages(prompt_only)].count("screen") == 1


def test_unknown_parts_are_refused_with_the_parts_there_are(server):
    table = open_table(server.url, NAMES)
    with sockets(server.url, table, 0, "&parts=prompt,secrets") as (ann,):
        closed = wait_for(lambda: ann.closed)
        assert closed[0] == 4400 and "secrets" in closed[1]


def test_whole_screens_only_is_asked_as_a_form_would_ask_it(server):
    table = open_table(server.url, NAMES, {"early_close": True})
    with sockets(server.url, table, 0, "&patches=0", "&patches=No", "&patches=maybe") as (
            zero, no, maybe):
        closed = wait_for(lambda: maybe.closed)
        assert closed[0] == 4400 and "patches" in closed[1]
        wait_for(lambda: zero.screens() and no.screens())
        table.seats[0].ok("POST", f"/api/matches/{table.code}/act", {"text": "protect self"})
        last = seq_of(table, 0)
        for listener in (zero, no):
            wait_for(lambda s=listener: s.screens()[-1]["seq"] == last)
            assert "patch" not in [m["type"] for m in messages(listener)]
