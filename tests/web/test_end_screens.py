"""Every game's end screen says the result once, formatted in the game's own words (a
play-test saw "113332" above "$113,332"), and links what everyone did."""

from __future__ import annotations

import re

import pytest

from hacktable.games import all_games, get_game
from hacktable.sim.runner import play
from hacktable.web import render_screen

from .helpers import parse_html, table_context

GAMES = [game.id for game in all_games()]


def _finished(game_id: str):
    game = get_game(game_id)
    seats = max(game.min_seats, min(4, game.max_seats))
    match = play(game, [next(iter(game.bots()))] * seats, game.playthrough_options, seed=3)
    assert match.outcome() is not None
    return match


@pytest.mark.parametrize("game_id", GAMES)
def test_the_result_is_said_once(game_id: str) -> None:
    match = _finished(game_id)
    seat = 1 if match.game.referee_seat == 0 else 0
    html = render_screen(game_id, table_context(match, seat, status="over"))
    page = parse_html(html)
    summary = match.outcome().summary
    card = page.find("section", class_="match-over")
    assert card is not None
    code = table_context(match, seat)["match"]["code"]
    assert card.find("a", href=f"/m/{code}/reveal") is not None
    screen = html.split("data-match-over", 1)[1].split("</section>", 1)[1]
    if match.game.screen_shows_outcome:  # the game's screen says it; the card does not
        assert summary not in card.text and summary in screen
    else:
        assert summary in card.text
    assert not re.search(r"(?<![$,\d])\d{5,}\b", card.text), card.text
