"""A host who plays, in chromium: "Sit in seat 1" on the host page always lands on the seat
(the room's live reload used to win the race and leave the console showing, with a second
sit form that orphaned the first seat); the host page then sends the browser to its seat
and offers no other; and a host who referees is told they can take no seat, while every
seat is told the host sees everything."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import CHROMIUM, DESKTOP, NO_CHROMIUM, PHONE, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


def host_a_table(browsing: Browsing, label: str, referee: bool = False,
                 phone: bool = False) -> tuple[Page, str]:
    page = browsing.open(label, phone=phone)
    page.goto("/")
    if referee:
        page.get_by_label("I am refereeing, not playing").check()
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url(re.compile(r"/m/[A-Z0-9]{6}/host$"))
    return page, page.url.rsplit("/", 2)[-2]


@pytest.mark.parametrize("attempt", range(4))
def test_the_host_who_sits_lands_on_their_seat(browsing: Browsing, attempt: int):
    host, code = host_a_table(browsing, f"host{attempt}", phone=attempt % 2 == 1)
    host.get_by_label("Your name for seat 1", exact=True).fill("Hal")
    host.get_by_role("button", name="Sit in seat 1", exact=True).click()
    expect(host.locator(".you-sit")).to_contain_text("You sit in seat 1 as Hal")
    expect(host).to_have_url(re.compile(rf"/m/{code}$"))
    expect(host.get_by_role("button", name=re.compile("^Sit in seat"))).to_have_count(0)
    expect(host.locator("[data-host-panel]")).to_be_visible()  # the controls stay at hand
    host.goto(f"/m/{code}/host")
    expect(host).to_have_url(re.compile(rf"/m/{code}$"))
    expect(host.get_by_role("button", name=re.compile("^Sit in seat"))).to_have_count(0)
    host.set_viewport_size(PHONE if attempt % 2 == 0 else DESKTOP)
    expect(host.locator(".you-sit")).to_be_visible()
    browsing.close(f"host{attempt}")


def test_a_refereeing_host_takes_no_seat_and_everyone_is_told(browsing: Browsing):
    referee, code = host_a_table(browsing, "referee", referee=True)
    expect(referee.get_by_role("button", name=re.compile("^Sit in seat"))).to_have_count(0)
    expect(referee.locator("[data-referee-note]")).to_contain_text("you cannot take a seat")
    player = browsing.open("player", phone=True)
    player.goto(f"/m/{code}")
    expect(player.locator("[data-referee-note]")).to_contain_text(
        "The host is refereeing and can see all hidden information")
    player.get_by_label("Your name for seat 1", exact=True).fill("Ann")
    player.get_by_role("button", name="Sit in seat 1", exact=True).click()
    expect(player.locator(".you-sit")).to_contain_text("You sit in seat 1 as Ann")
    browsing.close("referee")
    browsing.close("player")
