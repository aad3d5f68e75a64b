"""Press in chromium: three people negotiate at a Rex Furum table (Ben on a 360 px phone),
in private, while the third, Cyd, sees nothing of it; a message is shown as text, never as
HTML; unread counts, the live region and mutes are each reader's own; the conversations
panel outlives the screen's pushes; a bot's thread says it reads nothing. And the Rules for
Runners gamemaster has a whisper box beside each runner."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

SMALL = {"width": 360, "height": 740}
SCRIPT = "<img src=x onerror=\"document.body.dataset.pwned='yes'\"><script>alert(1)</script>"


def seat_page(browsing: Browsing, label: str, seat_url: str, phone: bool = False) -> Page:
    page = browsing.open(label, phone=phone)
    if phone:
        page.set_viewport_size(SMALL)
    page.on("dialog", lambda dialog: (browsing.errors.append(f"{label}: a dialog opened"),
                                      dialog.dismiss()))
    page.goto(seat_url)
    expect(page.locator("[data-conn]")).to_have_text("● live")
    return page


def open_match(browsing: Browsing, game: str, names: list[str | None],
               options: dict[str, Any] | None = None) -> tuple[str, dict[str, str]]:
    """A started match: people at the named seats (their personal links), bots elsewhere."""
    host = browsing.open(f"host-{game}")
    bots = {str(i): "loyal" if game == "rexfurum" else "random-legal"
            for i, name in enumerate(names) if name is None}
    created = host.request.post("/api/matches", data={
        "game": game, "seats": len(names), "options": options or {}, "bots": bots,
        "bot_pace": 0}).json()
    code = created["code"]
    links = {}
    for seat, name in enumerate(names):
        if name is not None:
            joined = host.request.post(f"/api/matches/{code}/join",
                                       data={"seat": seat, "name": name},
                                       headers={"cookie": ""}).json()
            links[name] = joined["seat_url"]
    started = host.request.post(f"/api/matches/{code}/host/start",
                                headers={"authorization": f"Bearer {created['host_token']}"})
    assert started.ok, started.text()
    browsing.close(f"host-{game}")
    return code, links


def thread(page: Page, name: str) -> None:
    page.locator("[data-press] [data-press-open]").filter(has_text=name).first.click()


def write(page: Page, label: str, text: str) -> None:
    """Type a message in the box so labelled and send it; the sender's thread shows it."""
    box = page.get_by_label(label)
    box.fill(text)
    box.locator("xpath=..").get_by_role("button", name="Send").click()
    expect(page.locator("[data-press-thread]").filter(has_text=text[:20])).to_be_visible()


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL["width"] + 2, width


def test_three_players_negotiate_in_private(browsing: Browsing) -> None:
    _, links = open_match(browsing, "rexfurum", ["Ann", "Ben", "Cyd", None])
    ann = seat_page(browsing, "ann", links["Ann"])
    ben = seat_page(browsing, "ben", links["Ben"], phone=True)
    cyd = seat_page(browsing, "cyd", links["Cyd"])
    panel = ann.locator("[data-press]")
    expect(panel).to_contain_text("Private messages stay private after the match.")
    # a bot's thread says it reads nothing
    bot = ann.locator('[data-press-open="3"]').inner_text().strip()
    ann.locator('[data-press-open="3"]').click()
    expect(panel.locator("[data-press-bot]")).to_have_text(f"{bot} is a bot and reads no "
                                                           "messages.")
    # Ann writes to Ben, with markup in it
    thread(ann, "Ben")
    write(ann, "Message to Ben", f"Ben, crash Gamma with me? {SCRIPT}")
    expect(ben.locator("[data-press-open]").filter(has_text="Ann")).to_contain_text("1 new")
    expect(ben.locator("[data-live]")).to_have_text("New message from Ann")
    expect(ben.locator("[data-press-jump]")).to_have_text("Messages (1 new)")
    thread(ben, "Ann")
    text = ben.locator("[data-press-thread] .press-text").first
    expect(text).to_have_text(f"Ben, crash Gamma with me? {SCRIPT}")
    assert text.locator("img, script").count() == 0
    assert ben.evaluate("document.body.dataset.pwned") is None
    expect(ben.locator("[data-press-open]").filter(has_text="Ann")).not_to_contain_text("new")
    expect(ben.locator("[data-press-jump]")).to_have_text("Messages")
    # Ben answers from his phone, half-types another while Ann sends her orders (a push of
    # Ann's screen, and of the status strip on his): his draft survives
    write(ben, "Message to Ann", "Deal. I protect you this round.")
    expect(ann.locator("[data-press-thread]")).to_contain_text("Deal. I protect you")
    ben.get_by_label("Message to Ann").fill("And next round")
    ann.get_by_label("Or write them as in an email").fill("protect self")
    ann.get_by_role("button", name="Send as written").click()
    expect(ben.locator("[data-sent]")).to_contain_text("Ann, ")
    write(ann, "Message to Ben", "Good.")
    expect(ben.locator("[data-press-thread]")).to_contain_text("Good.")
    expect(ben.get_by_label("Message to Ann")).to_have_value("And next round")
    # a group of three, with Cyd left out, and a mute that is Ben's own
    thread(ben, "Ann")
    ben.locator("[data-press-mute]").click()
    expect(ben.locator("[data-press-mute]")).to_have_attribute("aria-pressed", "true")
    thread(ann, "New group")
    ann.get_by_label("Ben").check()
    ann.get_by_label(bot, exact=True).check()
    write(ann, "Message to the seats you picked", "Ben and a bot: the three of us")
    thread(cyd, "Whole table")
    write(cyd, "Message to the whole table", "Anyone want to ally?")
    expect(ben.locator("[data-live]")).to_have_text("New message from Cyd")
    expect(ben.locator("[data-press-open]").filter(has_text=f"Ann, {bot}")).to_contain_text(
        "1 new")  # counted, but Ann, muted, was not announced: Cyd's was the one said
    no_sideways_scroll(ben)
    ben.screenshot(path="/tmp/press-ben-360.png", full_page=True)
    ann.screenshot(path="/tmp/press-ann-1280.png", full_page=True)
    # Cyd saw nothing of it: no thread, no count, no word
    cyd.reload()
    expect(cyd.locator("[data-conn]")).to_have_text("● live")
    body = cyd.locator("body").inner_text()
    for secret in ("crash Gamma", "Deal.", "Good.", "three of us", "And next round"):
        assert secret not in body and secret not in cyd.content()
    assert cyd.locator("[data-press-open]").filter(has_text="Ann, Ben").count() == 0
    expect(cyd.locator("[data-press-thread]")).to_contain_text("Anyone want to ally?")
    # a second device of Ben's reads the same threads
    again = seat_page(browsing, "ben-again", links["Ben"])
    thread(again, "Ann")
    expect(again.locator("[data-press-thread]")).to_contain_text("Deal. I protect you")
    for label in ("ann", "ben", "cyd", "ben-again"):
        browsing.close(label)


def test_the_gamemaster_has_a_whisper_box_beside_each_runner(browsing: Browsing) -> None:
    _, links = open_match(browsing, "runners", ["Gia", "Mica", "Damien"])
    gm = seat_page(browsing, "gm", links["Gia"])
    mica = seat_page(browsing, "mica", links["Mica"], phone=True)
    damien = seat_page(browsing, "damien", links["Damien"])
    write(gm, "Whisper to Mica", "You hear a guard behind the door.")
    expect(gm.get_by_label("Whisper to Mica")).to_be_focused()  # not the next runner's box
    expect(gm.get_by_label("Whisper to Damien")).to_be_visible()
    expect(mica.locator("[data-press-open]").filter(has_text="Gia")).to_contain_text("1 new")
    thread(mica, "Gia")
    expect(mica.locator("[data-press-thread]")).to_contain_text("You hear a guard")
    write(mica, "Whisper to Gia", "I wait.")
    expect(gm.locator("[data-press-thread='1']")).to_contain_text("I wait.")
    # runners have no whisper box for each other
    assert mica.locator("[data-press-open]").filter(has_text="Damien").count() == 0
    no_sideways_scroll(mica)
    assert "guard behind" not in damien.content()
    gm.screenshot(path="/tmp/press-gm-1280.png", full_page=True)
    for label in ("gm", "mica", "damien"):
        browsing.close(label)


def test_a_revealing_match_shows_every_message_at_its_end(browsing: Browsing) -> None:
    """With reveal_press, Cyd's panel says from the start that messages will be shown, and
    shows Ann's private message to Ben the moment the match ends, without a reload."""
    host = browsing.open("reveal-host")
    created = host.request.post("/api/matches", data={
        "game": "rexfurum", "seats": 4, "options": {"reveal_press": True},
        "bots": {"3": "loyal"}, "bot_pace": 0}).json()
    code = created["code"]
    links = {name: host.request.post(f"/api/matches/{code}/join",
                                     data={"seat": seat, "name": name},
                                     headers={"cookie": ""}).json()["seat_url"]
             for seat, name in enumerate(["Ann", "Ben", "Cyd"])}
    bearer = {"authorization": f"Bearer {created['host_token']}"}
    host.request.post(f"/api/matches/{code}/host/start", headers=bearer)
    ann = seat_page(browsing, "reveal-ann", links["Ann"])
    cyd = seat_page(browsing, "reveal-cyd", links["Cyd"], phone=True)
    expect(cyd.locator("[data-press-rule]")).to_contain_text(
        "After the match, every message, private ones too, is shown to everyone")
    thread(ann, "Ben")
    write(ann, "Message to Ben", "Our secret plan")
    assert "Our secret plan" not in cyd.content()
    host.request.post(f"/api/matches/{code}/host/end", headers=bearer)
    expect(cyd.locator("[data-press-open]").filter(has_text="Ann, Ben")).to_be_visible()
    thread(cyd, "Ann, Ben")
    expect(cyd.locator("[data-press-thread]")).to_contain_text("Our secret plan")
    for label in ("reveal-host", "reveal-ann", "reveal-cyd"):
        browsing.close(label)
