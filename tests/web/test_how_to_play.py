"""Every game has a How to play page from its own folder: the goal, a round step by step,
the screen, the table's rulings, its pictures drawn from its own data, and its rule options
listed from the game itself; short enough to read at the table, one phone screen a
section. The terminal prints the same text."""

from __future__ import annotations

import re
from html import escape

import pytest
from tests.web.helpers import parse_html
from typer.testing import CliRunner

from hacktable.cli import app
from hacktable.games import all_games
from hacktable.web import render_page
from hacktable.web.how_to_play import as_text, options, page

GAMES = all_games()
IDS = [game.id for game in GAMES]
SECTION_WORDS = 220
"""About one 360 px phone screen of text."""


def sections(text: str) -> list[tuple[str, str]]:
    found = re.split(r"(?m)^## ", text)
    return [(part.splitlines()[0], part) for part in found[1:]]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_has_a_page_of_short_sections(game):
    text = game.how_to_play()
    assert text.startswith("# "), f"{game.id} has no How to play text"
    titles = [title for title, _ in sections(text)]
    assert any("goal" in title.lower() for title in titles), titles
    assert any("step by step" in title.lower() for title in titles), titles
    assert any("screen" in title.lower() for title in titles), titles
    for title, body in sections(text):
        words = len(re.sub(r"!\[[^\]]*\]\([^)]*\)", "", body).split())
        assert words <= SECTION_WORDS, f"{game.id}: '{title}' is {words} words"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_picture_is_drawn_from_the_game_and_labelled(game):
    names = re.findall(r"\]\(picture:([a-z_]+)\)", game.how_to_play())
    for name in names:
        drawn = game.picture(name)
        assert drawn and drawn.startswith("<svg") and "<title>" in drawn, (game.id, name)
    html = str(page(game))
    assert html.count('class="howto-picture"') == len(names)
    assert "picture:" not in html


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_page_lists_every_rule_option_and_reads_well(game):
    html = render_page("how_to_play.html", game={"name": game.name, "id": game.id,
                                                 "credits": game.credits},
                       body=page(game), options=options(game))
    tree = parse_html(html)
    assert tree.find("h1") is not None
    for option in game.options:
        assert escape(option.help, quote=False) in html.replace("&#34;", '"').replace(
            "&quot;", '"').replace("&#39;", "'"), option.name
    assert "<script" not in str(page(game))  # the text is Markdown, never raw HTML


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_terminal_prints_the_same_text(game):
    result = CliRunner().invoke(app, ["rules", game.id], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    first = game.how_to_play().splitlines()[0].removeprefix("# ")
    assert first in result.output
    assert "Rule options" in result.output
    assert "[Picture:" in as_text(game) or "picture:" not in game.how_to_play()
