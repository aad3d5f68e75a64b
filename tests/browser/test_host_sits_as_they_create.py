"""The host form's two set-up shortcuts, in chromium: a host who types their name sits down
as the table is made and lands on their seat's page, and a table made to start as soon as
every seat is filled starts when the last person sits, with nobody pressing start. The host
on a laptop, the player who fills the last seat on a 360 px phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


def test_a_host_sits_as_they_create_and_the_last_seat_starts_the_match(
        browsing: Browsing) -> None:
    hal = browsing.open("hal")
    hal.goto("/")
    hal.get_by_role("spinbutton", name="Number of seats").fill("4")  # Rex Furum's
    for seat in (3, 4):
        hal.get_by_role("combobox", name=f"Seat {seat}", exact=True).select_option("loyal")
    hal.get_by_label("Your name, if you play").fill("Hal")
    hal.get_by_label("Start as soon as every seat is filled").check()
    hal.screenshot(path="/tmp/host-form-1280.png", full_page=True)
    hal.get_by_role("button", name="Create the table").click()
    hal.wait_for_url(re.compile(r"/m/[A-Z0-9]{6}$"))  # the seat's page, not the console
    code = hal.url.rsplit("/", 1)[1]
    expect(hal.locator(".you-sit")).to_contain_text("You sit in seat 1 as Hal")
    expect(hal.locator(".you-sit")).to_contain_text("opens here when the last seat is filled")
    expect(hal.get_by_text("it starts by itself as soon as every seat is filled")).to_be_visible()
    expect(hal.get_by_role("heading", name="Host controls")).to_be_visible()
    hal.screenshot(path="/tmp/host-seated-lobby-1280.png", full_page=True)

    ann = browsing.open("ann", phone=True)
    ann.goto(f"/m/{code}")
    ann.get_by_label("Your name for seat 2", exact=True).fill("Ann")
    ann.get_by_role("button", name="Sit in seat 2", exact=True).click()
    # the last seat filled: both pages turn into the match by themselves
    expect(ann.locator("[data-sent]")).to_contain_text("of 4 have sent")
    expect(hal.locator("[data-sent]")).to_contain_text("of 4 have sent")
    expect(hal.locator(".whoami .you")).to_contain_text("you: Hal · host")
    ann.screenshot(path="/tmp/last-seat-started-360.png", full_page=True)
    hal.screenshot(path="/tmp/host-seated-started-1280.png")
    browsing.close("ann")
    browsing.close("hal")
