"""Rules for Runners end to end: a GM at a desktop console and three runners on phones.

    the GM       adds a hidden guard and starts the mission (settling any tie by clicking
                 who won the rock-paper-scissors)
    runner A     asks for a check ("pick the lock"); the GM sets a secret DC of 12 and rolls
                 it; A sees the dice and total, never the DC; A readies "pull the fire alarm"
                 when "a guard turns the corner", the GM prices it at 1 s, A accepts
    runner B     starts sneaking and sees the DEX result recorded
    the GM       fires A's readied action; everyone's log shows it
    runner C     does nothing: the server's clock passes 30 s and the turn ends

Initiative is rolled by the server, so the test reads whose turn it is from the GM's view
and gives the steps to runners in that order. No sleeps: every wait is for a pushed screen.
Phones are 360 px wide and must not scroll sideways; no runner's page ever carries the
hidden guard, a DC or the GM's rolls.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.services import Api, Server, TestClock

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

NARROW = {"width": 360, "height": 740}
SECRET = "Guard Nox"
RUNNERS = {1: "Mica", 2: "Damien", 3: "Luke"}


@dataclass
class Table:
    code: str
    host: Api
    tokens: dict[int, str]
    pages: dict[int, Page]

    def gm_view(self) -> dict[str, Any]:
        """What the gamemaster (seat 1, who by the rules knows everything) sees."""
        return Api(str(self.host.http.base_url), self.tokens[0]).ok(
            "GET", f"/api/matches/{self.code}/view")["view"]

    def turn(self) -> dict[str, Any]:
        return self.gm_view()["turn"]


def sit(browsing: Browsing, code: str, token: str, label: str, phone: bool) -> Page:
    page = browsing.open(label, phone=phone)
    if phone:
        page.set_viewport_size(NARROW)
    page.goto(f"/m/{code}?token={token}")
    page.wait_for_url(f"**/m/{code}")
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    expect(page.locator(".rr")).to_be_visible()
    return page


def overflow(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth") - NARROW["width"]


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("HACKTABLE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def assert_no_secret(page: Page) -> None:
    html = page.content()
    assert SECRET not in html and "DC 12" not in html and "Secret DC" not in html


def to_a_runner(table: Table, gm: Page, avoid: set[int]) -> int:
    """End NPC turns (from the GM console) until a runner not in `avoid` has the turn."""
    for _ in range(12):
        turn = table.turn()
        if turn["seat"] is not None and turn["seat"] not in avoid:
            return turn["seat"]
        if turn["seat"] is None:
            gm.locator("#rr-end-turn button").click()
        else:
            table.pages[turn["seat"]].locator("#rr-end button").click()
        _wait_turn_changed(table, turn)
    raise AssertionError("no runner got the turn")


def _wait_turn_changed(table: Table, before: dict[str, Any]) -> None:
    for _ in range(200):
        now = table.turn()
        if now != before:
            return
        table.pages[0].wait_for_timeout(50)
    raise AssertionError("the turn did not pass")


@pytest.fixture(scope="module")
def table(browsing: Browsing, server: Server) -> Table:
    created = Api(server.url).ok("POST", "/api/matches", {"game": "runners", "seats": 4})
    code = created["code"]
    host = Api(server.url, created["host_token"])
    tokens = {}
    for seat, name in ((0, "Gia"), *RUNNERS.items()):
        joined = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                    {"seat": seat, "name": name})
        tokens[seat] = joined["token"]
    host.ok("POST", f"/api/matches/{code}/host/start")
    pages = {0: sit(browsing, code, tokens[0], "gm", phone=False)}
    for seat in RUNNERS:
        pages[seat] = sit(browsing, code, tokens[seat], f"runner{seat}", phone=True)
    return Table(code, host, tokens, pages)


def test_a_mission_from_start_to_a_turn_that_runs_out(table: Table, clock: TestClock):
    gm = table.pages[0]
    # -- the GM prepares: a hidden guard, then the start -------------------------------------
    gm.locator("#rr-npc-name").fill(SECRET)
    gm.locator("#rr-npc-init").fill("15")
    gm.get_by_role("button", name="Add NPC").click()
    expect(gm.locator(".rr-side")).to_contain_text(SECRET)
    luke = table.pages[3]
    luke.locator("#rr-char-str").fill("6")
    luke.get_by_role("button", name="Use this character").click()
    expect(luke.locator("#rr-character [role=alert]")).to_contain_text("nice try, min-maxers")
    luke.locator("#rr-char-str").fill("3")
    luke.locator("#rr-char-cha").fill("6")
    luke.get_by_role("button", name="Use this character").click()
    expect(gm.locator(".rr-side")).to_contain_text("STR 3 DEX 1 INT 2 CHA 6")
    shoot(gm, "gm-prep")
    shoot(table.pages[1], "runner-prep-360")
    gm.get_by_role("button", name="Start the mission (roll initiative)").click()
    expect(gm.locator("[data-turn-line]")).not_to_contain_text("Preparing")
    if gm.locator("#rr-ties-h").count():
        gm.locator(".rr-alert form button").first.click()
    expect(gm.locator("[data-turn-line]")).to_contain_text("Round 1")
    for seat in RUNNERS:
        expect(table.pages[seat].locator(".rr-order")).to_contain_text(RUNNERS[seat])
        assert_no_secret(table.pages[seat])

    # -- runner A: a check against a secret DC, then a readied action -------------------------
    a = to_a_runner(table, gm, set())
    page_a = table.pages[a]
    expect(page_a.locator("[data-turn-line]")).to_contain_text("your turn, 3 s left")
    shoot(page_a, "runner-turn-360")
    assert overflow(page_a) <= 1
    page_a.locator("#rr-check-note").fill("pick the lock")
    page_a.get_by_role("button", name="Ask the GM for a check").click()
    expect(page_a.locator(".rr-turn .rr-waiting")).to_contain_text("Waiting for the GM")
    expect(gm.locator(f"#rr-rule-{a}")).to_be_visible()
    shoot(gm, "gm-request")
    gm.locator(f"#rr-rule-{a}-stat").select_option("dex")
    gm.locator(f"#rr-rule-{a}-dc").fill("12")
    gm.locator(f"#rr-rule-{a} button").click()
    expect(gm.locator(".rr-rolls").first).to_contain_text("DC 12")
    expect(page_a.locator(".rr-rolls")).to_contain_text("Dexterity check")
    expect(page_a.locator(".rr-rolls")).to_contain_text(" + DEX = ")
    assert_no_secret(page_a)
    expect(page_a.locator("[data-turn-line]")).to_contain_text("1 s left")
    page_a.locator("#rr-ready-text").fill("pull the fire alarm")
    page_a.locator("#rr-ready-trigger").fill("a guard turns the corner")
    page_a.get_by_role("button", name="Ready an action").click()
    gm.locator(f"#rr-price-{a}-1 button").click()
    page_a.get_by_role("button", name="Accept (1 s)").click()
    expect(page_a.locator(".rr-readied")).to_contain_text("when a guard turns the corner")

    # -- runner B: sneaks -------------------------------------------------------------------
    b = to_a_runner(table, gm, {a})
    page_b = table.pages[b]
    expect(page_b.locator("[data-turn-line]")).to_contain_text("your turn, 3 s left")
    page_b.get_by_role("button", name="Start sneaking (3 s)").click()
    expect(page_b.locator(".rr-sheet")).to_contain_text("sneaking, DEX result")
    expect(gm.locator(".rr-side")).to_contain_text("sneak DC")

    # -- the GM fires A's readied action --------------------------------------------------------
    gm.locator(f"#rr-fire-{a} button").click()
    page_c_seat = next(s for s in RUNNERS if s not in (a, b))
    page_c = table.pages[page_c_seat]
    expect(page_c.locator("#table-log")).to_contain_text("readied action happens: pull the "
                                                         "fire alarm")
    expect(page_a.locator(".rr-readied")).to_have_count(0)

    # -- runner C: the real seconds run out -----------------------------------------------------
    c = to_a_runner(table, gm, {a, b})
    assert c == page_c_seat
    expect(page_c.locator("[data-turn-line]")).to_contain_text("your turn")
    expect(page_c.locator(".countdown")).to_be_visible()
    shoot(page_c, "runner-clock-360")
    shoot(gm, "gm-mission")
    clock.advance(31)
    expect(page_c.locator("[data-turn-line]")).not_to_contain_text("your turn")
    expect(page_c.locator("#table-log")).to_contain_text("turn ends")
    for seat in RUNNERS:
        assert_no_secret(table.pages[seat])
        assert overflow(table.pages[seat]) <= 1


def test_a_hacker_answers_a_task_and_the_gm_sees_it(table: Table):
    gm = table.pages[0]
    luke = table.pages[3]
    gm.locator("#rr-hack-seat").select_option("3")
    gm.locator("#rr-hack-colour").select_option("red")
    gm.get_by_role("button", name="Hand out the task").click()
    task = luke.locator("[data-task-kind=mugtome]")
    expect(task).to_be_visible()
    shoot(luke, "runner-hack-360")
    assert overflow(luke) <= 1
    solution = table.gm_view()["tasks"]["3"]["solution"]
    assert solution not in luke.content()
    task.locator("input[name=answer]").fill(solution)
    task.get_by_role("button", name="Submit").click()
    expect(luke.locator(".rr-hack-result")).to_contain_text("succeeded")
    expect(gm.locator(".rr-hack-gm")).to_contain_text("success")
    assert "data-task-kind" not in table.pages[1].content()


@pytest.mark.parametrize("width", [1280, 360])
def test_a_malformed_answer_is_refused_and_giving_up_asks_first(table: Table, width: int):
    """Issue 36, in Runners' use of ./Run's tasks: "343" for a 4-digit passcode is refused
    with a sentence, kept, and nothing is sent (the engine refuses it too); giving up asks
    first, and then the GM sees it."""
    gm, luke = table.pages[0], table.pages[3]
    luke.set_viewport_size({"width": width, "height": 900 if width > 360 else 740})
    gm.locator("#rr-hack-seat").select_option("3")
    gm.locator("#rr-hack-colour").select_option("blue")
    gm.locator("#rr-hack-ring").select_option("0")
    gm.get_by_role("button", name="Hand out the task").click()
    task = luke.locator("[data-task-kind=audio]")
    expect(task).to_be_visible()
    field = task.get_by_label("Passcode (4 digits)")
    expect(field).to_have_attribute("inputmode", "numeric")
    alert = task.locator("[data-error]")
    field.fill("343")
    task.get_by_role("button", name="Submit").click()
    expect(alert).to_contain_text("This passcode has 4 digits and you typed 3")
    expect(field).to_have_value("343")
    if width == 360:
        assert overflow(luke) <= 1
    shoot(luke, f"runner-hack-refused-{width}")
    field.evaluate("el => { el.removeAttribute('pattern'); el.removeAttribute('data-digits'); }")
    field.fill("343")
    task.get_by_role("button", name="Submit").click()
    expect(alert).to_contain_text("Nothing was sent")
    expect(field).to_have_value("343")
    assert table.gm_view()["tasks"]["3"]["solved"] is None
    luke.once("dialog", lambda dialog: dialog.dismiss())
    task.get_by_role("button", name="Give up…").click()
    expect(field).to_have_value("343")
    assert table.gm_view()["tasks"]["3"]["solved"] is None
    luke.once("dialog", lambda dialog: dialog.accept())
    task.get_by_role("button", name="Give up…").click()
    expect(luke.locator(".rr-hack-result")).to_contain_text("failed (you gave up)")
    expect(gm.locator(".rr-hack-gm")).to_contain_text("gave up")
    luke.set_viewport_size(NARROW)


def test_the_gm_console_also_fits_a_phone(browsing: Browsing, table: Table):
    page = sit(browsing, table.code, table.tokens[0], "gm-phone", phone=True)
    expect(page.locator("#rr-call")).to_be_visible()
    shoot(page, "gm-360")
    assert overflow(page) <= 1
