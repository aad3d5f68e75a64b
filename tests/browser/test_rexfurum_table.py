"""Rex Furum end to end: five people in five browsers play a game against a real server.

The host creates the match on the front page; five players join from separate browser
contexts (two type the room code, three open the room link; one is on a phone); the host
starts the match from the host console; each player sends secret orders a different way
(the structured order form, the notation box with its live check, the keyboard alone, a
phone, and a personal link reopened in a new context); the server's clock is moved past the
deadline and every page shows the next round live, each with its own letter only. In round
2 a half-typed draft survives another player's move; then the game ends, live as well.

The stages are module fixtures, run once and in order (lobby → started → sent → resolved →
drafted → finished); what a stage saw is kept as evidence, so each test checks one thing
and any test can run alone. Round 1's orders, picked so that who learns what is certain (see
the game's resolution.py: an investment is told to the investor and the receiver only; an
embezzlement to the embezzler, as a gain, and to the victim, as a loss by "someone"):

    alice   embezzle chloe, protect alice       structured form
    bruno   protect bruno, invest 7000 dmitri   notation box (a typo first, then fixed)
    chloe   bribe 4000 <not her company>,       structured form on a 375 px phone
            protect dmitri
    dmitri  embezzle esme                       keyboard only, notation box
    esme    protect bruno                       structured form, then her personal link

Everyone starts in exactly one company (five players, four companies, dealt evenly), so an
embezzlement takes $10,000 and every player earns a $10,000 salary at each round's start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from tests.services import Server, TestClock

from .conftest import CHROMIUM, NO_CHROMIUM, PHONE, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

PLAYERS = ("alice", "bruno", "chloe", "dmitri", "esme")
ROUND_MINUTES = 5
"""Long enough that a slow machine never closes round 1 by itself while orders are typed;
the tests never wait for it anyway: they move the server's clock past it."""
PAST_DEADLINE = ROUND_MINUTES * 60 + 30
SLACK_PX = 2
"""How far past a phone's 375 px a page may reach before it scrolls sideways."""

SECRET_INVEST = "invest 7000 dmitri"


@dataclass
class Table:
    """One match and what each stage of it saw."""

    code: str
    host: Page
    browsing: Browsing
    created: dict[str, Any]
    seated: dict[str, str] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)
    seen: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    """stage → page label → {"html", "text", …}: each page as that stage left it."""

    def page(self, label: str) -> Page:
        return self.browsing.pages[label]

    def snapshot(self, stage: str, labels: tuple[str, ...] = (*PLAYERS, "host")) -> None:
        self.seen[stage] = {label: {"html": self.page(label).content(),
                                    "text": self.page(label).locator("body").inner_text()}
                            for label in labels}


# -- what a person does on a page ----------------------------------------------------------

def take_seat(browsing: Browsing, code: str, seat: int, name: str, by_code: bool,
              phone: bool = False) -> Page:
    """Open the room (by typing the code on the front page, or by the room link) and sit."""
    page = browsing.open(name, phone=phone)
    if by_code:
        page.goto("/")
        box = page.get_by_label("Room code")
        box.fill(code.lower())
        expect(box).to_have_value(code)  # the box reads codes in capitals
        box.press("Enter")
    else:
        page.goto(f"/m/{code}")
    page.wait_for_url(f"**/m/{code}")
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    page.get_by_label(f"Your name for seat {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name=f"Sit in seat {seat + 1}", exact=True).click()
    expect(page.locator(".you-sit")).to_contain_text(f"You sit in seat {seat + 1} as {name}")
    return page


def add_order(page: Page, verb: str, target: str | None = None, company: str | None = None,
              amount: int | None = None, tap: bool = False) -> None:
    """Pick an action and its fields in the structured order form, then Add order."""
    page.get_by_label("Action", exact=True).select_option(verb)
    if target is not None:
        page.get_by_label("Player", exact=True).select_option(label=target)
    if company is not None:
        page.get_by_label("Company", exact=True).select_option(company)
    if amount is not None:
        page.get_by_label("Amount in dollars").fill(str(amount))
    button = page.get_by_role("button", name="Add order", exact=True)
    if tap:
        button.tap()
    else:
        button.click()


FOCUSED = """() => {
  const e = document.activeElement;
  const name = e.id || e.getAttribute("aria-label") || e.textContent.trim().slice(0, 30);
  const box = e.getBoundingClientRect();
  const shown = e.matches(":focus-visible") && getComputedStyle(e).outlineStyle !== "none"
    && box.width > 0 && box.height > 0;
  return [name, shown];
}"""
"""The focused element's name, and whether a keyboard user can see where focus is."""


def queued(page: Page) -> list[str]:
    return [text.strip() for text in
            page.locator("[data-order-list] .order-text").all_inner_texts()]


def sent_orders(page: Page) -> str:
    return page.locator(".sent-orders .orders-text").inner_text().strip()


def gm_orders(host: Page) -> dict[str, str]:
    """The host console's table: each player's orders this round."""
    rows = {}
    for row in host.locator(".gm-table tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        rows[row.locator("th").inner_text().strip()] = cells[-1].strip()
    return rows


def net_worth(page: Page) -> str:
    return page.locator(".stats > div", has_text="Net worth").locator("dd").inner_text().strip()


def private_notices(page: Page) -> list[str]:
    """'For your eyes only' in the latest letter."""
    latest = page.locator(".letters article.letter").first
    return [text.strip() for text in latest.locator(".notices.private li").all_inner_texts()]


def horizontal_overflow(page: Page) -> int:
    """How many pixels the document reaches past a phone's width (it then scrolls sideways)."""
    return page.evaluate("document.documentElement.scrollWidth") - PHONE["width"]


def boxes_off_screen(page: Page, selectors: list[str]) -> list[str]:
    """The visible controls among `selectors` that do not lie wholly inside the viewport's
    width (on a phone, a control off to the side cannot be used)."""
    outside = []
    for selector in selectors:
        element = page.locator(selector)
        if not element.is_visible():
            continue
        box = element.bounding_box()
        assert box is not None, selector
        if box["x"] < 0 or box["x"] + box["width"] > PHONE["width"] + SLACK_PX:
            outside.append(f"{selector} at x={box['x']:.0f}..{box['x'] + box['width']:.0f}")
    return outside


# -- the stages ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def lobby(browsing: Browsing, server: Server) -> Table:
    """The host creates the match on the front page; five people take the five seats."""
    host = browsing.open("host")
    host.goto("/")
    expect(host.get_by_label("Game", exact=True)).to_have_value("rexfurum")
    host.locator("#seats-rexfurum").fill("5")
    for seat in range(5):
        expect(host.locator(f"#seat-rexfurum-{seat}")).to_have_value("")  # "a person"
    expect(host.locator("#seat-rexfurum-5")).to_be_hidden()
    # this table keeps the seed's strict clock (the tests move it past each deadline)
    host.get_by_label(re.compile("^Strictly when its time runs out")).check()
    host.locator(".game-panel[data-game=rexfurum] .options-setup summary").click()
    host.locator("#opt-rexfurum-rounds").fill("2")
    host.locator("#opt-rexfurum-round_minutes").fill(str(ROUND_MINUTES))
    # the host runs the table as its gamemaster and plays no seat: they see every order
    host.get_by_label("I am refereeing, not playing").check()
    with host.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/matches")
                             ) as request:
        host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/m/[A-Z0-9]{6}/host$"))
    code = host.locator(".room-code").inner_text().strip()
    table = Table(code, host, browsing, request.value.post_data_json)
    for seat, name in enumerate(PLAYERS):
        page = take_seat(browsing, code, seat, name, by_code=name in ("alice", "bruno"),
                         phone=name == "chloe")
        table.seated[name] = page.locator(".you-sit").inner_text()
    table.notes["phone room overflow"] = horizontal_overflow(table.page("chloe"))
    return table


@pytest.fixture(scope="module")
def started(lobby: Table) -> Table:
    """The host starts the match from the console; every player's room turns into a table."""
    host = lobby.host
    expect(host.locator(".seat-list .seat-human")).to_have_count(5)
    expect(host.locator("[data-conn]")).to_have_attribute("data-state", "live")
    host.get_by_role("button", name="Start the match").click()
    expect(host.locator(".gm-table")).to_be_visible()
    for name in PLAYERS:
        page = lobby.page(name)
        expect(page.locator("#rf-title")).to_contain_text("Round 1 of 2")
        expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    expect(host.locator("[data-conn]")).to_have_attribute("data-state", "live")
    lobby.snapshot("started")
    lobby.notes["gm orders at start"] = gm_orders(host)
    return lobby


@pytest.fixture(scope="module")
def sent(started: Table) -> Table:
    """Every player sends round 1's orders, each a different way (see the module's doc)."""
    table = started
    notes = table.notes
    table.host.evaluate("window.sameDocument = true")  # gone if the console reloads

    # alice: the structured order form, on a desktop.
    alice = table.page("alice")
    add_order(alice, "embezzle", target="chloe")
    add_order(alice, "protect", target="alice (yourself)")
    notes["alice queued"] = queued(alice)
    notes["alice points"] = alice.locator("[data-points-total]").inner_text()
    alice.get_by_role("button", name="Send orders", exact=True).click()
    expect(alice.locator(".sent-orders .orders-text")).to_be_visible()
    notes["alice sent"] = sent_orders(alice)

    # bruno: the notation box; its live check answers before anything is sent.
    bruno = table.page("bruno")
    box = bruno.get_by_label("Or write them as in an email")
    feedback = bruno.locator("[data-check-feedback]")
    box.fill("protect slef")
    expect(feedback.locator(".bad")).to_be_visible()
    notes["bruno typo feedback"] = feedback.inner_text()
    box.fill(f"protect self {SECRET_INVEST}")
    expect(feedback.locator(".ok")).to_be_visible()
    notes["bruno feedback"] = feedback.inner_text()
    notes["bruno sent before sending"] = bruno.locator(".sent-orders").inner_text()
    bruno.get_by_role("button", name="Send as written").click()
    expect(bruno.locator(".sent-orders .orders-text")).to_be_visible()
    notes["bruno sent"] = sent_orders(bruno)
    notes["bruno box after sending"] = box.input_value()

    # chloe: the structured form on a phone, tapped.
    chloe = table.page("chloe")
    notes["phone table overflow"] = horizontal_overflow(chloe)
    builder = ["#ob-verb", "#ob-target", "#ob-company", "#ob-amount",
               "[data-add-order]", "form[data-order-form] button[type=submit]", "#rf-text",
               "form.notation button[type=submit]"]
    notes["phone controls off screen"] = boxes_off_screen(chloe, builder)
    chloe.get_by_label("Action", exact=True).select_option("bribe")
    notes["phone bribe controls off screen"] = boxes_off_screen(chloe, builder)
    elsewhere = chloe.locator("#ob-company option:not(:has-text('you work here'))").first
    company = elsewhere.get_attribute("data-name")
    notes["chloe bribes"] = company
    add_order(chloe, "bribe", company=elsewhere.get_attribute("value"), amount=4000, tap=True)
    add_order(chloe, "protect", target="dmitri", tap=True)
    notes["chloe queued"] = queued(chloe)
    chloe.get_by_role("button", name="Send orders", exact=True).tap()
    expect(chloe.locator(".sent-orders .orders-text")).to_be_visible()
    notes["chloe sent"] = sent_orders(chloe)
    notes["phone overflow after sending"] = horizontal_overflow(chloe)

    # dmitri: the keyboard only, from the top of the page.
    dmitri = table.page("dmitri")
    path, unseen = [], []
    for _ in range(60):
        dmitri.keyboard.press("Tab")
        stop, shown = dmitri.evaluate(FOCUSED)
        path.append(stop)
        if not shown:
            unseen.append(stop)
        if stop == "rf-text":
            break
    notes["dmitri tab path"] = path
    notes["dmitri tab stops without a visible focus"] = unseen
    assert path[-1] == "rf-text", f"Tab never reached the notation box: {path}"
    dmitri.keyboard.type("embezzle esme")
    expect(dmitri.locator("[data-check-feedback] .ok")).to_be_visible()
    notes["dmitri feedback"] = dmitri.locator("[data-check-feedback]").inner_text()
    dmitri.keyboard.press("Tab")
    notes["dmitri submit focus"] = dmitri.evaluate(FOCUSED)
    dmitri.keyboard.press("Enter")
    expect(dmitri.locator(".sent-orders .orders-text")).to_be_visible()
    notes["dmitri sent"] = sent_orders(dmitri)

    # esme: the structured form; then she closes the page and opens her personal link in a
    # new context (another device: no cookies).
    esme = table.page("esme")
    add_order(esme, "protect", target="bruno")
    esme.get_by_role("button", name="Send orders", exact=True).click()
    expect(esme.locator(".sent-orders .orders-text")).to_be_visible()
    notes["esme sent"] = sent_orders(esme)
    link = esme.locator("a[data-seat-url]").get_attribute("href")
    assert link and "token=" in link, link
    table.browsing.close("esme")
    again = table.browsing.open("esme")
    again.goto(link)
    expect(again.locator("#rf-title")).to_contain_text("Round 1 of 2")
    expect(again.locator("[data-conn]")).to_have_attribute("data-state", "live")
    notes["esme reopened url"] = again.url
    notes["esme reopened whoami"] = again.locator(".whoami .you").inner_text()
    notes["esme reopened sent"] = sent_orders(again)
    notes["esme reopened status"] = again.locator(".stats > div", has_text="Orders this round"
                                                  ).locator("dd").inner_text()
    notes["esme reopened queued"] = queued(again)

    # The host console follows every submission live.
    expect(table.host.locator(".gm-table")).not_to_contain_text("not sent")
    table.snapshot("sent")
    notes["gm orders"] = gm_orders(table.host)
    notes["gm followed live"] = table.host.evaluate("window.sameDocument === true")
    return table


@pytest.fixture(scope="module")
def resolved(sent: Table, clock: TestClock) -> Table:
    """The deadline passes (the server's clock is moved); every page shows round 2 live."""
    labels = (*PLAYERS, "host")
    for label in labels:
        page = sent.page(label)
        expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
        page.evaluate("window.sameDocument = true")  # gone if the page reloads
    clock.advance(PAST_DEADLINE)
    for label in labels:
        expect(sent.page(label).locator("#rf-title")).to_contain_text("Round 2 of 2")
    sent.snapshot("resolved")
    for label in labels:
        page = sent.page(label)
        sent.seen["resolved"][label]["same document"] = page.evaluate(
            "window.sameDocument === true")
        if label != "host":
            sent.seen["resolved"][label]["net worth"] = net_worth(page)
            sent.seen["resolved"][label]["private"] = private_notices(page)
            sent.seen["resolved"][label]["queued"] = queued(page)
    chloe = sent.page("chloe")
    for details in chloe.locator("details").all():
        details.evaluate("d => d.open = true")
    sent.notes["phone overflow with every section open"] = horizontal_overflow(chloe)
    return sent


@pytest.fixture(scope="module")
def drafted(resolved: Table) -> Table:
    """In round 2 esme half-types orders while alice sends hers: the push alice's move sends
    to esme's page must not cost esme her draft, her focus or her caret."""
    esme, alice = resolved.page("esme"), resolved.page("alice")
    esme.get_by_label("Or write them as in an email").click()
    esme.keyboard.type("protect chl")
    seq = esme.locator("#screen .rf").get_attribute("data-seq")
    alice.get_by_label("Or write them as in an email").fill("protect self")
    alice.get_by_role("button", name="Send as written").click()
    expect(alice.locator(".sent-orders .orders-text")).to_have_text("protect alice")
    # alice's secret orders change nothing esme may see, so esme is pushed nothing for
    # them; the host giving the round a minute more reaches every screen while she types
    resolved.host.get_by_label("Extend the deadline by (minutes)").fill("1")
    resolved.host.get_by_role("button", name="Extend", exact=True).click()
    expect(esme.locator("#screen .rf")).not_to_have_attribute("data-seq", seq or "")
    resolved.notes["draft after a push"] = esme.evaluate(
        "[document.activeElement.id, document.activeElement.value,"
        " document.activeElement.selectionStart]")
    esme.keyboard.type("oe")  # the player carries on typing where they were
    resolved.notes["draft typed on"] = esme.get_by_label("Or write them as in an email"
                                                         ).input_value()
    expect(resolved.host.locator(".gm-table")).to_contain_text("protect alice")
    return resolved


@pytest.fixture(scope="module")
def finished(drafted: Table, clock: TestClock) -> Table:
    """Round 2 passes too (alice only protected herself): the game is over."""
    clock.advance(PAST_DEADLINE + 60)  # the host extended round 2 by a minute
    for label in (*PLAYERS, "host"):
        expect(drafted.page(label).locator("#rf-title")).to_contain_text("final report")
    drafted.snapshot("finished")
    return drafted


# -- the lobby -------------------------------------------------------------------------------

def test_the_front_page_form_creates_the_match(lobby: Table, server: Server) -> None:
    assert lobby.created == {"game": "rexfurum", "seats": 5, "bots": {},
                             "options": {"rounds": 2, "round_minutes": ROUND_MINUTES},
                             "referee": True}
    assert re.fullmatch(r"[A-Z0-9]{6}", lobby.code)
    info = httpx.get(f"{server.url}/api/matches/{lobby.code}").json()
    assert info["options"]["rounds"] == 2
    assert info["options"]["round_minutes"] == ROUND_MINUTES
    assert info["status"] == "lobby"
    assert [(s["kind"], s["name"]) for s in info["seats"]] == [("human", n) for n in PLAYERS]


def test_players_take_seats_by_code_and_by_room_link(lobby: Table) -> None:
    for seat, name in enumerate(PLAYERS):
        assert f"You sit in seat {seat + 1} as {name}" in lobby.seated[name]
    assert lobby.notes["phone room overflow"] <= SLACK_PX


def test_the_host_starts_the_match_and_every_room_becomes_a_table(started: Table) -> None:
    seen = started.seen["started"]
    for name in PLAYERS:
        assert f"you: {name}" in seen[name]["text"]
        assert "Round 1 of 2" in seen[name]["text"]
        assert "none sent yet" in seen[name]["text"]
    assert "gamemaster view" in seen["host"]["text"]
    assert "Host controls" in seen["host"]["text"]
    assert started.notes["gm orders at start"] == dict.fromkeys(PLAYERS, "not sent")


# -- sending orders --------------------------------------------------------------------------

def test_the_structured_order_form_sends_orders(sent: Table) -> None:
    notes = sent.notes
    assert notes["alice queued"] == ["embezzle chloe", "protect self"]
    assert notes["alice points"] == "2"
    assert notes["alice sent"] == "embezzle chloe, protect alice"


def test_the_notation_box_checks_as_you_type_then_sends_as_written(sent: Table) -> None:
    notes = sent.notes
    assert notes["bruno typo feedback"].startswith("✗")
    assert "'slef'" in notes["bruno typo feedback"]
    assert notes["bruno feedback"].startswith("✓ Readable")
    assert "Would be read as" in notes["bruno feedback"]  # nothing is "received" yet
    assert "received" not in notes["bruno feedback"]
    assert f"protect bruno, {SECRET_INVEST}" in notes["bruno feedback"]
    assert "Nothing yet" in notes["bruno sent before sending"], "checking must not send"
    assert notes["bruno sent"] == f"protect bruno, {SECRET_INVEST}"
    assert notes["bruno box after sending"] == ""


def test_a_phone_sized_screen_can_play(sent: Table) -> None:
    notes = sent.notes
    assert notes["phone table overflow"] <= SLACK_PX
    assert notes["phone controls off screen"] == []
    assert notes["phone bribe controls off screen"] == []
    assert notes["chloe queued"] == [f"bribe 4000 {notes['chloe bribes']}", "protect dmitri"]
    assert notes["chloe sent"] == f"bribe 4000 {notes['chloe bribes']}, protect dmitri"
    assert notes["phone overflow after sending"] <= SLACK_PX


def test_the_keyboard_alone_reaches_the_notation_box_and_sends(sent: Table) -> None:
    notes = sent.notes
    assert notes["dmitri tab path"][0] == "Skip to the game"
    assert "embezzle esme" in notes["dmitri feedback"]
    assert notes["dmitri submit focus"] == ["Send as written", True]
    assert notes["dmitri tab stops without a visible focus"] == []
    assert notes["dmitri sent"] == "embezzle esme"


def test_a_personal_link_reopened_elsewhere_brings_back_the_seat_and_its_orders(
        sent: Table) -> None:
    notes = sent.notes
    assert notes["esme sent"] == "protect bruno"
    assert notes["esme reopened url"].endswith(f"/m/{sent.code}"), "the token leaves the URL"
    assert notes["esme reopened whoami"] == "you: esme"
    assert notes["esme reopened sent"] == "protect bruno"
    assert "✓ sent" in notes["esme reopened status"]
    assert notes["esme reopened queued"] == ["protect bruno"]


def test_the_host_console_shows_every_order(sent: Table) -> None:
    assert sent.notes["gm followed live"], "the console reloaded instead of updating"
    assert sent.notes["gm orders"] == {
        "alice": "embezzle chloe, protect alice",
        "bruno": f"protect bruno, {SECRET_INVEST}",
        "chloe": f"bribe 4000 {sent.notes['chloe bribes']}, protect dmitri",
        "dmitri": "embezzle esme",
        "esme": "protect bruno",
    }


def test_nobody_sees_another_players_orders_before_the_round_ends(sent: Table) -> None:
    seen = sent.seen["sent"]
    own = {"alice": "embezzle chloe", "bruno": SECRET_INVEST, "chloe": "protect dmitri",
           "dmitri": "embezzle esme", "esme": "protect bruno"}
    for reader in PLAYERS:
        for writer, order in own.items():
            if writer == reader:
                assert order in seen[reader]["html"], f"{reader} does not see their {order!r}"
            elif not (reader == "bruno" and order == "protect bruno"):  # also bruno's own
                assert order not in seen[reader]["html"], f"{reader} sees {writer}'s {order!r}"


# -- the round resolves ----------------------------------------------------------------------

def test_the_round_resolves_live_without_a_reload(resolved: Table) -> None:
    seen = resolved.seen["resolved"]
    for label in (*PLAYERS, "host"):
        assert seen[label]["same document"], f"{label}'s page reloaded instead of updating"
        # round 1's close brings round 2's letter, which tells what round 1's orders did
        assert "Your orders last round" in seen[label]["text"] or label == "host"
    for name in PLAYERS:  # round 2 starts with a fresh order form
        assert "none sent yet" in seen[name]["text"]
        assert seen[name]["queued"] == []


def test_each_player_gets_their_own_report(resolved: Table) -> None:
    seen = resolved.seen["resolved"]
    worth = {name: seen[name]["net worth"] for name in PLAYERS}
    assert worth == {"alice": "$30,000", "bruno": "$13,000", "chloe": "$10,000",
                     "dmitri": "$37,000", "esme": "$10,000"}
    assert "You embezzled $10,000 from chloe." in seen["alice"]["private"]
    assert "Someone embezzled $10,000 from you." in seen["chloe"]["private"]
    assert "You invested $7,000 in dmitri." in seen["bruno"]["private"]
    assert "Bruno invested $7,000 in you." in seen["dmitri"]["private"]
    assert "You embezzled $10,000 from esme." in seen["dmitri"]["private"]
    assert "Someone embezzled $10,000 from you." in seen["esme"]["private"]
    assert "Your orders last round: embezzle chloe, protect alice" in seen["alice"]["text"]


def test_a_report_tells_nobody_else_of_a_secret_order(resolved: Table) -> None:
    seen = resolved.seen["resolved"]
    for reader in ("alice", "chloe", "esme"):  # neither investor nor receiver
        html = seen[reader]["html"]
        for secret in (SECRET_INVEST, "invested", "$7,000"):
            assert secret not in html, f"{reader} learns of bruno's investment: {secret!r}"
    assert "embezzle esme" not in seen["alice"]["html"]
    assert "embezzle chloe" not in seen["esme"]["html"]
    for reader in ("alice", "bruno", "dmitri"):
        assert "Someone embezzled" not in seen[reader]["html"]


def test_the_host_console_keeps_every_round(resolved: Table) -> None:
    host = resolved.page("host")
    history = host.locator("#rf-history-1 .history").inner_text()
    assert f"bruno: protect bruno, {SECRET_INVEST}" in history
    assert "dmitri: embezzle esme" in history
    ledger = host.locator(".ledger tbody td:last-child")  # inside a closed <details>
    rules = [text.strip() for text in ledger.all_text_contents()]
    assert "invest" in rules and rules.count("embezzle") == 2
    assert gm_orders(host) == dict.fromkeys(PLAYERS, "not sent")  # round 2 is open


def test_the_phone_fits_the_letters_too(resolved: Table) -> None:
    assert resolved.notes["phone overflow with every section open"] <= SLACK_PX


def test_a_push_from_another_players_move_keeps_a_half_typed_draft(drafted: Table) -> None:
    assert drafted.notes["draft after a push"] == ["rf-text", "protect chl", len("protect chl")]
    assert drafted.notes["draft typed on"] == "protect chloe"


def test_the_last_round_ends_the_game_live(finished: Table) -> None:
    seen = finished.seen["finished"]
    for label in (*PLAYERS, "host"):
        assert "dmitri wins with $37,000." in seen[label]["text"]
    assert "(you)" in seen["dmitri"]["text"]


def test_the_server_logged_no_errors(finished: Table, server: Server) -> None:
    log = server.log()
    assert "Traceback" not in log and "ERROR" not in log, log[-4000:]
