"""Every game's screens fit a 360 px phone: a seat, the host console and a spectator, for
every registered game, against a real server. A page that scrolls sideways hides controls
and gets them mis-tapped, so any horizontal overflow fails."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.services import Api, Server

from hacktable.games import all_games
from hacktable.server.presenter import game_info

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

NARROW = {"width": 360, "height": 740}
GAMES = all_games()


def overflow(page) -> int:
    """Pixels the document reaches past the screen's width, with every <details> open."""
    for details in page.locator("details").all():
        details.evaluate("d => d.open = true")
    return page.evaluate("document.documentElement.scrollWidth") - NARROW["width"]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_screen_fits_a_360px_phone(game, browsing: Browsing, server: Server,
                                          tmp_path) -> None:
    bots = game_info(game)["bots"]
    seats = game.min_seats
    created = Api(server.url).ok("POST", "/api/matches", {
        "game": game.id, "seats": seats,
        "bots": {str(i): bots[0] for i in range(1, seats)} if bots else {}})
    code = created["code"]
    joined = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                {"seat": 0, "name": "Ann"})
    for seat in range(1, seats if not bots else 1):  # no bots: people in every seat
        Api(server.url).ok("POST", f"/api/matches/{code}/join",
                           {"seat": seat, "name": f"P{seat}"})
    Api(server.url, created["host_token"]).ok("POST", f"/api/matches/{code}/host/start")
    pages = {
        "seat": f"/m/{code}?token={joined['token']}",
        "host": f"/m/{code}/host?token={created['host_token']}",
        "spectator": f"/m/{code}/watch",
    }
    wide = {}
    for who, path in pages.items():
        page = browsing.open(f"{game.id}-{who}", phone=True)
        page.set_viewport_size(NARROW)
        page.goto(path)
        expect(page.locator("main")).to_be_visible()
        wide[who] = overflow(page)
        page.screenshot(path=str(tmp_path / f"{who}.png"), full_page=True)  # evidence
        browsing.close(f"{game.id}-{who}")
    assert all(px <= 1 for px in wide.values()), f"{game.id} scrolls sideways: {wide}"
