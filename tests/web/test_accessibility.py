"""Every page and screen, parsed with the standard library: each control has a label, ids are
unique and every id a control points to exists, forms have an alert region for errors, and
the page is announced in a language with a way to skip to its content."""

from __future__ import annotations

import pytest

from hacktable.engine import GM, SPECTATOR
from hacktable.web import render_page, render_screen

from .helpers import game_info, match_info, new_match, parse_html, table_context

CONTROLS = ("input", "select", "textarea")
UNLABELLED_TYPES = {"hidden", "submit", "button", "reset", "image"}


def pages():
    """(name, html) for every page and viewer the server can show."""
    match = new_match()
    match.submit_text(0, "embezzle bob protect self")
    match.submit_text(1, "bribe 4000 gamma out cat")
    match.close_phase()
    match.submit_text(1, "invest 5000 eve")
    game = game_info(match.game)
    lobby = match_info(match, "lobby")
    lobby["seats"][2] = {"seat": 2, "name": None, "kind": "open", "personality": None}
    lobby["seats"][3] = {"seat": 3, "name": None, "kind": "bot", "personality": "loyal"}
    yield "index", render_page("index.html", games=[game])
    yield "room", render_page("room.html", match=lobby, game=game, is_host=False)
    yield "room as host", render_page("room.html", match=lobby, game=game, is_host=True)
    yield "error", render_page("error.html", message="No such table.", status=404)
    for viewer in (0, 1, GM, SPECTATOR):
        ctx = table_context(match, viewer)
        yield f"table {viewer}", render_page("table.html", **ctx)
        yield f"generic {viewer}", render_page(
            "table.html", **ctx, screen_html=render_screen("generic", ctx))
    yield "paused", render_page("table.html", **table_context(match, 0, status="paused"))
    yield "host seat", render_page("table.html", **table_context(match, 0, is_host=True))


PAGES = list(pages())


@pytest.fixture(params=PAGES, ids=[name for name, _ in PAGES])
def page(request):
    return parse_html(request.param[1])


def label_of(control, tree):
    if control.get("aria-label") or control.get("aria-labelledby"):
        return control.get("aria-label") or control.get("aria-labelledby")
    for ancestor in control.ancestors():
        if ancestor.tag == "label":
            return ancestor.text
    ident = control.get("id")
    labels = [label for label in tree.find_all("label") if ident and label.get("for") == ident]
    return labels[0].text if labels else None


def test_every_control_has_a_label(page):
    controls = [c for c in page.iter() if c.tag in CONTROLS
                and (c.get("type") or "").lower() not in UNLABELLED_TYPES]
    missing = [(c.tag, c.get("id"), c.get("name")) for c in controls
               if not (label_of(c, page) or "").strip()]
    assert not missing, f"controls without a label: {missing}"


def test_every_button_says_what_it_does(page):
    for button in page.find_all("button"):
        assert button.text.strip() or button.get("aria-label"), button.attrs


def test_ids_are_unique_and_references_resolve(page):
    ids = [node.get("id") for node in page.iter() if node.get("id")]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    known = set(ids)
    for node in page.iter():
        for attribute in ("for", "aria-describedby", "aria-labelledby", "aria-controls"):
            for ref in (node.get(attribute) or "").split():
                assert ref in known, f"{node.tag} {attribute}={ref!r} points nowhere"
        href = node.get("href") or ""
        if node.tag == "a" and href.startswith("#") and len(href) > 1:
            assert href[1:] in known, f"link to missing {href}"


def test_every_api_form_can_show_an_error(page):
    for form in page.find_all("form"):
        if form.get("data-api") or form.get("data-move"):
            assert form.find(role="alert") is not None, form.attrs


def test_page_has_language_title_and_skip_link(page):
    html = page.find("html")
    if html is None:  # a bare screen is never a page of its own
        return
    assert html.get("lang") == "en"
    assert page.find("title").text.strip()
    skip = page.find("a", class_="skip-link")
    assert skip is not None and skip.get("href", "").startswith("#")
    assert page.find("meta", name="viewport") is not None
    assert len(page.find_all("main")) == 1
    assert len(page.find_all("h1")) >= 1


def test_state_is_not_told_by_colour_alone():
    """Where the stylesheet colours a state, the markup also says it in words or symbols."""
    html = dict(PAGES)["table 0"]
    tree = parse_html(html)
    for row in tree.find_all("tr", class_="yours"):
        assert "you work here" in row.text or "1" in row.text
    for row in tree.find_all("tr", class_="you"):
        assert "you" in row.text
    assert "✓ sent" in tree.text or "✗ none sent yet" in tree.text


def test_live_regions_exist_for_updates_and_connection():
    for name in ("table 0", "room"):
        tree = parse_html(dict(PAGES)[name])
        assert tree.find(data_live=True).get("aria-live") == "polite", name
        assert tree.find(data_conn=True).get("role") == "status", name


def test_lists_of_seats_and_options_render_for_a_real_game():
    tree = parse_html(dict(PAGES)["room as host"])
    assert tree.find("section", class_="host-panel") is not None
    assert not parse_html(dict(PAGES)["room"]).find("section", class_="host-panel")
    tree = parse_html(render_screen("rexfurum", table_context(new_match(), 0)))
    assert tree.find("select", id="ob-verb") is not None
