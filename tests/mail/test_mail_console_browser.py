"""The host turns on email play in the host console, in a real chromium on a 375 px phone,
by keyboard alone, against a real `hacktable serve --mail`: a refusal appears in the form,
then the corrected form starts the match and lists every address with "mail on"."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect, sync_playwright
from tests.mail.web_support import MailServer, code_of, mail_server
from tests.services import Api

CHROMIUM = next((path for path in (os.environ.get("HACKTABLE_CHROMIUM"),
                                   shutil.which("chromium"), shutil.which("chromium-browser"),
                                   shutil.which("google-chrome")) if path), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium to drive (install "
                                "Debian's chromium or set HACKTABLE_CHROMIUM)")
PHONE = {"width": 375, "height": 740}
WAIT_MS = 15_000
PLAYERS = {1: ("Bob", "bob.b@players.test"), 2: ("Cyd", "cyd.b@players.test"),
           3: ("Dee", "dee.b@players.test")}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MailServer]:
    with mail_server(tmp_path_factory.mktemp("console-browser")) as server:
        yield server


@pytest.fixture
def phone(served: MailServer) -> Iterator[tuple[Page, list[str]]]:
    """The host's phone: a fresh context at 375 px; the list gathers script errors."""
    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context(base_url=served.url, viewport=PHONE, is_mobile=True,
                                      has_touch=True, device_scale_factor=2)
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            yield page, errors
        finally:
            context.close()
            browser.close()


def type_into(page: Page, text: str) -> None:
    """Type into the focused control, then move on by Tab, as a keyboard user does."""
    page.keyboard.type(text)
    page.keyboard.press("Tab")


def focused_label(page: Page) -> str:
    return page.evaluate("() => { const e = document.activeElement; "
                         "return e.labels && e.labels[0] ? e.labels[0].textContent.trim() "
                         ": e.textContent.trim(); }")


def test_the_host_turns_on_email_play_on_a_phone_by_keyboard(
        served: MailServer, phone: tuple[Page, list[str]]):
    page, errors = phone
    created = Api(served.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5,
                                                          "bots": {"4": "loyal"}})
    code = created["code"]
    Api(served.url).ok("POST", f"/api/matches/{code}/join", {"seat": 0, "name": "Ann"})
    page.goto(f"/m/{code}/host?token={created['host_token']}")

    panel = page.locator("[data-mail-panel]")
    expect(panel.get_by_role("heading", name="Play by email")).to_be_visible()
    for label in ("Name for seat 2 (open)", "Email for seat 2 (open)", "Start the match now"):
        expect(panel.get_by_label(label, exact=True)).to_be_visible()
    expect(panel).to_contain_text("Seat 5: bot, not played by email.")
    # Ann sits here: her seat is hers, and the host is given no field for it
    expect(panel.get_by_label("Email for seat 1 (Ann)")).to_have_count(0)
    expect(panel).to_contain_text("only Ann can add email play to it")

    # By keyboard: each open seat's name and address, in tab order.
    panel.get_by_label("Name for seat 2 (open)").focus()
    for seat in (1, 2, 3):
        name, address = PLAYERS[seat]
        assert focused_label(page) == f"Name for seat {seat + 1} (open)"
        type_into(page, name)
        assert focused_label(page) == f"Email for seat {seat + 1} (open)"
        type_into(page, PLAYERS[1][1] if seat == 3 else address)  # a mistake on seat 4
    assert focused_label(page) == "Start the match now"
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    assert focused_label(page) == "Turn on email play"
    page.keyboard.press("Enter")
    alert = panel.get_by_role("alert")
    expect(alert).to_have_text(re.compile(r"Seats 2 and 4 would share the address "
                                          r"bob\.b@players\.test"))
    assert page.locator("[data-mail-on]").count() == 0

    # Corrected, by keyboard again; the form starts the match and lists the addresses.
    field = panel.get_by_label("Email for seat 4 (open)")
    field.focus()
    page.keyboard.press("Control+a")
    page.keyboard.type(PLAYERS[3][1])
    page.keyboard.press("Enter")
    listed = page.locator("[data-mail-on] li")
    expect(listed).to_have_count(3)
    for seat, (name, address) in PLAYERS.items():
        expect(listed.nth(seat - 1)).to_have_text(
            re.compile(rf"Seat {seat + 1} \({name}\):\s+{re.escape(address)}\s+mail on"))
    expect(page.locator("[data-match-status]").first).to_have_text("running")
    expect(page.get_by_role("button", name="Save email addresses")).to_be_visible()
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= PHONE["width"] + 2, f"the host console is {wide} px wide on a phone"

    # Each player's welcome mail carries their own code, which the page never showed.
    html = page.content()
    for _, address in PLAYERS.values():
        assert code_of(served.welcome(address)) not in html
    assert errors == [], errors
