"""The table as friends meet it, in chromium against a real server: a 5-seat Rex Furum match
hosted from the host form as it comes closes its round as soon as the last order is in
(nobody moves the clock); everyone sees who has sent orders, never what; the host ends the
match and every player is told, live and after a reload, with a way to play again; a
player whose seat went to a bot is told so and stops retrying; a bad personal link never
replaces a good seat."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.services import Server

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve")


def sit(browsing: Browsing, code: str, seat: int, name: str, phone: bool = False) -> Page:
    page = browsing.open(name, phone=phone)
    page.goto("/")
    page.get_by_label("Room code").fill(code)
    page.get_by_label("Room code").press("Enter")
    page.wait_for_url(f"**/m/{code}")
    page.get_by_label(f"Your name for seat {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name=f"Sit in seat {seat + 1}", exact=True).click()
    expect(page.locator(".you-sit")).to_contain_text(f"as {name}")
    return page


def send(page: Page, text: str) -> None:
    page.get_by_label("Or write them as in an email").fill(text)
    page.get_by_role("button", name="Send as written").click()


@pytest.fixture(scope="module")
def table(browsing: Browsing, server: Server) -> dict:
    """The host creates the match from the form exactly as it comes; five people sit."""
    host = browsing.open("host")
    host.goto("/")
    expect(host.locator("#pace-rexfurum-early")).to_be_checked()  # preselected for a table
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/m/[A-Z0-9]{6}/host$"))
    code = host.locator(".room-code").first.inner_text().strip()
    pages = {name: sit(browsing, code, seat, name, phone=name == "Cyd")
             for seat, name in enumerate(NAMES)}
    host.get_by_role("button", name="Start the match").click()
    for page in pages.values():
        expect(page.locator("[data-sent]")).to_contain_text("0 of 5 have sent")
    return {"code": code, "host": host, "pages": pages}


def test_the_round_closes_when_the_last_order_is_in(table: dict) -> None:
    pages = table["pages"]
    for name in NAMES[:4]:
        send(pages[name], "protect self")
    strip = pages["Eve"].locator("[data-sent]")
    expect(strip).to_contain_text("4 of 5 have sent their moves")
    expect(strip).to_contain_text("waiting for Eve (you)")
    assert "protect" not in strip.inner_text()  # who, never what
    send(pages["Eve"], "protect self")
    for page in pages.values():  # no clock was moved: the last order closed the round
        expect(page.locator("body")).to_contain_text("Round 2")
    expect(pages["Ann"].locator("[data-sent]")).to_contain_text("0 of 5")


def test_the_host_can_resolve_now(table: dict) -> None:
    host, pages = table["host"], table["pages"]
    send(pages["Ann"], "protect self")
    expect(pages["Bob"].locator("[data-sent]")).to_contain_text("1 of 5")
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_role("button", name="Resolve now").click()
    for page in pages.values():
        expect(page.locator("body")).to_contain_text("Round 3")
    expect(pages["Dee"].locator("#table-log")).to_contain_text(
        "The host closed this phase now.")


def test_a_seat_handed_to_a_bot_is_told_and_stops_retrying(table: dict) -> None:
    host, eve = table["host"], table["pages"]["Eve"]
    host.get_by_label("Seat", exact=True).select_option("4")
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_role("button", name="Replace by bot").click()
    banner = eve.locator("[data-shut-out]")
    expect(banner).to_contain_text("handed to a bot")
    expect(eve.locator("[data-conn]")).to_have_text("○ not connected")
    expect(banner.get_by_role("link", name="Watch as a spectator")).to_be_visible()
    eve.wait_for_timeout(1500)  # long enough for a retry, were it to come
    expect(eve.locator("[data-conn]")).to_have_text("○ not connected")


def test_a_bad_link_never_replaces_a_good_seat(table: dict) -> None:
    ann, code = table["pages"]["Ann"], table["code"]
    ann.goto(f"/m/{code}?token=not-anyones-token")
    expect(ann.locator("body")).to_contain_text("does not hold a seat")
    expect(ann.locator("body")).to_contain_text("unchanged")
    ann.goto(f"/m/{code}")
    expect(ann.locator(".whoami .you")).to_contain_text("you: Ann")


def test_ending_tells_everyone_and_offers_to_play_again(table: dict) -> None:
    host, pages, code = table["host"], table["pages"], table["code"]
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_role("button", name="End the match").click()
    for name in NAMES[:4]:
        over = pages[name].locator("[data-match-over]")
        expect(over).to_contain_text("The host ended this match")
        expect(over.get_by_role("link", name="Back to the lobby")).to_be_visible()
    bob = pages["Bob"]
    bob.reload()
    expect(bob.locator("[data-match-over]")).to_contain_text("The host ended this match")
    assert "you can change them" not in bob.locator("body").inner_text()
    # the host plays again with the same seats; Ann follows from her end screen
    expect(host.locator("[data-match-over]")).to_contain_text("The host ended this match")
    host.locator("[data-match-over]").get_by_role(
        "button", name="Play again with the same seats").click()
    host.wait_for_url(lambda url: re.search(r"/m/[A-Z0-9]{6}/host$", url) is not None
                      and f"/m/{code}/" not in url)
    new_code = host.url.rsplit("/", 2)[-2]
    assert re.fullmatch(r"[A-Z0-9]{6}", new_code) and new_code != code
    ann = pages["Ann"]
    expect(ann.locator("[data-next-table]")).to_contain_text(new_code)
    ann.get_by_role("button", name="Sit at the new table as Ann").click()
    ann.wait_for_url(f"**/m/{new_code}")
    expect(ann.locator(".you-sit")).to_contain_text("You sit in seat 1 as Ann")
    # and the new room keeps the old seats' bot (Eve's seat went to one), and the seats of
    # the others, each kept for its player until they sit down again from their own device
    expect(host.locator("body")).to_contain_text("bot")
    expect(host.locator(".seat-list")).to_contain_text("kept for Bob")
    expect(host.get_by_role("button", name="Start the match")).to_be_visible()
