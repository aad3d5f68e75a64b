"""./Run end to end on a phone: a runner draws and places cards and sees only face-down
backs; a hacker solves a green task in the DNA editor; a hacker solves a red task by
reading the Mugtome pages.

The person under test plays seat 0 in a phone-sized browser; the other seats are bots
(the runner's table) or people driving the API (the hackers' tables, so that start spaces
are certain). The red answer is worked out with the project's own solver from the task's
public part, which is what a person reading the page does, then typed. No sleeps: every
wait is for a pushed screen.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.services import Api, Server

from hacktable.games.dotrun.tasks import solve

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

LONG = {"stress_seconds": 600}
"""The stress phase never times out under a test: the tests end it by finishing."""


def create(server: Server, names: list[str], bots: dict[int, str], options: dict[str, Any]
           ) -> tuple[str, Api, dict[int, Api]]:
    """A started ./Run match; returns its code, the host and an API client per seat."""
    created = Api(server.url).ok("POST", "/api/matches", {
        "game": "dotrun", "seats": len(names), "options": options,
        "bots": {str(s): p for s, p in bots.items()}})
    code = created["code"]
    host = Api(server.url, created["host_token"])
    seats = {}
    for seat, name in enumerate(names):
        if seat in bots:
            continue
        joined = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                    {"seat": seat, "name": name})
        seats[seat] = Api(server.url, joined["token"])
        seats[seat].token = joined["token"]  # type: ignore[attr-defined]
    host.ok("POST", f"/api/matches/{code}/host/start")
    return code, host, seats


def open_seat(browsing: Browsing, label: str, code: str, token: str) -> Page:
    """The seat's personal link, on a phone."""
    page = browsing.open(label, phone=True)
    page.goto(f"/m/{code}?token={token}")
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    return page


def act(api: Api, code: str, action: dict[str, Any]) -> None:
    api.ok("POST", f"/api/matches/{code}/act", {"action": action})


def press(page: Page, name: str) -> None:
    page.get_by_role("button", name=name).first.click()


# -- a runner --------------------------------------------------------------------------------

def test_a_runner_draws_and_places_cards_face_down(browsing: Browsing, server: Server) -> None:
    code, _, seats = create(server, ["ann", "bot1", "bot2"], {1: "crew", 2: "crew"},
                            {"start": "random", "tasks": "code", **LONG})
    page = open_seat(browsing, "runner", code, seats[0].token)  # type: ignore[attr-defined]
    expect(page.locator("#dr-title")).to_contain_text("planning")
    press(page, "Run")
    expect(page.locator("#dr-title")).to_contain_text("STRESS")
    expect(page.locator(".dr-board svg")).to_be_visible()
    row = page.locator("[data-row-count]")
    for count, side in ((1, "left"), (2, "right")):
        press(page, "Draw a card")
        hand = page.locator("[data-hand]")
        expect(hand).to_be_visible()
        card = hand.get_attribute("data-hand")
        assert card in ("clockwise", "counterclockwise", "cd", "echo", "touch")
        press(page, f"Keep: {side} end")
        expect(row).to_have_attribute("data-row-count", str(count))
        expect(page.locator("[data-hand]")).to_have_count(0)
        expect(row.locator(".dr-back")).to_have_count(count)
        assert not re.search(r"clockwise|\bcd\b|echo|touch", row.inner_text())
    expect(page.locator(".dr-team-list")).to_contain_text("row 2 of 3 face down")
    press(page, "Draw a card")
    expect(page.locator("[data-hand]")).to_be_visible()
    press(page, "Discard face up")
    expect(page.locator(".dr-discards")).to_be_visible()
    expect(row).to_have_attribute("data-row-count", "2")


# -- hackers ---------------------------------------------------------------------------------

def hacker_table(browsing: Browsing, server: Server, label: str, space: str, path: str
                 ) -> tuple[Page, Api, str]:
    """Seat 0 (a phone) starts on `space` by tapping its button and hacks `path`; the two
    others start elsewhere and hold. Returns the page, seat 0's API client and the code."""
    code, _, seats = create(server, ["ann", "bob", "cat"], {},
                            {"start": "choose", "tasks": "seed", **LONG})
    page = open_seat(browsing, label, code, seats[0].token)  # type: ignore[attr-defined]
    expect(page.locator("#dr-title")).to_contain_text("start spaces")
    page.locator(f"[data-start-space='{space}']").click()
    expect(page.locator(f"[data-start-space='{space}']")).to_have_attribute("aria-pressed", "true")
    for seat, other in ((1, "o1"), (2, "o2")):
        act(seats[seat], code, {"do": "start", "space": other})
    expect(page.locator("#dr-title")).to_contain_text("planning")
    page.get_by_role("button", name=re.compile(rf"^Hack {re.escape(path)}: ")).click()
    expect(page.locator(".dr-team-list")).to_contain_text(f"hack {path}")
    for seat in (1, 2):
        act(seats[seat], code, {"do": "hold"})
    expect(page.locator("#dr-title")).to_contain_text("STRESS")
    return page, seats[0], code


def own_task(api: Api, code: str) -> dict[str, Any]:
    """The task as the seat's own view holds it (what its page shows)."""
    return api.ok("GET", f"/api/matches/{code}/view")["view"]["task"]


def expect_success(page: Page) -> None:
    expect(page.locator(".dr-own-hack")).to_contain_text("SUCCESS")
    expect(page.locator(".dr-steps")).to_contain_text("SUCCESS")


def test_a_green_task_is_solved_in_the_dna_editor(browsing: Browsing, server: Server) -> None:
    """Seed 6: green is hacked "by editing the string of DNA". Ruling (dotrun-tasks.md,
    "Green"): the editor records each edit and the edits are the answer; a paste changes
    nothing."""
    page, api, code = hacker_table(browsing, server, "green", "o6", "o7-m5")
    task = own_task(api, code)
    assert task["kind"] == "dna"
    reading = task["public"]["reading"]
    editor = page.get_by_label("Your edited DNA")
    expect(editor).to_have_value(reading)
    expect(page.locator("[data-dna-status]")).to_contain_text("Edits made: 0 of at most")
    target = task["public"].get("authorised") or reading
    page.evaluate("text => navigator.clipboard && navigator.clipboard.writeText(text)", target)
    editor.focus()
    page.keyboard.press("Control+A")
    page.keyboard.press("Control+V")  # a paste is not an edit
    expect(editor).to_have_value(reading)
    for edit in solve(task).split():  # each edit made by hand: select, then type or delete
        kind, rest = edit[0], edit[1:]
        base = rest[-1] if kind in "SI" else ""
        start = int(rest[:-1] if base else rest) - 1
        end = start + (0 if kind == "I" else 1)
        editor.evaluate("(el, [a, b]) => { el.focus(); el.setSelectionRange(a, b); }",
                        [start, end])
        if kind == "D":
            page.keyboard.press("Backspace")
        else:
            page.keyboard.type(base)
    needed = task["public"]["edits_needed"]
    expect(page.locator("[data-dna-status]")).to_contain_text(f"Edits made: {needed} of")
    expect(page.locator(".dr-dist.dr-equal")).to_have_count(1)
    page.get_by_role("button", name="Submit").click()
    expect_success(page)


def test_a_red_task_is_solved_by_reading_mugtome(browsing: Browsing, server: Server) -> None:
    page, api, code = hacker_table(browsing, server, "red", "o0", "o3-m2")
    task = own_task(api, code)
    assert task["kind"] == "mugtome"
    public = task["public"]
    expect(page.locator(".mt-hint")).to_contain_text(public["hint"])
    friend = public["accounts"][public["logged_in"]]["friends"][0]
    page.locator(f"[id='mt-{friend}'] > summary").click()
    expect(page.locator(f"[id='mt-{friend}']")).to_have_attribute("open", "")
    field = page.get_by_label(f"Password for @{public['logged_in']}")
    field.fill(solve(task))
    page.get_by_role("button", name="Submit").click()
    expect_success(page)
