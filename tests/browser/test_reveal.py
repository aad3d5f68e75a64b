"""What everyone did, and the replay, in the browser, at 1280 px and on a 360 px phone.

Every game's end screen links "What everyone did"; the reveal is refused before the end
with the log's sentence, and once the match is over it tells the match round by round in
the game's words, with names and never seat numbers, without running off a phone's screen.
The replay steps forward and back by key and by link, switches seats, and shows the whole
truth; a downloaded log uploaded to /replay replays the same."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from hacktable.games import all_games

from .conftest import CHROMIUM, DESKTOP, NO_CHROMIUM, Browsing
from .test_axe import blocking_violations
from .test_keyboard import tab_through

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

NARROW = {"width": 360, "height": 740}
SIZES = {"desktop": DESKTOP, "phone": NARROW}
GAMES = [game.id for game in all_games()]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def _fits(page: Page) -> None:
    """Nothing runs off the right edge of the screen."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), \
        page.url


def _keys(page: Page) -> None:
    """Wait until the replay's keys are listened to (its script ran)."""
    expect(page.locator("body")).to_have_attribute("data-keys", "ready")
    page.locator("main").focus()


def _no_seat_numbers(page: Page) -> None:
    text = page.locator("main").inner_text()
    assert not re.search(r"\bseat \d", text, re.IGNORECASE), text[:400]


def _table(browsing: Browsing, game_id: str, label: str) -> tuple[Page, str, Page]:
    """A started table of `game_id`: Ann in seat 0 (her own browser), bots elsewhere, the
    host in a browser of their own. Returns the host's page, the code and Ann's page."""
    game = next(g for g in all_games() if g.id == game_id)
    count = max(game.min_seats, 2 if game.referee_seat is None else 3)
    count = min(count, game.max_seats)
    bot = next(iter(game.bots()))
    host = browsing.open(f"host-{label}")
    options: dict[str, Any] = {"rounds": 2} if game_id == "rexfurum" else {}
    people = 1 if game.referee_seat is None else 2  # a gamemaster seat and a runner
    created = host.request.post("/api/matches", data={
        "game": game_id, "seats": count, "options": options, "bot_pace": 0,
        "bots": {str(seat): bot for seat in range(people, count)}})
    assert created.ok, created.text()
    code = created.json()["code"]
    ann = browsing.open(f"ann-{label}")
    joined = ann.request.post(f"/api/matches/{code}/join", data={"seat": 0, "name": "Ann"})
    assert joined.ok, joined.text()
    if people == 2:
        bea = browsing.open(f"bea-{label}")
        joined = bea.request.post(f"/api/matches/{code}/join", data={"seat": 1, "name": "Bea"})
        assert joined.ok, joined.text()
    host.goto(created.json()["host_url"])
    assert host.request.post(f"/api/matches/{code}/host/start").ok
    return host, code, ann


def _refused_before_the_end(browsing: Browsing, game_id: str, label: str, code: str,
                            size: str) -> None:
    """A player (a runner, where a gamemaster seat knows everything anyway) is refused
    every page of the log before the end, with the log's sentence."""
    game = next(g for g in all_games() if g.id == game_id)
    player = browsing.pages[f"bea-{label}" if game.referee_seat is not None else f"ann-{label}"]
    player.set_viewport_size(SIZES[size])
    for route in (f"/m/{code}/reveal", f"/m/{code}/replay?at=1&as=gm", f"/m/{code}/replay"):
        player.goto(route)
        expect(player.locator("h1")).to_contain_text("The log holds every secret of the match")
    if game.referee_seat == 0:  # the gamemaster seat may read it while the match is on
        gm = browsing.pages[f"ann-{label}"]
        gm.goto(f"/m/{code}/reveal")
        expect(gm.locator("[data-reveal-early]")).to_be_visible()
        browsing.close(f"bea-{label}")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game_id", GAMES)
def test_the_reveal_of_every_game(browsing: Browsing, game_id: str, size: str,
                                  tmp_path: Path) -> None:
    label = f"{game_id}-{size}"
    host, code, ann = _table(browsing, game_id, label)
    ann.set_viewport_size(SIZES[size])
    _refused_before_the_end(browsing, game_id, label, code, size)

    if game_id == "rexfurum":  # played to its end: two rounds, closed by the host
        sent = ann.request.post(f"/api/matches/{code}/act", data={"text": "protect self"})
        assert sent.ok, sent.text()
        for _ in range(2):
            assert host.request.post(f"/api/matches/{code}/host/close").ok
    else:  # the bots play a little, then the host ends it
        if game_id == "runners":  # Ann, the gamemaster, starts the mission
            started = ann.request.post(f"/api/matches/{code}/act",
                                       data={"action": {"do": "start"}})
            assert started.ok, started.text()
        ann.wait_for_timeout(800)
        host.once("dialog", lambda dialog: dialog.accept())
        assert host.request.post(f"/api/matches/{code}/host/end").ok

    ann.goto(f"/m/{code}")
    over = ann.locator("[data-match-over]")
    expect(over).to_be_visible()
    if game_id == "rexfurum":  # the result is said once, formatted: no bare 6-digit money
        expect(ann.locator("[data-letters]")).to_contain_text("Final report")
        expect(ann.locator("[data-standings-caption]")).to_contain_text("at the end")
        assert not re.search(r"\b\d{5,}\b", over.inner_text()), over.inner_text()
    ann.screenshot(path=str(tmp_path / f"end-{label}.png"), full_page=True)
    over.get_by_role("link", name="What everyone did").click()
    expect(ann.locator("h1")).to_have_text("What everyone did")
    expect(ann.locator("[data-reveal-round]").first).to_be_visible()
    expect(ann.locator("main")).to_contain_text("Ann")
    expect(ann.locator("[data-reveal-section]").first).to_be_visible()
    expect(ann.locator("[data-reveal-messages]")).to_have_count(0)  # none kept: nothing
    if game_id == "rexfurum":
        expect(ann.locator("[data-reveal-move]").filter(has_text="Ann sent orders")
               .first).to_contain_text("Ann sent orders: protect Ann")
        expect(ann.locator("main")).to_contain_text("The gamemaster's ledger, in words")
        expect(ann.locator("main")).to_contain_text("was paid a salary of")
        expect(ann.locator("main")).to_contain_text("Money and jobs, round by round")
    if game_id == "cpu":
        expect(ann.locator("main")).to_contain_text("Hands as dealt")
        expect(ann.locator("main")).to_contain_text("in draw order")
    _no_seat_numbers(ann)
    _fits(ann)
    assert blocking_violations(ann) == []
    if game_id == "rexfurum":
        assert tab_through(ann) == ([], [])
    ann.screenshot(path=str(tmp_path / f"reveal-{label}.png"), full_page=True)
    browsing.close(f"host-{label}")
    browsing.close(f"ann-{label}")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_replay_steps_and_switches_seats(browsing: Browsing, size: str,
                                             tmp_path: Path) -> None:
    label = f"replay-{size}"
    host, code, ann = _table(browsing, "rexfurum", label)
    sent = ann.request.post(f"/api/matches/{code}/act", data={"text": "protect self"})
    assert sent.ok, sent.text()
    for _ in range(2):
        assert host.request.post(f"/api/matches/{code}/host/close").ok
    ann.set_viewport_size(SIZES[size])
    ann.goto(f"/m/{code}/reveal")
    ann.get_by_role("link", name="Replay it step by step").click()
    where = ann.locator("[data-replay-where]")
    expect(where).to_contain_text("the whole truth")
    last = int(re.search(r"of (\d+)", where.inner_text()).group(1))  # type: ignore[union-attr]
    expect(where).to_contain_text(f"Step {last} of {last}")

    _keys(ann)
    ann.keyboard.press("ArrowLeft")
    expect(where).to_contain_text(f"Step {last - 1} of {last}")
    _keys(ann)
    ann.keyboard.press("ArrowRight")
    expect(where).to_contain_text(f"Step {last} of {last}")
    _keys(ann)
    ann.keyboard.press("Home")
    expect(where).to_contain_text(f"Step 0 of {last}")
    ann.get_by_role("link", name="Forward ›").click()
    expect(where).to_contain_text(f"Step 1 of {last}")
    expect(ann.locator("[data-replay-lines]")).to_be_visible()  # what the step did
    ann.get_by_role("link", name="‹ Back").click()
    expect(where).to_contain_text(f"Step 0 of {last}")

    ann.locator("[data-replay-marks]").get_by_role("link", name="round 2").click()
    expect(where).to_contain_text("round 2")
    ann.locator("[data-replay-viewers]").get_by_role("link", name="Ann").click()
    expect(where).to_contain_text("as Ann saw it")
    screen = ann.locator("[data-replay-screen]")
    expect(screen).to_contain_text("Dear Ann")  # her own letter, as she saw it then
    expect(screen).not_to_contain_text("ledger lines")  # not the gamemaster's book
    other = ann.request.get(f"/api/matches/{code}").json()["seats"][1]["name"]
    ann.locator("[data-replay-viewers]").get_by_role("link", name=other, exact=True).click()
    expect(where).to_contain_text(f"as {other} saw it")
    expect(screen).to_contain_text(f"Dear {other}")
    ann.locator("[data-replay-viewers]").get_by_role("link", name="The whole truth").click()
    expect(where).to_contain_text("the whole truth")
    expect(screen).to_contain_text("ledger lines")
    _fits(ann)
    assert blocking_violations(ann) == []
    assert tab_through(ann) == ([], [])  # every control by Tab, each with its outline
    ann.screenshot(path=str(tmp_path / f"{label}.png"), full_page=True)

    log = ann.request.get(f"/api/matches/{code}/log")
    assert log.ok
    path = tmp_path / "match.json"
    path.write_bytes(log.body())
    ann.goto("/replay")
    ann.locator("#log-file").set_input_files(str(path))
    ann.get_by_role("button", name="Replay it").click()
    expect(where).to_contain_text(f"Step {last} of {last}")
    _keys(ann)
    ann.keyboard.press("ArrowLeft")
    expect(where).to_contain_text(f"Step {last - 1} of {last}")
    ann.locator("[data-replay-viewers]").get_by_role("button", name="Ann").click()
    expect(where).to_contain_text("as Ann saw it")
    expect(ann.locator("[data-replay-screen]")).to_contain_text("Dear Ann")
    _fits(ann)
    browsing.close(f"host-{label}")
    browsing.close(f"ann-{label}")
