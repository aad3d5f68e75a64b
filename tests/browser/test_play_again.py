"""Playing again with the same seats, from where a host who plays is: their own seat's end
screen offers "Play again with the same seats"; the host sits again at once at the new table
(their own browser holds their old seat), and the friend who played sits again from hers,
while the bots keep their seats. Checked on a 360 px phone and on a desktop."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import CHROMIUM, DESKTOP, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

NARROW = {"width": 360, "height": 740}


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_a_host_who_plays_plays_again_from_their_seat(browsing: Browsing, phone: bool,
                                                       tmp_path) -> None:
    host = browsing.open(f"hal-{phone}", phone=phone)
    if phone:
        host.set_viewport_size(NARROW)
    created = host.request.post("/api/matches", data={
        "game": "rexfurum", "seats": 4, "bots": {"2": "random-legal", "3": "random-legal"}})
    assert created.ok, created.text()
    code = created.json()["code"]
    host.goto(created.json()["host_url"])
    host.get_by_label("Your name for seat 1", exact=True).fill("Hal")
    host.get_by_role("button", name="Sit in seat 1", exact=True).click()
    expect(host.locator(".you-sit")).to_contain_text("You sit in seat 1 as Hal")
    ann = browsing.open(f"ann-{phone}", phone=True)
    ann.goto(f"/m/{code}")
    ann.get_by_label("Your name for seat 2", exact=True).fill("Ann")
    ann.get_by_role("button", name="Sit in seat 2", exact=True).click()
    expect(ann.locator(".you-sit")).to_contain_text("You sit in seat 2 as Ann")
    host.get_by_role("button", name="Start the match").click()
    expect(host.locator(".whoami .you")).to_contain_text("you: Hal · host")
    host.get_by_text("Host controls").click()  # folded under the game of a host who plays
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_role("button", name="End the match").click()

    over = host.locator("[data-match-over]")
    expect(over).to_contain_text("The host ended this match")
    again = over.get_by_role("button", name="Play again with the same seats")
    expect(again).to_be_visible()  # on the seat's own end screen, not only in the console
    host.screenshot(path=str(tmp_path / "end-screen.png"), full_page=True)
    again.click()
    host.wait_for_url(lambda url: re.search(r"/m/[A-Z0-9]{6}$", url) is not None
                      and f"/m/{code}" not in url)
    new_code = host.url.rsplit("/", 1)[-1]
    expect(host.locator(".you-sit")).to_contain_text("You sit in seat 1 as Hal")
    expect(host.locator(".seat-list")).to_contain_text("kept for Ann")
    expect(host.locator(".seat-list")).to_contain_text("bot")
    host.screenshot(path=str(tmp_path / "new-table.png"), full_page=True)

    expect(ann.locator("[data-next-table]")).to_contain_text(new_code)
    expect(ann.locator("[data-match-over]").get_by_role(
        "button", name="Play again with the same seats")).to_have_count(0)  # hosts only
    ann.get_by_role("button", name="Sit at the new table as Ann").click()
    ann.wait_for_url(f"**/m/{new_code}")
    expect(ann.locator(".you-sit")).to_contain_text("You sit in seat 2 as Ann")
    host.set_viewport_size(DESKTOP)
    expect(host.get_by_role("button", name="Start the match")).to_be_visible()
    browsing.close(f"hal-{phone}")
    browsing.close(f"ann-{phone}")
