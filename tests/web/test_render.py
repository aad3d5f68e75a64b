"""The rendering API the server relies on: the environment, the static folder, full pages and
bare screens, and the fall-back to the generic screen."""

from __future__ import annotations

import jinja2
import pytest

import hacktable.web
from hacktable.web import STATIC_DIR, render_page, render_screen, templates
from hacktable.web.render import countdown, duration, money

from .helpers import CODE, SERVER_NOW, game_info, match_info, parse_html, table_context


def test_the_environment_escapes_everything():
    env = templates()
    assert isinstance(env, jinja2.Environment)
    assert env.from_string("{{ x }}").render(x="<script>alert(1)</script>") == (
        "&lt;script&gt;alert(1)&lt;/script&gt;")
    assert templates() is env  # one environment, built once


def test_static_folder_holds_our_css_and_modules():
    assert (STATIC_DIR / "css" / "hacktable.css").is_file()
    for name in ("table.js", "api.js"):
        source = (STATIC_DIR / "js" / name).read_text()
        assert "import " in source or "export " in source, f"{name} is not an ES module"
        assert "http://" not in source and "https://" not in source, "no third-party code"


def test_the_package_exports_the_api():
    for name in ("templates", "STATIC_DIR", "render_page", "render_screen"):
        assert hasattr(hacktable.web, name)


def test_table_page_embeds_the_screen_in_main(played):
    ctx = table_context(played, 0)
    page = parse_html(render_page("table.html", **ctx))
    main = page.find("main", id="screen")
    assert main is not None
    screen = parse_html(render_screen("rexfurum", ctx))
    assert main.text == screen.text, "the page's screen must be exactly what a push would send"
    body = page.find("body")
    assert body.get("data-code") == CODE
    assert body.get("data-server-now") == SERVER_NOW
    scripts = page.find_all("script")
    assert all(s.get("type") == "module" for s in scripts)
    assert "js/table.js" in scripts[0].get("src")
    assert [s.get("src").split("?")[0] for s in scripts[1:]] == [
        "/static/games/rexfurum/rexfurum.js"]  # the game's own script, from its folder


def test_screen_is_a_fragment_not_a_page(played):
    html = render_screen("rexfurum", table_context(played, 0))
    assert "<html" not in html and "<main" not in html and "<body" not in html


def test_unknown_games_get_the_generic_screen(played):
    ctx = table_context(played, 0)
    html = render_screen("nosuchgame", ctx)
    tree = parse_html(html)
    assert tree.find("div", class_="generic") is not None
    assert ctx["prompt"]["text"] in tree.text
    textarea = tree.find("textarea", name="text")
    assert textarea is not None and textarea.get("data-check-url") == f"/api/matches/{CODE}/check"
    assert tree.find("textarea", name="action").get("data-type") == "json"
    assert '"players"' in tree.find("pre", class_="json").text  # the view, pretty-printed
    log = tree.find("details", id="table-log")  # the events list, in words (no raw kinds)
    assert log is not None and "orders_received" not in log.text


@pytest.mark.parametrize("game_id", ["../base", "rexfurum/../generic", "REX FURUM", ""])
def test_odd_game_ids_never_reach_the_template_loader(played, game_id):
    html = render_screen(game_id, table_context(played, 0))
    assert 'class="generic"' in html


def test_a_screen_that_cannot_read_its_view_degrades_to_the_generic_one(played, caplog):
    ctx = table_context(played, 0, view={"seat": 0, "players": "not a list", "reports": 7})
    html = render_screen("rexfurum", ctx)
    assert 'class="generic"' in html
    assert "not a list" in html  # the raw view is still readable
    assert any("rexfurum screen failed" in r.getMessage() for r in caplog.records)


def test_pages_render_with_missing_keys_as_empty():
    """The server may leave optional keys out; pages must still render."""
    page = render_page("table.html", match={"code": CODE, "game": "rexfurum", "status": "lobby"})
    assert 'id="screen"' in page
    assert "Waiting for the host" in page


def test_error_page_escapes_the_message():
    html = render_page("error.html", message="No table called <b>XYZ</b>.", status=404)
    assert "&lt;b&gt;XYZ&lt;/b&gt;" in html and "<b>XYZ" not in html
    assert "404" in parse_html(html).find("h1").text


def test_index_lists_every_game(rexfurum):
    html = render_page("index.html", games=[game_info(rexfurum)])
    assert "Rex Furum" in html and rexfurum.credits in html


def test_room_page_needs_only_match_game_and_host_flag(played):
    html = render_page("room.html", match=match_info(played, "lobby"),
                       game=game_info(played.game), is_host=False)
    assert CODE in html


@pytest.mark.parametrize(("seconds", "text"), [(0, "0:00"), (59.2, "1:00"), (61, "1:01"),
                                               (3600, "1:00:00"), (3725, "1:02:05"),
                                               (-5, "0:00")])
def test_durations_read_like_the_live_countdown(seconds, text):
    assert duration(seconds) == text


def test_countdown_counts_from_the_server_clock():
    assert countdown("2030-01-01T12:20:00Z", "2030-01-01T12:05:30+00:00") == "14:30"
    assert countdown(None, SERVER_NOW) == ""
    assert countdown("not a time", SERVER_NOW) == ""


def test_money_reads_like_the_letters():
    assert money(10_000) == "$10,000"
    assert money(-30_000) == "-$30,000"
    assert money(None) == "—"
