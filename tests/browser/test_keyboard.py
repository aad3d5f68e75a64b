"""Every control reachable from the keyboard, with a focus you can see: on the front page,
the Lab and a seat of every game, pressing Tab from the top reaches every visible link,
button, field, summary and scrolling box, and each shows an outline while it has focus.
Then a move made with the keyboard alone (Rex Furum's orders, typed and sent with Enter)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from hacktable.games import all_games

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

CONTROLS = ("a[href], button, input:not([type=hidden]), select, textarea, summary, "
            "audio[controls], [tabindex]:not([tabindex='-1'])")
MARK = """(selector) => {
  // Shown: not in a closed <details>, nor hidden; a radio group is one stop for Tab (the
  // arrow keys move inside it), so only its first radio is counted, and all share a mark.
  const shown = (el) => el.checkVisibility({checkVisibilityCSS: true}) && !el.closest('[inert]');
  const found = [];
  const groups = new Map();
  for (const el of document.querySelectorAll(selector)) {
    if (el.disabled || !shown(el)) continue;
    if (el.type === 'radio' && el.name) {
      const key = `${el.form ? [...document.forms].indexOf(el.form) : -1}:${el.name}`;
      if (groups.has(key)) { el.dataset.kb = groups.get(key); continue; }
      groups.set(key, String(found.length));
    }
    el.dataset.kb = String(found.length);
    found.push(el);
  }
  return found.map((el) => el.outerHTML.slice(0, 120));
}"""
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  return {kb: el.dataset.kb ?? null, outline: style.outlineStyle !== 'none'
          && parseFloat(style.outlineWidth) > 0, html: el.outerHTML.slice(0, 120)};
}"""


def tab_through(page: Page) -> tuple[list[str], list[str]]:
    """(controls Tab never reached, controls that had focus without an outline)."""
    controls = page.evaluate(MARK, CONTROLS)
    reached: set[str] = set()
    unseen: list[str] = []
    page.locator("body").focus()
    for _ in range(len(controls) * 2 + 20):
        page.keyboard.press("Tab")
        now = page.evaluate(FOCUSED)
        if now is None:
            continue
        if now["kb"] is not None and now["kb"] in reached:
            break  # round again: every control Tab reaches has been seen
        if now["kb"] is not None:
            reached.add(now["kb"])
        if not now["outline"]:
            unseen.append(now["html"])
    missed = [html for i, html in enumerate(controls) if str(i) not in reached]
    return missed, unseen


def tab_through_a_live_screen(page: Page, tries: int = 3) -> tuple[list[str], list[str]]:
    """`tab_through`, again if a push redrew the screen meanwhile (a bot moved): the marks
    on the old controls are gone then, and what Tab missed says nothing about the page."""
    for _ in range(tries):
        controls = page.evaluate(MARK, CONTROLS)
        result = tab_through(page)
        if page.locator("[data-kb]").count() >= len(controls):
            return result
    return result


def test_the_front_page_and_the_lab(browsing: Browsing) -> None:
    page = browsing.open("front")
    for address in ("/", "/lab", "/games/dotrun/how-to-play"):
        page.goto(address)
        assert tab_through(page) == ([], []), address
    browsing.close("front")


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_a_seat_of_every_game(browsing: Browsing, game: str) -> None:
    spec = next(g for g in all_games() if g.id == game)
    page = browsing.open(f"kb-{game}")
    bots = {str(seat): next(iter(spec.bots())) for seat in range(1, spec.min_seats)}
    created = page.request.post("/api/matches", data={
        "game": game, "seats": spec.min_seats, "bots": bots, "bot_pace": 30})
    code = created.json()["code"]
    page.request.post(f"/api/matches/{code}/join", data={"seat": 0, "name": "Kim"})
    page.request.post(f"/api/matches/{code}/host/start")
    page.goto(f"/m/{code}")
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    assert tab_through_a_live_screen(page) == ([], [])
    browsing.close(f"kb-{game}")


def test_orders_are_sent_with_the_keyboard_alone(browsing: Browsing) -> None:
    page = browsing.open("kb-orders")
    created = page.request.post("/api/matches", data={
        "game": "rexfurum", "seats": 4, "bot_pace": 30,
        "bots": {"1": "loyal", "2": "loyal", "3": "loyal"}})
    code = created.json()["code"]
    page.request.post(f"/api/matches/{code}/join", data={"seat": 0, "name": "Kim"})
    page.request.post(f"/api/matches/{code}/host/start")
    page.goto(f"/m/{code}")
    box = page.get_by_label("Or write them as in an email")
    for _ in range(200):
        page.keyboard.press("Tab")
        if box.evaluate("el => el === document.activeElement"):
            break
    page.keyboard.type("protect self")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Send as written")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-sent]")).to_contain_text("Kim (you)")
    browsing.close("kb-orders")
