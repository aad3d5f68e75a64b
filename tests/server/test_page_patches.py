"""A page's socket (`format=html`) is sent its screen whole once, then the lines that
changed (`server/line_patch.py`): a page applying them holds exactly the HTML a page sent
whole screens holds, and one that lost track asks for the whole screen again."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from tests.server.helpers import Listener, every_seat_sends_orders, first_difference, ws_url
from tests.services import Table, open_table, wait_for

from hacktable.server import line_patch

NAMES = ["Ann", "Bob", "Cyd", "Dee"]


def pages_of(listener: Listener) -> list[dict[str, Any]]:
    """Every screen a page's socket showed, in order, as `{"seq", "match", "html"}`: the
    whole ones as sent, each patch applied to the screen it names. A patch naming a screen
    the page does not hold fails the test."""
    held: dict[str, Any] | None = None
    shown = []
    for message in map(json.loads, listener.messages):
        if message["type"] == "screen":
            held = message
        elif message["type"] == "patch":
            assert held is not None and held["id"] == message["base"], message
            assert set(message) == {"type", "seq", "base", "id", "match", "lines"}
            held = {**message, "type": "screen",
                    "html": line_patch.apply(held["html"], message["lines"])}
        else:
            continue
        shown.append({key: held[key] for key in ("seq", "match", "html")})
    return shown


@contextlib.contextmanager
def pages(base: str, table: Table, seat: int | None, *queries: str) -> Iterator[list[Listener]]:
    token = None if seat is None else table.tokens[seat]
    opened = [Listener(ws_url(base, table.code, token, fmt="html") + query)
              for query in queries]
    try:
        yield opened
    finally:
        for listener in opened:
            listener.close()


def kinds(listener: Listener) -> list[str]:
    return [json.loads(message)["type"] for message in listener.messages]


def seq_of(table: Table, seat: int | None) -> int:
    api = table.seats[seat] if seat is not None else table.host
    return api.ok("GET", f"/api/matches/{table.code}/view")["seq"]


def test_a_page_applying_line_patches_shows_the_html_sent_whole(server):
    table = open_table(server.url, NAMES, {"early_close": True})
    with contextlib.ExitStack() as stack:
        pairs = {who: stack.enter_context(pages(server.url, table, who, "", "&patches=false"))
                 for who in (0, 1, None)}
        for patched, whole in pairs.values():
            wait_for(lambda p=patched, w=whole: pages_of(p) and pages_of(w))
        every_seat_sends_orders(table, rounds=3)
        for who, (patched, whole) in pairs.items():
            last = seq_of(table, who)
            for listener in (patched, whole):
                wait_for(lambda n=last, s=listener: pages_of(s)[-1]["seq"] == n)
            assert kinds(patched).count("screen") == 1, (who, kinds(patched))
            assert kinds(patched).count("patch") >= 3, (who, kinds(patched))
            assert "patch" not in kinds(whole), (who, kinds(whole))
            one, other = pages_of(patched)[-1], pages_of(whole)[-1]
            assert one == other, (who, one["seq"], one["match"] == other["match"],
                                  first_difference(one["html"], other["html"]))
            # A moment both were sent once each shows the same page. A moment is the seat's
            # own numbering and who has sent: a rival's hidden orders move the second but
            # not the first, so two pages at one `seq` made either side of them differ in
            # the sent strip only, and rightly.
            by_moment: dict[tuple[int, str], list[dict[str, Any]]] = {}
            for page in pages_of(whole):
                by_moment.setdefault(moment_of(page), []).append(page)
            for page in pages_of(patched):
                if len(by_moment.get(moment_of(page), [])) == 1:
                    assert page == by_moment[moment_of(page)][0], (who, page["seq"])


def moment_of(page: dict[str, Any]) -> tuple[int, str]:
    """What a page was made from: the seat's own count of the log, and who had sent."""
    return page["seq"], json.dumps(page["match"].get("sent"), sort_keys=True)


@contextlib.contextmanager
def patched_page(base: str) -> Iterator[tuple[Table, Listener]]:
    """A table and Ann's page once it was sent its whole screen and a patch (Ann's orders)."""
    table = open_table(base, NAMES, {"early_close": True})
    with pages(base, table, 0, "") as (ann,):
        wait_for(lambda: pages_of(ann))
        table.seats[0].ok("POST", f"/api/matches/{table.code}/act", {"text": "protect self"})
        wait_for(lambda: "patch" in kinds(ann))
        yield table, ann


def test_a_patch_is_smaller_than_the_screen_it_makes(server):
    with patched_page(server.url) as (_, ann):
        patch = next(m for m in ann.messages if json.loads(m)["type"] == "patch")
        assert len(patch) < len(pages_of(ann)[-1]["html"])


def test_a_page_that_lost_track_asks_for_the_whole_screen(server):
    with patched_page(server.url) as (table, ann):
        ann._socket.send(json.dumps({"type": "full"}))
        wait_for(lambda: kinds(ann).count("screen") == 2)
        last = json.loads(ann.messages[-1])
        assert last["type"] == "screen" and last["id"] == len(pages_of(ann))
        # asked again after a whole screen: not sent another (no loop of whole screens)
        ann._socket.send(json.dumps({"type": "full"}))
        table.seats[1].ok("POST", f"/api/matches/{table.code}/act", {"text": "protect self"})
        wait_for(lambda: json.loads(ann.messages[-1])["type"] in ("patch", "sent"))
        assert kinds(ann).count("screen") == 2
