"""Colour never carries meaning alone: wherever a screen colours something, a word or a
symbol says the same. ./Run's terminals, paths and tasks name their colour; Scare-City's
degraded (red) side and its Impact Cards' colours come with a symbol and a word."""

from __future__ import annotations

import re

from hacktable.engine import SPECTATOR
from hacktable.games import get_game
from hacktable.sim.runner import play_match
from hacktable.web import render_screen

from .helpers import parse_html, table_context
from .test_dotrun_transcript_screen import blue_in_stress

COLOURS = ("red", "blue", "green", "orange")


def test_dotrun_terminals_paths_and_tasks_name_their_colour():
    match, seat = blue_in_stress()
    tree = parse_html(render_screen("dotrun", table_context(match, seat)))
    chip = tree.find("span", class_="dr-chip")
    assert re.fullmatch(r"(red|blue|green|orange) terminal, \w+ ring", chip.text.strip())
    svg = tree.find("svg")
    for group in svg.find_all("g"):
        classes = group.get("class") or ""
        title = group.find("title").text
        if "terminal" in classes:  # a coloured square: its letter, and its colour in words
            assert any(f"{c} terminal" in title for c in COLOURS), title
            assert group.find("text").text.strip() in "RBGO"
        elif classes.startswith("path"):
            assert any(c in title for c in COLOURS), title
    assert "R red, B blue, G green, O orange" in tree.text


def test_scare_city_red_and_green_come_with_symbols_and_words():
    match = play_match(get_game("scarecity"), ["growth", "security", "random"], None, 3).match
    tree = parse_html(render_screen("scarecity", table_context(match, SPECTATOR)))
    for card in tree.find_all("article", class_="sc-card"):
        side = card.find("p", class_="sc-side").text
        if "is-degraded" in (card.get("class") or ""):
            assert "▼ degraded" in side and "degraded" in card.get("aria-label")
        else:
            assert "▲" in side
    impacts = tree.find_all("article", class_="sc-impact")
    assert impacts and tree.find_all("article", class_="sc-card")
    for impact in impacts:
        colour = re.search(r"colour-(\w+)", impact.get("class")).group(1)
        assert colour in impact.find("span", class_="tag").text
