"""axe-core (bundled by `axe-playwright-python`) on every screen of every game, at desktop and
at 360 px: the front page with the host form and "your tables", a table's room before the
start, the Lab, every game's How to play, and for each game a player's seat (the
gamemaster's too), the host's console and a spectator; a host who plays, before and after
the end; a cancelled table. No serious or critical violation is allowed.

One server, one browser: each game's table is created once (bots in the other seats, slow
enough that a screen does not change under axe), and the same page is measured at both
widths."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from hacktable.games import all_games

from .conftest import CHROMIUM, DESKTOP, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

NARROW = {"width": 360, "height": 740}
BLOCKING = ("serious", "critical")
GAMES = [game.id for game in all_games()]
AXE = Axe()
REPORT = os.environ.get("HACKTABLE_AXE_REPORT")
"""A file to write every violation to, whatever its impact (for people reading the results)."""
SEEN: list[dict[str, Any]] = []


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    yield
    if REPORT:
        Path(REPORT).write_text(json.dumps(SEEN, indent=1))


def blocking_violations(page: Page) -> list[str]:
    """Each serious or critical violation on the page as 'rule (impact): first element'."""
    found = AXE.run(page).response["violations"]
    SEEN.extend({"url": page.url, "width": page.viewport_size["width"] if page.viewport_size
                 else None, "rule": v["id"], "impact": v["impact"], "nodes": len(v["nodes"]),
                 "first": v["nodes"][0]["target"]} for v in found)
    return [f"{v['id']} ({v['impact']}) ×{len(v['nodes'])}: {v['nodes'][0]['target']} "
            f"{v['nodes'][0].get('failureSummary', '')[:160]!r}"
            for v in found if v["impact"] in BLOCKING]


def at_both_widths(page: Page) -> dict[str, list[str]]:
    """The violations at desktop width and at 360 px, from the same page."""
    results = {}
    for name, size in (("desktop", DESKTOP), ("360px", NARROW)):
        page.set_viewport_size(size)
        results[name] = blocking_violations(page)
    return {name: found for name, found in results.items() if found}


def human_seats(game_id: str) -> list[int]:
    """Who sits as a person: seat 0, and for a game with a gamemaster seat, a player too."""
    game = next(g for g in all_games() if g.id == game_id)
    return [0, 1] if game.referee_seat is not None else [0]


@pytest.fixture(scope="module")
def tables(browsing: Browsing) -> Iterator[dict[str, dict[str, Any]]]:
    """For each game a running table: the host's console (a browser that only hosts), each
    person's seat, and a spectator; bots in the other seats, one move per 30 seconds."""
    made: dict[str, dict[str, Any]] = {}
    for game in all_games():
        host = browsing.open(f"host-{game.id}")
        people = human_seats(game.id)
        count = max(game.min_seats, len(people) + 1)
        bots = {str(seat): next(iter(game.bots())) for seat in range(count)
                if seat not in people}
        created = host.request.post("/api/matches", data={
            "game": game.id, "seats": count, "bots": bots, "bot_pace": 30})
        assert created.ok, created.text()
        code = created.json()["code"]
        seats = {}
        for seat in people:
            page = browsing.open(f"seat{seat}-{game.id}")
            joined = page.request.post(f"/api/matches/{code}/join",
                                       data={"seat": seat, "name": f"P{seat + 1}"})
            assert joined.ok, joined.text()
            seats[seat] = page
        room = browsing.open(f"room-{game.id}")
        room.goto(f"/m/{code}")
        host.goto(created.json()["host_url"])  # the host's console before the start
        made[game.id] = {"code": code, "host": host, "seats": seats,
                         "room": blocking_violations_both(room),
                         "room as host": blocking_violations_both(host)}
        started = host.request.post(f"/api/matches/{code}/host/start")
        assert started.ok, started.text()
        browsing.close(f"room-{game.id}")
    yield made


def blocking_violations_both(page: Page) -> dict[str, list[str]]:
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    return at_both_widths(page)


def test_the_front_page_and_host_form(browsing: Browsing) -> None:
    page = browsing.open("front")
    page.request.post("/api/matches", data={"game": "rexfurum"})  # "your tables" lists it
    page.goto("/")
    assert at_both_widths(page) == {}
    page.goto("/m?code=NOSUCH")  # the join form with its error said
    assert at_both_widths(page) == {}
    page.goto("/nothing/here")  # the error page
    assert at_both_widths(page) == {}
    browsing.close("front")


def test_the_lab(browsing: Browsing) -> None:
    page = browsing.open("lab")
    page.goto("/lab")
    assert at_both_widths(page) == {}
    browsing.close("lab")


@pytest.mark.parametrize("game", GAMES)
def test_how_to_play(browsing: Browsing, game: str) -> None:
    page = browsing.open(f"howto-{game}")
    page.goto(f"/games/{game}/how-to-play")
    assert at_both_widths(page) == {}
    browsing.close(f"howto-{game}")


@pytest.mark.parametrize("game", GAMES)
def test_the_room_before_the_start(tables: dict, game: str) -> None:
    assert tables[game]["room"] == {}
    assert tables[game]["room as host"] == {}


@pytest.mark.parametrize("game", GAMES)
def test_every_seat(tables: dict, game: str) -> None:
    table = tables[game]
    found = {}
    for seat, page in table["seats"].items():
        page.goto(f"/m/{table['code']}")
        expect(page.locator("#screen")).to_be_visible()
        found.update({f"seat {seat + 1} {k}": v
                      for k, v in blocking_violations_both(page).items()})
    assert found == {}


@pytest.mark.parametrize("game", GAMES)
def test_the_host_console(tables: dict, game: str) -> None:
    table = tables[game]
    page = table["host"]
    page.goto(f"/m/{table['code']}/host")
    expect(page.locator("[data-host-panel]")).to_be_visible()
    assert blocking_violations_both(page) == {}


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator(browsing: Browsing, tables: dict, game: str) -> None:
    page = browsing.open(f"watch-{game}")
    page.goto(f"/m/{tables[game]['code']}/watch")
    assert blocking_violations_both(page) == {}
    browsing.close(f"watch-{game}")


def test_a_host_who_plays(browsing: Browsing) -> None:
    page = browsing.open("hal")
    created = page.request.post("/api/matches", data={
        "game": "scarecity", "seats": 2, "bots": {"1": "random"}, "bot_pace": 30})
    code = created.json()["code"]
    page.request.post(f"/api/matches/{code}/join", data={"seat": 0, "name": "Hal"})
    page.request.post(f"/api/matches/{code}/host/start")
    page.goto(f"/m/{code}")
    expect(page.locator("[data-host-panel]")).to_be_visible()
    assert blocking_violations_both(page) == {}
    page.request.post(f"/api/matches/{code}/host/end")  # the end screen, with "play again"
    expect(page.locator("[data-play-again]")).to_be_visible()
    assert blocking_violations_both(page) == {}
    browsing.close("hal")


def test_a_cancelled_table(browsing: Browsing) -> None:
    """The room a player finds after the host cancelled the table, and "your tables"."""
    page = browsing.open("cancelled")
    created = page.request.post("/api/matches", data={"game": "rexfurum", "seats": 5})
    code = created.json()["code"]
    page.request.post(f"/api/matches/{code}/join", data={"seat": 0, "name": "Hal"})
    page.request.post(f"/api/matches/{code}/host/end")
    page.goto(f"/m/{code}")
    expect(page.locator("[data-cancelled]")).to_be_visible()  # it follows nothing live
    assert at_both_widths(page) == {}
    page.goto("/")
    assert at_both_widths(page) == {}
    browsing.close("cancelled")
