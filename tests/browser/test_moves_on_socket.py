"""A seat's moves travel on the page's open socket, in chromium: no POST /act while the
socket is live, the round still closes and the screen follows as a push; a refused move
shows the same sentence POST /act gives; with no socket (blocked) the page falls back to
POST and the move still lands."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, WebSocket, expect

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


def _seat_at_a_table(browsing: Browsing, label: str) -> tuple[Page, str]:
    page = browsing.open(label)
    created = page.request.post("/api/matches", data={
        "game": "rexfurum", "seats": 4, "options": {"early_close": True},
        "bots": {"1": "loyal", "2": "loyal", "3": "loyal"}, "bot_pace": 0})
    code = created.json()["code"]
    page.request.post(f"/api/matches/{code}/join", data={"seat": 0, "name": "Ann"})
    page.request.post(f"/api/matches/{code}/host/start")
    _wait_for_the_bots(page, code)
    return page, code


def _wait_for_the_bots(page: Page, code: str) -> None:
    """The three bots' orders are in before Ann is asked to act (bots think in worker
    processes, which a busy machine starts slowly): polled, bounded, not timed."""
    for _ in range(600):
        sent = page.request.get(f"/api/matches/{code}").json().get("sent") or {}
        if len(sent.get("done", [])) == 3:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the bots never sent their orders: {sent}")


def _watch(page: Page) -> tuple[list[str], list[dict]]:
    """Every POST /act the page makes, and every move it sends on a socket."""
    posts: list[str] = []
    frames: list[dict] = []

    def on_socket(socket: WebSocket) -> None:
        def sent(payload: str | bytes) -> None:
            if isinstance(payload, str) and '"act"' in payload:
                frames.append(json.loads(payload))
        socket.on("framesent", sent)

    page.on("websocket", on_socket)
    page.on("request", lambda request: posts.append(request.url)
            if request.method == "POST" and request.url.endswith("/act") else None)
    return posts, frames


def test_a_move_goes_on_the_socket_and_the_screen_follows(browsing: Browsing) -> None:
    ann, code = _seat_at_a_table(browsing, "socket-ann")
    posts, frames = _watch(ann)
    ann.goto(f"/m/{code}")
    expect(ann.locator("[data-conn]").first).to_contain_text("live")
    expect(ann.locator("[data-sent]")).to_contain_text("3 of 4 have sent")  # the bots' orders
    ann.get_by_label("Or write them as in an email").fill("protect self")
    ann.get_by_role("button", name="Send as written").click()
    expect(ann.locator("#rf-title")).to_contain_text("Round 2")
    assert frames and frames[0]["type"] == "act" and frames[0]["text"] == "protect self"
    assert posts == []

    ann.get_by_label("Or write them as in an email").fill("embezzle Nobody")
    ann.get_by_role("button", name="Send as written").click()
    refused = ann.locator("#screen [role=alert]").filter(has_text="Nobody")
    expect(refused.first).to_be_visible()
    assert posts == []
    browsing.close("socket-ann")


def test_without_a_socket_the_move_goes_by_post(browsing: Browsing) -> None:
    ann, code = _seat_at_a_table(browsing, "post-ann")
    posts, frames = _watch(ann)
    ann.route_web_socket("**/ws*", lambda socket: socket.close())  # no live socket at all
    ann.goto(f"/m/{code}")
    expect(ann.locator("[data-sent]")).to_contain_text("3 of 4 have sent")
    ann.get_by_label("Or write them as in an email").fill("protect self")
    with ann.expect_response(lambda response: response.url.endswith("/act")) as answer:
        ann.get_by_role("button", name="Send as written").click()
    assert answer.value.status == 200
    ann.reload()  # no pushes without a socket: the page as it is now
    expect(ann.locator("#rf-title")).to_contain_text("Round 2")
    assert frames == []
    assert len(posts) == 1
    browsing.close("post-ann")
