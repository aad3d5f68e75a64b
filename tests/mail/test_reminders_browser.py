"""A web player asks for reminders on their own screen, in a real chromium on a 360 px phone
against a real `hacktable serve --mail`: the code mailed to the address is typed back, the
round's reminder arrives, nobody else's page shows the address; and with the browser's
permission (asked only on a click), a round that begins while the tab is hidden is said
once as a notification."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect, sync_playwright
from tests.mail.web_support import MailServer, confirmation_code, mail_server
from tests.services import Api, wait_for

CHROMIUM = next((path for path in (os.environ.get("HACKTABLE_CHROMIUM"),
                                   shutil.which("chromium"), shutil.which("chromium-browser"),
                                   shutil.which("google-chrome")) if path), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium to drive (install "
                                "Debian's chromium or set HACKTABLE_CHROMIUM)")
NARROW = {"width": 360, "height": 740}
ADDRESS = "ann.web@players.test"
FAKE_NOTIFICATIONS = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
window.Notification = class {
  constructor(text) { window.__notes.push(text); }
  static permission = "default";
  static async requestPermission() { window.Notification.permission = "granted";
                                     return "granted"; }
};
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MailServer]:
    with mail_server(tmp_path_factory.mktemp("reminders-browser")) as server:
        yield server


def test_a_web_player_is_reminded_by_mail_and_by_the_browser(served: MailServer) -> None:
    created = Api(served.url).ok("POST", "/api/matches", {
        "game": "rexfurum", "seats": 4, "options": {"rounds": 3},
        "bots": {"1": "loyal", "2": "loyal", "3": "loyal"}})
    code, host = created["code"], Api(served.url, created["host_token"])
    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context(base_url=served.url, viewport=NARROW, is_mobile=True,
                                      has_touch=True)
        context.set_default_timeout(15_000)
        context.add_init_script(FAKE_NOTIFICATIONS)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        joined = page.request.post(f"/api/matches/{code}/join", data={"seat": 0, "name": "Ann"})
        assert joined.ok, joined.text()
        host.ok("POST", f"/api/matches/{code}/host/start")
        page.goto(f"/m/{code}")
        panel = page.locator("[data-reminders-panel]")
        panel.locator("summary").click()
        panel.get_by_label("Your email address").fill(ADDRESS)
        panel.get_by_role("button", name="Send me a code").click()
        typed = confirmation_code(served, ADDRESS)
        panel = page.locator("[data-reminders-panel]")
        panel.get_by_label(f"The code we mailed to {ADDRESS}").fill(typed)
        panel.get_by_role("button", name="Confirm the address").click()
        expect(page.locator("[data-reminders-panel]")).to_contain_text(
            f"Reminders go to {ADDRESS}")
        begins = wait_for(lambda: served.mails_to(ADDRESS, "round 1 begins"), timeout=20)
        assert "Dear Ann" in begins[0].text

        watcher = context.browser.new_context(base_url=served.url).new_page()
        watcher.goto(f"/m/{code}/watch")
        assert ADDRESS not in watcher.content()
        assert ADDRESS not in Api(served.url, created["host_token"]).get(
            f"/api/matches/{code}").text

        refused = page.request.post(f"/api/matches/{code}/reminders/lead",
                                    data={"minutes": 3})
        assert refused.status == 403, refused.text()  # a seat does not set it
        host.ok("POST", f"/api/matches/{code}/reminders/lead", {"minutes": 3})
        page.reload()
        expect(page.locator("[data-reminders-panel]")).to_contain_text("3 minutes before")
        page.locator("[data-reminders-panel] summary").click()
        page.locator("[data-reminders-panel]").get_by_role(
            "button", name="Also tell me in this browser").click()
        expect(page.locator("[data-notify-state]")).to_contain_text("This browser tells you")
        page.evaluate("window.__hidden = true")
        host.ok("POST", f"/api/matches/{code}/host/close")
        page.wait_for_function("window.__notes.includes('Round 2 has begun')")
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        notes = page.evaluate("window.__notes")
        assert notes.count("Round 2 has begun") == 1, notes
        context.close()
        browser.close()
    assert errors == []
