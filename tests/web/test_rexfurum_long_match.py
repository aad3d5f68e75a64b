"""A long Rex Furum match: the screen draws the latest letters and keeps the rest in its
plain-text copy, and the letters kept from closed rounds read exactly as freshly written."""

from __future__ import annotations

import copy

from hacktable.engine.match import Match
from hacktable.games import get_game
from hacktable.games.rexfurum import text
from hacktable.games.rexfurum.screen.builder import SHOWN_LETTERS
from hacktable.web import render_screen

from .helpers import NAMES, parse_html, table_context


def long_match(rounds: int):
    match = Match(get_game("rexfurum"), NAMES, {"rounds": 20}, 3)
    for _ in range(rounds):
        match.submit_text(0, "protect self")
        match.submit_text(1, "embezzle ann")
        match.close_phase()
    return match


def test_a_long_match_draws_the_latest_letters_and_keeps_the_rest_in_plain_text():
    match = long_match(SHOWN_LETTERS + 2)  # letters of rounds 1..12 and round 13 open
    tree = parse_html(render_screen("rexfurum", table_context(match, 0)))
    drawn = tree.find_all("article", class_="letter")
    assert len(drawn) == SHOWN_LETTERS
    assert "Round 13 of 20" in drawn[0].text
    assert "3 older letters are in the plain-text copy below" in tree.text
    plain = tree.find(id="rf-plain-letters").text
    assert "REX FURUM: round 1 of" in plain and "REX FURUM: round 13 of" in plain


def test_remembered_letters_read_as_freshly_written_ones():
    match = long_match(6)
    game, view = match.game, match.view(1)
    first = game.render(view, "noon")
    again = game.render(view, "noon")
    fresh = copy.deepcopy(view)  # new records: nothing remembered applies
    assert first == again == game.render(fresh, "noon")
    names, rounds = view["players"], view["rounds"]
    companies = len(view["companies"])
    closed = text.report_text(view["reports"][0], names, 1, rounds, companies, None,
                              view["round_minutes"])
    assert closed in first
