"""CPU end to end: two people in two browsers and a bot play a whole (one-round) game.

The match is made through the API with the options of `tests.web.test_cpu_screen.SCENARIO`
(no ROMs or special actions, ten cards each, sixteen cycles, one round). The server deals at
random, so the test reads the deal from the host's (gamemaster's) view and plays the cards
`plan` picks; a deal that does not allow the scenario is ended and a new match made.

    alice (desktop)  loads a source and a library, compiles them with the "Compile with…"
                     checkboxes, daemonises the binary and idles the rest (by keyboard)
    bruno (phone)    loads a source, compiles it alone and executes it at alice: the attack
                     touches her daemon
    alice            is asked, with a countdown, to react; she returns fire
    bruno            sees the reaction land, and idles
    the bot          plays its turn; any window it opens is declined; the round limit ends
                     the game and both screens show the outcome

No sleeps: every step waits for the screen the server pushes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.services import Api, Server
from tests.web.test_cpu_screen import SCENARIO, Plan, assert_no_leak, plan

from .conftest import CHROMIUM, NO_CHROMIUM, PHONE, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

SLACK_PX = 2


@dataclass
class Game:
    code: str
    host: Api
    seats: dict[int, Api]
    tokens: dict[int, str]
    plan: Plan

    def gm_view(self) -> dict[str, Any]:
        return self.host.ok("GET", f"/api/matches/{self.code}/view?as=host")["view"]

    def payload(self, seat: int) -> dict[str, Any]:
        return self.seats[seat].ok("GET", f"/api/matches/{self.code}/view")


def deal(base: str) -> Game:
    """A started match whose deal makes the scenario (a few tries at most, usually one)."""
    for _ in range(40):
        created = Api(base).ok("POST", "/api/matches", {
            "game": "cpu", "seats": 3, "options": SCENARIO, "bots": {"2": "aggressive"},
            "referee": True})  # the test reads the deal from the refereeing host's view
        code = created["code"]
        host = Api(base, created["host_token"])
        seats, tokens = {}, {}
        for seat, name in ((0, "alice"), (1, "bruno")):
            joined = Api(base).ok("POST", f"/api/matches/{code}/join",
                                  {"seat": seat, "name": name})
            tokens[seat] = joined["token"]
            seats[seat] = Api(base, joined["token"])
        host.ok("POST", f"/api/matches/{code}/host/start")
        view = host.ok("GET", f"/api/matches/{code}/view?as=host")["view"]
        found = plan(view)
        if found is not None:
            return Game(code, host, seats, tokens, found)
        host.ok("POST", f"/api/matches/{code}/host/end")
    raise AssertionError("no deal in 40 made the scenario")


def sit(browsing: Browsing, game: Game, seat: int, label: str, phone: bool = False) -> Page:
    page = browsing.open(label, phone=phone)
    page.goto(f"/m/{game.code}?token={game.tokens[seat]}")
    page.wait_for_url(f"**/m/{game.code}")
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    expect(page.locator(".cpu")).to_be_visible()
    return page


def memory(page: Page, card: int):
    return page.locator(f".cpu-mine .cpu-slots li[data-item='{card}']")


def hand(page: Page, card: int):
    return page.locator(f".cpu-hand li[data-item='{card}']")


def screen_seq(page: Page) -> int:
    """The match's log position the page's screen was rendered at."""
    return int(page.locator(".cpu").get_attribute("data-seq") or 0)


def horizontal_overflow(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth") - PHONE["width"]


@pytest.fixture(scope="module")
def played(browsing: Browsing, server: Server) -> dict[str, Any]:
    """The whole game; returns what the pages showed on the way."""
    game = deal(server.url)
    p = game.plan
    seen: dict[str, Any] = {"plan": p}
    alice = sit(browsing, game, 0, "alice")
    bruno = sit(browsing, game, 1, "bruno", phone=True)

    # -- alice's turn: load, load, compile with a checkbox, daemonise, idle by keyboard --
    expect(alice.locator("[data-turn-line]")).to_contain_text("your turn")
    expect(alice.locator(".cpu-mine")).to_contain_text("16 cycles: 16 free, 0 spent, 0 idled")
    expect(bruno.locator("[data-turn-line]")).to_contain_text("alice's turn")
    seen["bruno before"] = bruno.content()
    seen["bruno payload before"] = game.payload(1)
    seen["gm before"] = game.gm_view()
    hand(alice, p.source["id"]).get_by_role(
        "button", name=f"Load {p.source['name']} (1 cycle)").click()
    expect(memory(alice, p.source["id"])).to_be_visible()
    hand(alice, p.library["id"]).get_by_role(
        "button", name=f"Load {p.library['name']} (1 cycle)").click()
    expect(memory(alice, p.library["id"])).to_be_visible()
    expect(alice.locator(".cpu-mine")).to_contain_text("14 free, 2 spent, 0 idled")
    source = memory(alice, p.source["id"])
    source.get_by_label(p.library["name"]).check()
    source.get_by_role("button", name=f"Compile {p.source['name']} (1 cycle)").click()
    label = f"{p.source['name']} + {p.library['name']}"
    expect(source).to_contain_text("binary of 2")
    expect(source).to_contain_text(label)
    expect(memory(alice, p.library["id"])).to_have_count(0)  # its slot was freed
    daemonise = source.locator("form[data-verb=daemonise]")
    if daemonise.locator("select").count():
        daemonise.locator("select").select_option(label="no target (defend only)")
    daemonise.get_by_role("button", name=f"Daemonise {label} (2 cycles)").click()
    expect(source).to_contain_text("◈ daemon")
    expect(bruno.locator(".cpu-other[data-seat='0']")).to_contain_text("◈ daemon")
    idle = alice.get_by_role("button", name=re.compile(r"^Idle all \(11 cycles"))
    idle.focus()
    alice.keyboard.press("Enter")
    expect(alice.locator("[data-turn-line]")).to_contain_text("bruno's turn")
    expect(bruno.locator("[data-turn-line]")).to_contain_text("your turn")
    seen["alice log after her turn"] = alice.locator("[data-log]").inner_text()

    # -- bruno's turn, on a phone: load, compile alone, execute at alice ----------------
    seen["phone overflow"] = horizontal_overflow(bruno)
    hand(bruno, p.attacker["id"]).get_by_role(
        "button", name=f"Load {p.attacker['name']} (1 cycle)").tap()
    attacker = memory(bruno, p.attacker["id"])
    expect(attacker).to_be_visible()
    attacker.get_by_role("button", name=f"Compile {p.attacker['name']} (1 cycle)").tap()
    expect(attacker).to_contain_text("binary of 1")
    execute = attacker.locator("form[data-verb=execute]")
    execute.get_by_label(re.compile("^Execute")).select_option(label="at alice")
    execute.get_by_role("button", name=f"Execute {p.attacker['name']} (1 cycle)").tap()

    # -- the reaction window ---------------------------------------------------------------
    window = alice.locator(".cpu-window")
    expect(window).to_be_visible()
    seen["window"] = window.inner_text()
    seen["countdown"] = window.locator("[data-deadline]").inner_text()
    expect(bruno.locator(".cpu-waiting")).to_contain_text("Waiting for alice to react")
    seen["bruno waiting"] = bruno.locator(".cpu-waiting").inner_text()
    seen["phone overflow in window"] = horizontal_overflow(bruno)
    window.get_by_role("button", name=f"React: return fire with {p.reaction} at bruno").click()
    expect(window).to_be_hidden()
    expect(bruno.locator("[data-log]")).to_contain_text(
        f"alice's daemons return fire at bruno with {p.reaction}")
    bruno_cycles = game.payload(1)["view"]["machines"][1]["cycles"]
    expect(bruno.locator(".cpu-mine")).to_contain_text(f"{bruno_cycles} cycles:")
    seen["bruno cycles"] = bruno_cycles
    seen["bruno after reaction"] = bruno.content()
    seen["bruno payload after"] = game.payload(1)
    seen["gm after"] = game.gm_view()
    bruno.get_by_role("button", name=re.compile(r"^Idle all")).tap()

    # -- the bot's turn, then the end ------------------------------------------------------
    for _ in range(12):
        alice.locator(".outcome, .cpu-window, .cpu-waiting").first.wait_for()
        if alice.locator(".outcome").is_visible():
            break
        seq = screen_seq(alice)
        asked = alice if alice.locator(".cpu-window").is_visible() else bruno
        window = asked.locator(".cpu-window")
        expect(window).to_be_visible()
        window.get_by_role("button", name=re.compile("^(Decline|Allow)")).click()
        alice.wait_for_function(
            f"() => Number(document.querySelector('.cpu').dataset.seq) > {seq}")
    for page in (alice, bruno):
        expect(page.locator(".outcome")).to_be_visible()
    seen["outcome alice"] = alice.locator(".outcome").inner_text()
    seen["outcome bruno"] = bruno.locator(".outcome").inner_text()
    seen["summary"] = game.host.ok("GET", f"/api/matches/{game.code}")["outcome"]["summary"]
    seen["actions after the end"] = alice.locator(".cpu-actions").count()
    seen["credits"] = alice.locator(".credits").inner_text()
    return seen


def test_alice_compiles_and_daemonises(played):
    log = played["alice log after her turn"]
    p = played["plan"]
    assert f"alice compiles {p.source['name']} with {p.library['name']}." in log
    assert f"alice daemonises {p.source['name']}" in log


def test_the_defender_is_asked_with_a_countdown_and_the_default(played):
    p = played["plan"]
    assert f"Your daemon was touched: react with {p.reaction} against bruno?" in played["window"]
    assert re.fullmatch(r"\d+:\d\d", played["countdown"])
    assert f"you react with {p.reaction}" in played["window"]
    assert "Waiting for alice to react to bruno's attack" in played["bruno waiting"]


def test_the_reaction_took_bruno_cycles(played):
    view = played["bruno payload after"]["view"]
    assert view["machines"][1]["cycles"] == played["bruno cycles"]
    texts = [e["text"] for e in played["bruno payload after"]["events"]]
    assert any("return fire at bruno" in t for t in texts)
    assert any(t.startswith("alice loses") or "attacks alice" in t for t in texts)


def test_both_screens_show_the_outcome(played):
    assert played["summary"] in played["outcome alice"]
    assert played["summary"] in played["outcome bruno"]
    for name in played["gm after"]["players"]:  # the bot has a name of its own
        assert name in played["outcome alice"]
    assert played["actions after the end"] == 0
    assert "CPU by Næþ'n Lasseter, licensed CC BY-SA 3.0" in played["credits"]


def test_the_phone_screen_fits_375_px(played):
    assert played["phone overflow"] <= SLACK_PX
    assert played["phone overflow in window"] <= SLACK_PX


def test_bruno_never_receives_alices_hand_or_the_draw_order(played):
    for page, payload, gm in (("bruno before", "bruno payload before", "gm before"),
                              ("bruno after reaction", "bruno payload after", "gm after")):
        known = repr(played[payload])
        assert_no_leak(played[gm], 1, played[page], known)
