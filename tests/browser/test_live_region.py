"""The polite live region in chromium: when a Rex Furum round closes (the bots sent, the last
order is Ann's), her screen reader is told that the round closed and that it is her turn
again, once; and keyboard focus is always drawn where it lands."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


def test_the_round_closing_and_your_turn_are_said_politely(browsing: Browsing) -> None:
    ann = browsing.open("ann")
    created = ann.request.post("/api/matches", data={
        "game": "rexfurum", "seats": 4, "options": {"early_close": True},
        "bots": {"1": "loyal", "2": "loyal", "3": "loyal"}, "bot_pace": 0})
    code = created.json()["code"]
    ann.request.post(f"/api/matches/{code}/join", data={"seat": 0, "name": "Ann"})
    ann.request.post(f"/api/matches/{code}/host/start")
    ann.goto(f"/m/{code}")
    live = ann.locator("[data-live]")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(ann.locator("[data-sent]")).to_contain_text("3 of 4 have sent")
    ann.get_by_label("Or write them as in an email").fill("protect self")
    ann.get_by_role("button", name="Send as written").click()
    expect(ann.locator("#rf-title")).to_contain_text("Round 2")
    expect(live).to_contain_text("The round closed; round 2 begins.")
    expect(live).to_contain_text("Your turn")
    assert live.inner_text().count("Your turn") + live.inner_text().count("your turn") == 1
    browsing.close("ann")
