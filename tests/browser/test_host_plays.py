"""A host who plays, in chromium, at 1280 and at 360 px: their seat's page shows the game
first, within the first screenful, with the host controls folded under one line they open
(and the page remembers it opened in this browser); a host who only referees keeps the
controls open. A host cancels a table that never started: every player's page says so, live,
and the lobby and "your tables" list it as cancelled."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

LAPTOP = {"width": 1280, "height": 720}
"""A laptop's browser window: the game has to start within it."""
NARROW = {"width": 360, "height": 740}
SIZES = {"1280": LAPTOP, "360": NARROW}


def playing_host(browsing: Browsing, label: str, size: dict) -> tuple[Page, str]:
    """A host who sits in seat 1 of a started 5-seat Rex Furum table, bots in the rest."""
    page = browsing.open(label, phone=size is NARROW)
    page.set_viewport_size(size)
    created = page.request.post("/api/matches", data={
        "game": "rexfurum", "seats": 5, "bot_pace": 30,
        "bots": {str(seat): "random-legal" for seat in range(1, 5)}})
    assert created.ok, created.text()
    code = created.json()["code"]
    page.goto(created.json()["host_url"])
    page.get_by_label("Your name for seat 1", exact=True).fill("Hal")
    page.get_by_role("button", name="Sit in seat 1", exact=True).click()
    expect(page.locator(".you-sit")).to_contain_text("You sit in seat 1 as Hal")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".whoami .you")).to_contain_text("you: Hal · host")
    return page, code


def first_panel_top(page: Page) -> float:
    """Where the game's first panel starts, from the top of the page."""
    panel = page.locator("#screen > :not([hidden])").first
    expect(panel).to_be_visible()
    box = panel.bounding_box()
    assert box is not None
    return box["y"] + page.evaluate("window.scrollY")


@pytest.mark.parametrize("width", SIZES)
def test_a_playing_host_sees_the_game_first(browsing: Browsing, width: str, tmp_path) -> None:
    size = SIZES[width]
    page, code = playing_host(browsing, f"hal-{width}", size)
    page.goto(f"/m/{code}")
    top = first_panel_top(page)
    page.screenshot(path=f"/tmp/host-plays-{width}.png")
    assert top + 60 <= size["height"], f"the game starts {top:.0f} px down, below the fold"
    controls = page.locator("details[data-host-fold]")
    expect(controls).not_to_have_attribute("open", "")
    expect(page.get_by_role("button", name="Pause the clock")).to_be_hidden()
    # one line opens them; the browser remembers it, on the next page too
    controls.locator("summary").click()
    expect(page.get_by_role("button", name="Pause the clock")).to_be_visible()
    page.reload()
    expect(page.get_by_role("button", name="Pause the clock")).to_be_visible()
    controls = page.locator("details[data-host-fold]")
    controls.locator("summary").click()
    page.reload()
    expect(page.get_by_role("button", name="Pause the clock")).to_be_hidden()
    browsing.close(f"hal-{width}")


@pytest.mark.parametrize("width", SIZES)
def test_a_refereeing_host_keeps_the_controls_open(browsing: Browsing, width: str) -> None:
    page = browsing.open(f"ref-{width}", phone=width == "360")
    page.set_viewport_size(SIZES[width])
    created = page.request.post("/api/matches", data={
        "game": "rexfurum", "seats": 5, "bot_pace": 30, "referee": True,
        "bots": {str(seat): "random-legal" for seat in range(5)}})
    assert created.ok, created.text()
    code = created.json()["code"]
    page.goto(created.json()["host_url"])
    # the lobby becomes the console by itself once started (the same address, reloaded)
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#screen")).to_be_visible()
    assert f"/m/{code}/host" in page.url
    expect(page.locator("[data-host-fold]")).to_have_count(0)
    expect(page.get_by_role("button", name="Pause the clock")).to_be_visible()
    browsing.close(f"ref-{width}")


def sit(browsing: Browsing, label: str, code: str, seat: int, name: str,
        size: dict) -> Page:
    page = browsing.open(label, phone=size is NARROW)
    page.set_viewport_size(size)
    page.goto(f"/m/{code}")
    page.get_by_label(f"Your name for seat {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name=f"Sit in seat {seat + 1}", exact=True).click()
    expect(page.locator(".you-sit")).to_contain_text(f"as {name}")
    return page


@pytest.mark.parametrize("width", SIZES)
def test_the_host_cancels_a_table_before_the_start(browsing: Browsing, width: str) -> None:
    """A host who sits and three friends (one on a phone); the host cancels: everyone's
    page says so at once, nobody can sit, and "your tables" lists it as cancelled."""
    size = SIZES[width]
    host = browsing.open(f"hal-c{width}", phone=size is NARROW)
    host.set_viewport_size(size)
    host.goto("/")
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(lambda url: url.endswith("/host"))
    code = host.url.rsplit("/", 2)[-2]
    host.get_by_label("Your name for seat 1", exact=True).fill("Hal")
    host.get_by_role("button", name="Sit in seat 1", exact=True).click()
    expect(host.locator(".you-sit")).to_contain_text("as Hal")
    friends = [sit(browsing, f"{name}-{width}", code, seat, name,
                   NARROW if name == "Cyd" else size)
               for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cyd"))]
    expect(host.get_by_role("button", name="End the match")).to_be_hidden()
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_role("button", name="Cancel this table").click()
    for page in (host, *friends):
        expect(page.locator("[data-cancelled]")).to_contain_text(
            "The host cancelled this table before it started")
        expect(page.get_by_role("button", name="Sit in seat 1")).to_have_count(0)
        expect(page.locator("[data-shut-out]")).to_have_count(0)
    cyd = friends[2]
    cyd.reload()
    expect(cyd.locator("[data-cancelled]")).to_be_visible()
    cyd.screenshot(path=f"/tmp/cancelled-{width}.png")
    assert cyd.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    for page in (host, cyd):
        page.goto("/")
        mine = page.locator("li", has_text=code)
        expect(mine).to_contain_text("cancelled")
    for label in (f"hal-c{width}", *(f"{n}-{width}" for n in ("Ann", "Bob", "Cyd"))):
        browsing.close(label)
