"""The ./Run companion end to end: two people at a physical board use it on two devices.

The host creates the table; two players join by typing the room code (the seed's "game
ID"), pick the colour and ring of their terminals, and both get their task at once with
the same countdown. Alice types her access code and sees SUCCESS; Bruno lets the time run
out (the server's clock is moved past the deadline) and sees FAILURE. Then Bruno presses
"I reached the center", confirms, and both see the reward.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.services import Server, TestClock

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing
from .test_rexfurum_table import take_seat

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

GAME = "dotrun_companion"


def test_two_hackers_one_success_one_timeout_then_the_reward(
        browsing: Browsing, server: Server, clock: TestClock) -> None:
    host = browsing.open("host")
    host.goto("/")
    host.get_by_label("Game", exact=True).select_option(GAME)
    host.locator(f"#seats-{GAME}").fill("2")
    host.locator(f".game-panel[data-game={GAME}] .options-setup summary").click()
    host.locator(f"#opt-{GAME}-tasks").select_option("code")
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/m/[A-Z0-9]{6}/host$"))
    code = host.locator(".room-code").inner_text().strip()

    alice = take_seat(browsing, code, 0, "alice", by_code=True, phone=True)
    bruno = take_seat(browsing, code, 1, "bruno", by_code=True)
    expect(host.locator(".seat-list .seat-human")).to_have_count(2)
    host.get_by_role("button", name="Start the match").click()
    for page in (alice, bruno):
        expect(page.locator("#dc-title")).to_contain_text("turn 1")

    alice.locator("[data-terminal=green-outer]").click()
    expect(bruno.locator(".dc-choices")).to_contain_text("green terminal on the outer ring")
    bruno.locator("[data-terminal=red-outer]").click()

    # Both timers start together: the same deadline on both screens.
    deadlines = []
    for page in (alice, bruno):
        clock_ = page.locator(".countdown[data-deadline]")
        expect(clock_).to_be_visible()
        deadlines.append(clock_.get_attribute("data-deadline"))
        expect(page.locator("[data-task-kind=code]")).to_be_visible()
    assert deadlines[0] == deadlines[1]

    shown = alice.locator(".dr-code-show").inner_text().strip()
    assert shown not in bruno.content()
    alice.get_by_label("Code", exact=True).fill(shown)
    alice.get_by_role("button", name="Submit", exact=True).click()
    expect(alice.locator(".dr-sent")).to_be_visible()

    clock.advance(31)
    expect(alice.locator("#dc-verdict")).to_have_text("SUCCESS")
    expect(bruno.locator("#dc-verdict")).to_have_text("FAILURE")
    expect(bruno.locator(".dc-results")).to_contain_text("alice")
    expect(alice.locator(".dc-stats")).to_contain_text("1/1")

    bruno.get_by_text("I reached the center", exact=True).click()
    bruno.get_by_role("button", name=re.compile("we reached the center")).click()
    for page in (alice, bruno):
        expect(page.locator("[data-reward]")).to_contain_text("HEIST COMPLETE")
        expect(page.locator("[data-reward]")).to_contain_text("Mugtome's user database")
    assert not browsing.errors, browsing.errors
