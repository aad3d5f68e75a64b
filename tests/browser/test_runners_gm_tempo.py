"""Rules for Runners at a real table, measured: a GM at a desktop console and three runners
on phones play an encounter of the seed's kind (a hidden guard, a lock, a fight), and the
test counts what the GM has to do with the mouse.

The measured turn: a runner unlocks the server room's door (tapping it on the map, a hasty
check: 1 s) and attacks the guard (one button, a normal check: 2 s). The GM's part is the
engine's minimum, one ruling each: reveal the guard as it steps out, a DC for the lock, a
DC for the attack (the attack lands by itself when it passes, the door opens by itself),
and "all NPCs hold" when the guard's turn comes. Before the common actions and the one-tap
DCs the same turn took about ten GM interactions (price the attack, pick a runner, a stat
and a DC for each check, roll, then the attack by hand, then each NPC turn ended alone).

Screenshots (HACKTABLE_SCREENSHOTS) are kept at desktop width and at 360 px; no runner's page
ever carries the hidden guard before it is revealed, a DC or the GM's rolls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from tests.services import Api, Server

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing
from .test_playtest_screens import IN_ITS_CARD
from .test_runners_table import NARROW, overflow, shoot, sit

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

SECRET = "Guard Vex"
RUNNERS = {1: "Mica", 2: "Damien", 3: "Luke"}
WIDE = {"width": 1280, "height": 900}
DOOR = "[8, 2]"
ENGINE_MINIMUM = 4
"""Reveal, DC, DC, hold: one ruling each (docs/rules/runners.md, Actions and Turns)."""


@dataclass
class Table:
    code: str
    server: str
    tokens: dict[int, str]
    pages: dict[int, Page]
    gm_taps: list[str] = field(default_factory=list)

    def gm_view(self) -> dict[str, Any]:
        return Api(self.server, self.tokens[0]).ok(
            "GET", f"/api/matches/{self.code}/view")["view"]

    def gm(self, control: Locator, why: str) -> None:
        """One GM interaction: a click on the console, counted."""
        control.click()
        self.gm_taps.append(why)


def wait_turn_changed(table: Table, before: dict[str, Any]) -> dict[str, Any]:
    for _ in range(400):
        now = table.gm_view()["turn"]
        if now != before:
            return now
        table.pages[0].wait_for_timeout(50)
    raise AssertionError("the turn did not pass")


def no_secret(page: Page, revealed: bool = False) -> None:
    html = page.content()
    assert "Secret DC" not in html and "vs DC" not in html
    if not revealed:
        assert SECRET not in html


def both_widths(page: Page, name: str, phone: bool) -> None:
    """A screenshot at the page's own width and one at the other."""
    shoot(page, f"{name}-{'360' if phone else 'desktop'}")
    page.set_viewport_size(WIDE if phone else NARROW)
    page.wait_for_timeout(100)
    shoot(page, f"{name}-{'desktop' if phone else '360'}")
    if not phone:
        assert overflow(page) <= 1, f"{name} scrolls sideways at 360 px"
    page.set_viewport_size(NARROW if phone else WIDE)
    if phone:
        assert overflow(page) <= 1, f"{name} scrolls sideways at 360 px"


@pytest.fixture(scope="module")
def table(browsing: Browsing, server: Server) -> Table:
    created = Api(server.url).ok("POST", "/api/matches", {"game": "runners", "seats": 4})
    code = created["code"]
    host = Api(server.url, created["host_token"])
    tokens = {}
    for seat, name in ((0, "Gia"), *RUNNERS.items()):
        tokens[seat] = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                          {"seat": seat, "name": name})["token"]
    host.ok("POST", f"/api/matches/{code}/host/start")
    pages = {0: sit(browsing, code, tokens[0], "tempo-gm", phone=False)}
    pages[0].set_viewport_size(WIDE)
    for seat in RUNNERS:
        pages[seat] = sit(browsing, code, tokens[seat], f"tempo-runner{seat}", phone=True)
    return Table(code, server.url, tokens, pages)


def runner_before_the_guard(view: dict[str, Any], guard: str) -> int:
    """The runner whose turn comes just before the guard's (the order wraps around)."""
    refs = [e["ref"] for e in view["order"]]
    at = refs.index(guard)
    for back in range(1, len(refs) + 1):
        ref = refs[(at - back) % len(refs)]
        if ref.startswith("s"):
            return int(ref[1:])
    raise AssertionError("no runner in the order")


def play_to(table: Table, seat: int) -> None:
    """Pass turns (NPCs hold, runners end theirs) until `seat` has the turn; not counted."""
    gm = table.pages[0]
    for _ in range(12):
        turn = table.gm_view()["turn"]
        if turn["seat"] == seat:
            return
        if turn["seat"] is None:
            gm.locator("#rr-hold button").click()
        else:
            table.pages[turn["seat"]].locator("#rr-end button").click()
        wait_turn_changed(table, turn)
    raise AssertionError(f"seat {seat} never got the turn")


def test_a_runner_turn_with_a_lock_and_a_fight_takes_the_gm_four_taps(table: Table):
    gm = table.pages[0]
    gm.locator("#rr-npc-name").fill(SECRET)
    gm.locator("#rr-npc-init").fill("15")
    gm.get_by_role("button", name="Add NPC").click()
    expect(gm.locator(".rr-side")).to_contain_text(SECRET)
    both_widths(gm, "tempo-gm-prep", phone=False)
    gm.get_by_role("button", name="Start the mission (roll initiative)").click()
    expect(gm.locator("[data-turn-line]")).not_to_contain_text("Preparing")
    while gm.locator("#rr-ties-h").count():
        gm.locator(".rr-alert form button").first.click()
        gm.wait_for_timeout(200)
    expect(gm.locator("[data-turn-line]")).to_contain_text("Round 1")
    view = table.gm_view()
    guard = next(n["id"] for n in view["npcs"] if n["name"] == SECRET)
    a = runner_before_the_guard(view, guard)
    play_to(table, a)
    page_a = table.pages[a]
    expect(page_a.locator("[data-turn-line]")).to_contain_text("your turn, 3 s left")
    for seat in RUNNERS:
        no_secret(table.pages[seat])
        assert guard not in table.pages[seat].content()
    both_widths(page_a, "tempo-runner-turn", phone=True)
    # On a 360 px phone the squares are 44 px tap targets (WCAG 2.5.8), so the floor is wider
    # than the phone: it scrolls inside its own card, opening on the runner's square, and
    # the page never scrolls sideways.
    wrap = page_a.locator(".rr-map-wrap")
    assert wrap.evaluate("el => el.scrollWidth - el.clientWidth") > 0
    assert page_a.locator(".rr-map .is-mine").evaluate(IN_ITS_CARD)
    assert page_a.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1

    # -- the measured turn ---------------------------------------------------------------------
    table.gm_taps.clear()
    # The runner taps the door on the map, in a hurry (1 s, -5).
    page_a.locator("#rr-effort-hasty").check()
    page_a.locator("#rr-map-mode").select_option("unlock")
    page_a.locator(f'#rr-map-act ~ .rr-map-wrap button[data-at="{DOOR}"]').click()
    expect(page_a.locator("[data-waiting]")).to_contain_text(
        "Waiting for the GM — the clock stands still")
    expect(table.pages[next(s for s in RUNNERS if s != a)].locator("[data-waiting]")
           ).to_contain_text("waiting for the GM — the clock stands still")
    expect(gm.locator("#rr-waiting-gm")).to_contain_text(RUNNERS[a])
    both_widths(gm, "tempo-gm-dc", phone=False)
    table.gm(gm.locator(f"#rr-dc-{a}-12 button"), "DC for the lock")
    expect(page_a.locator("[data-turn-line]")).to_contain_text("2 s left")
    no_secret(page_a)
    # The guard steps out of the dark: the GM reveals it.
    table.gm(gm.locator(f"#rr-show-{guard} button"), "reveal the guard")
    attack = page_a.get_by_role("button", name=f"Attack {SECRET}")
    expect(attack).to_be_visible()
    page_a.locator("#rr-effort-normal").check()
    attack.click()
    expect(gm.locator(f"#rr-dc-{a}-12")).to_be_visible()
    table.gm(gm.locator(f"#rr-dc-{a}-12 button"), "DC for the attack")
    # The runner's seconds are spent and ruled: the guard's turn comes; all NPCs hold.
    expect(gm.locator("#rr-hold")).to_be_visible()
    expect(page_a.locator("[data-turn-line]")).not_to_contain_text("your turn")
    both_widths(gm, "tempo-gm-npc-turn", phone=False)
    assert " s left" not in gm.locator("[data-turn-line]").inner_text()
    before = table.gm_view()["turn"]
    table.gm(gm.locator("#rr-hold button"), "all NPCs hold")
    after = wait_turn_changed(table, before)
    assert after["seat"] is not None, "the next runner's turn"

    assert table.gm_taps == ["DC for the lock", "reveal the guard", "DC for the attack",
                             "all NPCs hold"]
    assert len(table.gm_taps) == ENGINE_MINIMUM
    log = page_a.locator("#table-log")
    expect(log).to_contain_text("unlock (8, 2)")
    assert "#" not in log.locator("ol").inner_text(), "no entry numbers in a runner's log"
    for seat in RUNNERS:
        no_secret(table.pages[seat], revealed=True)
    both_widths(page_a, "tempo-runner-after", phone=True)


def test_a_charged_call_and_a_kept_roll_on_a_phone(table: Table):
    gm = table.pages[0]
    turn = table.gm_view()["turn"]
    seat = turn["seat"]
    page = table.pages[seat]
    # What the runner chose this turn survives a screen pushed by someone else's move.
    page.locator("#rr-effort-careful").check()
    page.locator("#rr-check-note").fill("half-typed")
    other = next(s for s in RUNNERS if s != seat)
    gm.locator(f"#rr-spot-{other} button").click()
    expect(page.locator(".rr-team").first).to_contain_text("spotted")
    expect(page.locator("#rr-effort-careful")).to_be_checked()
    expect(page.locator("#rr-check-note")).to_have_value("half-typed")
    page.locator("#rr-effort-normal").check()
    # A check kept for later (like sneaking), ruled by the GM with a stat alone.
    page.locator("#rr-check-note").fill("the guard's route")
    page.locator("#rr-check-keep").check()
    page.get_by_role("button", name="Ask the GM for a check").click()
    table.gm(gm.locator(f"#rr-keep-{seat}-int button"), "stat of the kept check")
    expect(page.locator(".rr-kept")).to_contain_text("Kept for later: Intelligence")
    # The GM calls an INT check on the runner's own turn: it costs their seconds.
    gm.locator("#rr-call-seat").select_option(str(seat))
    gm.locator("#rr-call-stat").select_option("int")
    gm.locator("#rr-call-dc").fill("14")
    gm.get_by_role("button", name="Call it").click()
    expect(page.locator("#rr-called-h")).to_contain_text("Intelligence check")
    expect(page.locator("#rr-use-kept")).to_be_visible()
    both_widths(page, "tempo-runner-called", phone=True)
    no_secret(page, revealed=True)
    page.locator("#rr-use-kept button").click()
    expect(page.locator("#rr-called-h")).to_have_count(0)
    expect(page.locator(".rr-kept")).to_have_count(0)
    both_widths(gm, "tempo-gm-after-call", phone=False)


def test_ending_the_mission_asks_first(table: Table):
    gm = table.pages[0]
    gm.locator("#rr-quick-h ~ details.rr-more > summary").click()
    asked: list[str] = []

    def dismiss(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    gm.once("dialog", dismiss)
    gm.locator("#rr-lose button").click()
    expect(gm.locator("#rr-lose")).to_be_visible()
    assert asked and "cannot be taken back" in asked[0]
    assert table.gm_view()["phase"] == "mission", "a dismissed question ends nothing"
