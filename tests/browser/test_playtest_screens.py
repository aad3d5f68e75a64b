"""What a new group stumbled on in a play-test (one friend on a 360 px phone), each checked in
a real browser at a desktop's 1280 px and a phone's 360 px, against one real server:

    CPU          "Compile with…" ticks the loaded libraries that can go with the source; a
                 reaction question pushed to a scrolled page comes into view with its heading
                 focused, and its last-minute clock is drawn, not an emoji
    Runners      the map's squares are fingertip-sized on a phone (44 px; 24 px at least
                 with a mouse); the end screen ranks the characters once, not the GM; with
                 one second left the screen says the next action is hasty, and why
    Rex Furum    a letter says "no" (not "FALSE") for a company you do not work for;
                 "protect sefl" is answered with "self" among the choices, and the refusal
                 goes as soon as the text is changed

Every match is made through the API; pages are opened at the width under test. Screenshots
go to HACKTABLE_SCREENSHOTS when it is set.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.services import Api, Server
from tests.web.test_cpu_screen import SCENARIO, plan

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing, scroll_to

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 360, "height": 740}}
FINGERTIP_PX = 44
MOUSE_PX = 24
"""WCAG 2.5.8 asks at least 24 px for a target; 44 px is a fingertip's worth."""


@pytest.fixture(autouse=True)
def close_pages(browsing: Browsing):
    """Each test's people leave when it ends (their sockets too)."""
    yield
    browsing.close_all()


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("HACKTABLE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def sit(browsing: Browsing, code: str, token: str, label: str, width: str,
        ready: str) -> Page:
    page = browsing.open(f"{label}-{width}", phone=width == "phone")
    page.set_viewport_size(WIDTHS[width])
    page.goto(f"/m/{code}?token={token}")
    page.wait_for_url(f"**/m/{code}")
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    expect(page.locator(ready)).to_be_visible()
    return page


IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight && r.bottom > 0; }"""
"""Whether the element's top lies on the screen, as the page is scrolled (computed, since
Playwright's intersection check passes off-screen elements in a phone's emulation)."""
MAP_SCROLLS = "wrap => wrap.scrollWidth > wrap.clientWidth"
IN_ITS_CARD = """cell => { const r = cell.getBoundingClientRect();
    const w = cell.closest('.rr-map-wrap').getBoundingClientRect();
    return r.left >= w.left - 1 && r.right <= w.right + 1; }"""
"""Whether a map square lies within the sideways-scrolled map's visible width."""


def sideways(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def act(api: Api, code: str, action: dict[str, Any]) -> None:
    api.ok("POST", f"/api/matches/{code}/act", {"action": action})


# -- CPU ---------------------------------------------------------------------------------------

def cpu_deal(base: str, **options: Any) -> tuple[str, dict[int, Api], dict[int, str], Any]:
    """A started CPU match (alice first, bruno, a bot) whose deal makes the plan."""
    for _ in range(40):
        created = Api(base).ok("POST", "/api/matches", {
            "game": "cpu", "seats": 3, "options": {**SCENARIO, **options},
            "bots": {"2": "aggressive"}, "referee": True})
        code = created["code"]
        host = Api(base, created["host_token"])
        seats, tokens = {}, {}
        for seat, name in ((0, "alice"), (1, "bruno")):
            joined = Api(base).ok("POST", f"/api/matches/{code}/join",
                                  {"seat": seat, "name": name})
            tokens[seat], seats[seat] = joined["token"], Api(base, joined["token"])
        host.ok("POST", f"/api/matches/{code}/host/start")
        found = plan(host.ok("GET", f"/api/matches/{code}/view?as=host")["view"])
        if found is not None:
            return code, seats, tokens, found
        host.ok("POST", f"/api/matches/{code}/host/end")
    raise AssertionError("no deal in 40 made the scenario")


@pytest.mark.parametrize("width", WIDTHS)
def test_cpu_compile_ticks_the_loaded_library(width: str, browsing: Browsing,
                                              server: Server) -> None:
    """Play-test: the host's first "Compile nmap" compiled without the libcrypt loaded beside
    it. "a binary can be composed of one source code card and any number of libraries"
    (CPU, §6): what can go with the source is ticked, so one tap links it."""
    code, seats, tokens, p = cpu_deal(server.url)
    act(seats[0], code, {"do": "load", "cards": [p.source["id"]]})
    act(seats[0], code, {"do": "load", "cards": [p.library["id"]]})
    page = sit(browsing, code, tokens[0], "cpu-compile", width, ".cpu")
    source = page.locator(f".cpu-mine .cpu-slots li[data-item='{p.source['id']}']")
    expect(source.get_by_label(p.library["name"])).to_be_checked()
    shoot(page, f"cpu-compile-{width}")
    source.get_by_role("button", name=f"Compile {p.source['name']} (1 cycle)").click()
    expect(source).to_contain_text("binary of 2")
    expect(source).to_contain_text(f"{p.source['name']} + {p.library['name']}")
    assert sideways(page) <= 1


@pytest.mark.parametrize("width", WIDTHS)
def test_cpu_a_reaction_question_comes_into_view(width: str, browsing: Browsing,
                                                 server: Server) -> None:
    """Play-test: the 20-second reaction question appeared at the top while the phone stayed
    scrolled at the hand. Now it is scrolled into view and its heading takes the focus (a
    screen reader reads it); its last minute's clock is an SVG, never an emoji that a
    device without an emoji font shows as an empty box."""
    code, seats, tokens, p = cpu_deal(server.url, reaction_seconds=20)
    alice = sit(browsing, code, tokens[0], "cpu-window", width, ".cpu")
    for move in ({"do": "load", "cards": [p.source["id"]]},
                 {"do": "load", "cards": [p.library["id"]]},
                 {"do": "compile", "item": p.source["id"], "cards": [p.library["id"]]},
                 {"do": "daemonise", "item": p.source["id"]}, {"do": "idle", "n": 11}):
        act(seats[0], code, move)
    expect(alice.locator("[data-turn-line]")).to_contain_text("bruno's turn")
    alice.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    scroll_to(alice.locator(".cpu-hand"))
    assert alice.evaluate("window.scrollY") > 0
    for move in ({"do": "load", "cards": [p.attacker["id"]]},
                 {"do": "compile", "item": p.attacker["id"], "cards": []},
                 {"do": "execute", "item": p.attacker["id"], "target": 0}):
        act(seats[1], code, move)
    window = alice.locator(".cpu-window")
    expect(window).to_be_visible()
    alice.wait_for_function(IN_VIEW, arg=".cpu-window")
    expect(alice.locator("#cpu-window-h")).to_be_focused()
    clock = window.locator(".countdown")
    expect(clock).to_have_class("countdown urgent")
    after = clock.evaluate("""e => { const s = getComputedStyle(e, '::after');
        return [s.content, s.maskImage || s.webkitMaskImage]; }""")
    assert "⏰" not in after[0] and all(ord(ch) < 0x2000 for ch in after[0]), after
    assert "data:image/svg+xml" in after[1], after
    shoot(alice, f"cpu-window-{width}")
    assert sideways(alice) <= 1


# -- Rules for Runners -------------------------------------------------------------------------

def runners_match(base: str) -> tuple[str, Api, dict[int, str]]:
    """A started mission: Gil is the GM, Ann and Bob play the pregenerated characters."""
    created = Api(base).ok("POST", "/api/matches", {"game": "runners", "seats": 3})
    code = created["code"]
    tokens = {}
    for seat, name in enumerate(("Gil", "Ann", "Bob")):
        tokens[seat] = Api(base).ok("POST", f"/api/matches/{code}/join",
                                    {"seat": seat, "name": name})["token"]
    Api(base, created["host_token"]).ok("POST", f"/api/matches/{code}/host/start")
    gm = Api(base, tokens[0])
    act(gm, code, {"do": "start"})
    for _ in range(6):  # ties: the server plays rock-paper-scissors; NPC turns: pass
        view = gm.ok("GET", f"/api/matches/{code}/view")["view"]
        if view["phase"] == "ties":
            act(gm, code, {"do": "rps"})
        elif view["turn"]["seat"] is None:
            act(gm, code, {"do": "end_turn"})
        else:
            break
    return code, gm, tokens


def runner_on_turn(base: str, code: str, gm: Api) -> int:
    return gm.ok("GET", f"/api/matches/{code}/view")["view"]["turn"]["seat"]


@pytest.mark.parametrize("width", WIDTHS)
def test_runners_map_squares_are_fingertip_sized(width: str, browsing: Browsing,
                                                 server: Server) -> None:
    """Play-test: on a 360 px phone the map's squares were 16×20 px tap targets. Now they are
    44 px there (the map scrolls sideways inside its card, the page never does) and at least
    24 px with a mouse on a desktop."""
    code, gm, tokens = runners_match(server.url)
    seat = runner_on_turn(server.url, code, gm)
    page = sit(browsing, code, tokens[seat], "rr-map", width, ".rr")
    squares = page.locator(".rr-map button.rr-sq")
    expect(squares.first).to_be_visible()
    page.wait_for_function(  # laid out: a push that swaps the map in can land just before
        "() => { const bs = [...document.querySelectorAll('.rr-map button.rr-sq')];"
        " return bs.length > 0 && bs.every(b => b.getBoundingClientRect().width > 0); }")
    sizes = squares.evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })")
    least = FINGERTIP_PX if width == "phone" else MOUSE_PX
    assert sizes and min(min(w, h) for w, h in sizes) >= least - 0.5, sorted(sizes)[:3]
    assert sideways(page) <= 1
    if width == "phone":  # opens on the runner's own square, which a tap can reach
        assert page.locator(".rr-map-wrap").evaluate(MAP_SCROLLS)
        assert page.locator(".rr-map .is-mine").evaluate(IN_ITS_CARD)
        expect(page.locator("[data-turn-line]")).to_contain_text("3 s left")
        page.locator(".rr-map .is-reach button.rr-sq").first.tap()
        expect(page.locator("[data-turn-line]")).not_to_contain_text("3 s left")
    shoot(page, f"rr-map-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_runners_one_second_left_says_hasty(width: str, browsing: Browsing,
                                            server: Server) -> None:
    """Play-test: with "Normal (2 s)" chosen and 1 s left, an attack silently became hasty
    (−5). "only spend 1 second but get -5 on the check" (Rules for Runners, Checks): the
    screen now says so, and why, before anything is sent."""
    code, gm, tokens = runners_match(server.url)
    seat = runner_on_turn(server.url, code, gm)
    page = sit(browsing, code, tokens[seat], "rr-hasty", width, ".rr")
    expect(page.locator("#rr-effort-note")).to_have_count(0)
    act(Api(server.url, tokens[seat]), code, {"do": "waste", "seconds": 2})
    note = page.locator("#rr-effort-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Only 1 s left: a normal check takes 2 s, so whatever you "
                                 "do now is hasty (1 s, −5 on the roll).")
    expect(page.locator("#rr-effort-hasty")).to_be_checked()
    expect(page.get_by_role("button", name="Ask the GM for a check (hasty, −5)")).to_be_visible()
    shoot(page, f"rr-hasty-{width}")
    assert sideways(page) <= 1


@pytest.mark.parametrize("width", WIDTHS)
def test_runners_end_screen(width: str, browsing: Browsing, server: Server) -> None:
    """Play-test: the end screen ranked the GM ("2. Gil (you) · 0"), used players' names
    where the game used characters', said "Mission accomplished." twice, and told the GM
    in their own seat to "sit in the GM's seat"."""
    code, gm, tokens = runners_match(server.url)
    view = gm.ok("GET", f"/api/matches/{code}/view")["view"]
    characters = [r["name"] for r in view["runners"]]
    pages = {seat: sit(browsing, code, tokens[seat], f"rr-end{seat}", width, ".rr")
             for seat in (0, 1)}
    act(gm, code, {"do": "end_mission", "result": "success"})
    for seat, page in pages.items():
        standings = page.locator("ol.standings")
        expect(standings).to_be_visible()
        ranked = standings.inner_text()
        assert "Gil" not in ranked and "Ann" not in ranked and "Bob" not in ranked, ranked
        assert all(name in ranked for name in characters), ranked
        assert len(standings.locator("li").all()) == 1  # both made it out: one place
        said = page.locator(".match-over").inner_text() + page.locator(
            ".rr-status").inner_text()
        assert said.count("Mission accomplished") == 1, said
        assert "The host's view of the GM console" not in page.locator("main").inner_text()
        shoot(page, f"rr-end-seat{seat}-{width}")
        assert sideways(page) <= 1
    expect(pages[1].locator("ol.standings")).to_contain_text(f"{characters[0]} (you)")


# -- Rex Furum --------------------------------------------------------------------------------

@pytest.mark.parametrize("width", WIDTHS)
def test_rexfurum_letter_and_protect_self(width: str, browsing: Browsing,
                                          server: Server) -> None:
    """Play-test: the letter printed "FALSE" for companies you do not work for; "protect
    sefl" listed the players but not "self"; and the server's refusal stayed on screen under
    the new live check once the text was corrected."""
    created = Api(server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 4})
    code = created["code"]
    tokens = [Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                 {"seat": seat, "name": name})["token"]
              for seat, name in enumerate(("ann", "bob", "cy", "dee"))]
    Api(server.url, created["host_token"]).ok("POST", f"/api/matches/{code}/host/start")
    page = sit(browsing, code, tokens[0], "rf", width, "#rf-text")
    jobs = page.locator("table.employment tbody td:nth-child(2)").all_inner_texts()
    assert jobs and "FALSE" not in " ".join(jobs), jobs
    assert {j.strip() for j in jobs} <= {"1 (you work here)", "no"}, jobs
    form = page.locator("form.notation")
    box = page.locator("#rf-text")
    box.fill("protect sefl")
    form.get_by_role("button", name="Send as written").click()
    alert = form.locator("[role=alert]")
    expect(alert).to_contain_text("or self")
    expect(alert).to_contain_text("Did you mean 'self'?")
    shoot(page, f"rf-protect-{width}")
    box.fill("protect self")
    expect(alert).to_have_text("")
    expect(form.locator("[data-check-feedback]")).not_to_contain_text("Could not read")
    assert sideways(page) <= 1
