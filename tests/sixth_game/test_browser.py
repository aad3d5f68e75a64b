"""Blind Bids at a real table on a 360 px phone: a server process that registers it from
its environment (`HACKTABLE_GAMES`), its own screen (template, builder, stylesheet and
script from its folder), a person against its greedy bot, every round bid from the page
until the result shows; nothing on the page scrolls sideways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect, sync_playwright
from tests.browser.conftest import CHROMIUM, NO_CHROMIUM, WAIT_MS
from tests.services import Api, Server, TestClock
from tests.sixth_game.game import GAME

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

NARROW = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("sixth")
    process = Server(f"sqlite:///{folder / 'hacktable.db'}", TestClock(folder / "clock"),
                     env={"HACKTABLE_GAMES": "tests.sixth_game.register",
                          "HACKTABLE_BOT_PACE": "0"}).start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


def test_a_person_plays_it_against_its_bot_on_a_phone(server: Server, browser: Browser,
                                                      tmp_path: Path) -> None:
    api = Api(server.url)
    assert GAME.id in [game["id"] for game in api.ok("GET", "/api/games")]
    created = api.ok("POST", "/api/matches", {"game": GAME.id, "seats": 2,
                                              "options": {"hand": 3},
                                              "bots": {"1": "greedy"}, "bot_pace": 0})
    code = created["code"]
    joined = api.ok("POST", f"/api/matches/{code}/join", {"seat": 0, "name": "Ann"})
    Api(server.url, created["host_token"]).ok("POST", f"/api/matches/{code}/host/start")
    seat = Api(server.url, joined["token"])
    errors: list[str] = []
    context = browser.new_context(base_url=server.url, viewport=NARROW, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/m/{code}?token={joined['token']}")
    for round_ in range(1, 4):
        screen = seat.ok("GET", f"/api/matches/{code}/view")
        card = screen["view"]["hand"][0]
        expect(page.locator(".bb h1 + p")).to_contain_text(f"worth {screen['view']['prize']}")
        expect(page.locator(".bb[data-ready=yes]")).to_be_visible()  # its own script ran
        page.get_by_role("button", name=f"Bid {card}", exact=True).click()
        expect(page.locator(".bb-rounds li")).to_have_count(round_)  # the bot answered
        if round_ == 1:
            page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    expect(page.locator(".bb .bb-result")).to_be_visible()
    for details in page.locator("details").all():
        details.evaluate("d => d.open = true")
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"] + 1
    page.screenshot(path=str(tmp_path / "phone-over.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(tmp_path / "desktop-over.png"), full_page=True)
    outcome = seat.ok("GET", f"/api/matches/{code}/view")["outcome"]
    assert outcome is not None and len(outcome["ranking"]) >= 1
    assert errors == []
    context.close()
