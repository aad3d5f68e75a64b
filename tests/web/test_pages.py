"""The front page, the room (lobby) page and the table page's frame: what each must offer."""

from __future__ import annotations

from hacktable.engine import GM
from hacktable.web import render_page

from .helpers import CODE, game_info, match_info, parse_html, table_context


def test_join_box_takes_a_six_character_code(rexfurum):
    tree = parse_html(render_page("index.html", games=[game_info(rexfurum)]))
    form = tree.find("form", data_join_form=True)
    code = form.find("input", name="code")
    assert code.get("maxlength") == "6"
    assert code.get("autocapitalize") == "characters"
    assert "code-input" in code.get("class")  # shown upper case


def test_host_form_shows_every_option_with_default_and_help(rexfurum):
    info = game_info(rexfurum)
    tree = parse_html(render_page("index.html", games=[info]))
    form = tree.find("form", data_host_form=True)
    assert form.get("data-api") == "/api/matches"
    assert form.get("data-then") == "navigate:table_url"  # the seat of a host who plays
    for field in ("host-name", "host-start-when-full", "host-referee"):  # each explained
        control = form.find(id=field)
        assert tree.find(id=control.get("aria-describedby")).text.strip(), field
        assert form.find("label", for_=field) is not None, field
    assert form.find("select", id="host-game").find("option", value="rexfurum").has("selected")
    panel = form.find(data_game="rexfurum")
    assert not panel.has("hidden")  # works without JavaScript: Rex Furum shows by default
    for option in info["options"]:
        control = panel.find(data_option=option["name"])
        assert control is not None, option["name"]
        help_id = control.get("aria-describedby")
        help_text = tree.find(id=help_id).text
        assert option["help"].split()[0] in help_text
        assert f"default {str(option['default']).lower()}" in help_text.lower()
        if option["type"] == "int":
            assert control.get("type") == "number"
            assert control.get("min") == str(option["min"])
            assert control.get("max") == str(option["max"])
            assert control.get("value") == str(option["default"])
        elif option["name"] == info["pace_option"]:  # asked up front, as two choices
            early, strict = panel.find_all(data_option=option["name"])
            assert (early.get("type"), early.get("value"), early.has("checked")) == (
                "radio", "true", True)
            assert (strict.get("value"), strict.has("checked")) == ("false", False)
        elif option["type"] == "bool":
            assert control.get("type") == "checkbox"
            assert control.has("checked") == option["default"]
        else:
            assert control.tag == "select"
            assert [o.get("value") for o in control.find_all("option")] == option["choices"]
            assert control.find("option", selected=True).get("value") == option["default"]


def test_host_form_offers_a_person_or_each_bot_for_every_seat(rexfurum):
    info = game_info(rexfurum)
    tree = parse_html(render_page("index.html", games=[info]))
    panel = tree.find(data_game="rexfurum")
    count = panel.find("input", data_seat_count=True)
    assert (count.get("min"), count.get("max")) == ("4", "10")
    seats = panel.find_all("select", data_seat=True)
    assert len(seats) == info["max_seats"]
    choices = [o.get("value") for o in seats[0].find_all("option")]
    assert choices == ["", *info["bots"]]
    visible = [s for s in panel.find_all(data_seat_row=True) if not s.has("hidden")]
    assert len(visible) == int(count.get("value"))


def test_other_games_options_are_rendered_but_hidden(rexfurum):
    other = {**game_info(rexfurum), "id": "toy", "name": "Toy", "options": [
        {"name": "speed", "default": "fast", "help": "How fast.", "min": None, "max": None,
         "choices": ["fast", "slow"], "type": "choice"}]}
    tree = parse_html(render_page("index.html", games=[other, game_info(rexfurum)]))
    toy = tree.find(data_game="toy")
    assert toy.has("hidden")
    assert all(f.has("disabled") for f in toy.find_all("fieldset"))
    assert toy.find(data_option="speed") is not None


def lobby(played, status="lobby"):
    info = match_info(played, status)
    info["seats"][1] = {"seat": 1, "name": None, "kind": "open", "personality": None}
    info["seats"][4] = {"seat": 4, "name": None, "kind": "bot", "personality": "loyal"}
    return info


def test_room_shows_code_link_seats_and_sit_forms(played):
    match = lobby(played)
    tree = parse_html(render_page("room.html", match=match, game=game_info(played.game),
                                  is_host=False))
    assert tree.find(class_="room-code").text == CODE
    assert tree.find("a", data_share_link=True).get("href") == f"/m/{CODE}"
    assert tree.find("a", href=f"/m/{CODE}/watch") is not None
    forms = tree.find_all("form", data_api=f"/api/matches/{CODE}/join")
    assert len(forms) == 1  # one open seat
    seat = forms[0].find("input", name="seat")
    assert (seat.get("type"), seat.get("value"), seat.get("data-type")) == ("hidden", "1", "int")
    assert forms[0].find("input", name="name").has("required")
    assert forms[0].get("data-then") == f"goto:/m/{CODE}"
    text = tree.text
    assert "bot (loyal)" in text and "ann" in text
    assert tree.find("section", class_="host-panel") is None
    assert tree.find("body").get("data-code") == CODE  # the live module reloads on changes
    assert "js/table.js" in tree.find("script").get("src")


def test_host_controls_follow_the_status(played):
    def panel(status):
        match = lobby(played, status=status)
        tree = parse_html(render_page("room.html", match=match, game=game_info(played.game),
                                      is_host=True))
        section = tree.find("section", class_="host-panel")
        return {form.get("data-api").rsplit("/", 1)[-1]: not form.has("hidden")
                for form in section.find_all("form")}, section

    shown, section = panel("lobby")
    assert shown == {"start": True, "pause": False, "resume": False, "extend": False,
                     "shorten": False, "close": False, "bot": True, "end": True}
    shown, _ = panel("running")
    assert shown["pause"] and not shown["start"] and not shown["resume"] and shown["extend"]
    assert shown["shorten"] and shown["close"]  # "resolve now", with a confirmation
    assert section.find("form", data_api=f"/api/matches/{CODE}/host/close").get("data-confirm")
    assert section.find("form", data_api=f"/api/matches/{CODE}/host/bot").get("data-confirm")
    shown, _ = panel("paused")
    assert shown["resume"] and not shown["pause"]
    shown, over = panel("over")
    assert [name for name, on in shown.items() if on] == []  # play again: on the end screen
    extend = section.find("input", name="seconds")
    assert (extend.get("data-type"), extend.get("data-scale")) == ("int", "60")
    bot = section.find("form", data_api=f"/api/matches/{CODE}/host/bot")
    assert [o.get("value") for o in bot.find("select", name="personality").find_all("option")] \
        == game_info(played.game)["bots"]
    assert bot.find("select", name="seat").get("data-type") == "int"
    end = section.find("form", data_api=f"/api/matches/{CODE}/host/end")
    assert end.get("data-confirm")
    # the log holds every secret: a host who plays gets it once the match is over
    assert section.find("a", href=f"/api/matches/{CODE}/log") is None
    log = over.find("a", href=f"/api/matches/{CODE}/log")
    assert log is not None and log.has("download")


def test_before_the_start_the_host_cancels_rather_than_ends(played):
    for status, wanted in (("lobby", "Cancel this table"), ("running", "End the match")):
        tree = parse_html(render_page("room.html", match=lobby(played, status=status),
                                      game=game_info(played.game), is_host=True))
        shown = [form.find("button").text for form in
                 tree.find_all("form", data_api=f"/api/matches/{CODE}/host/end")
                 if not form.has("hidden")]
        assert shown == [wanted]


def test_a_cancelled_room_says_so_and_offers_nothing(played):
    tree = parse_html(render_page("room.html", match=lobby(played, status="cancelled"),
                                  game=game_info(played.game), is_host=True))
    assert "The host cancelled this table before it started" in \
        tree.find("section", data_cancelled=True).text
    assert tree.find("section", class_="host-panel") is None
    assert tree.find_all("form") == []  # no seat to take, nothing to control


def test_table_page_frame_for_the_host_and_a_player(played):
    gm = parse_html(render_page("table.html", **table_context(played, GM)))
    assert gm.find("section", class_="host-panel") is not None
    assert "gamemaster" in gm.find(class_="whoami").text
    seat = parse_html(render_page("table.html", **table_context(played, 0)))
    assert seat.find("section", class_="host-panel") is None
    link = seat.find("a", data_seat_url=True)
    assert link.get("href") == f"/m/{CODE}/s/secret-token-0"
    assert "ann" in seat.find(class_="whoami").text
    assert seat.find("body").get("data-status") == "running"


def test_a_seated_visitor_sees_their_seat_and_no_sit_forms(played):
    match = lobby(played)
    tree = parse_html(render_page("room.html", match=match, game=game_info(played.game),
                                  is_host=False, you=2))
    assert "You sit in seat 3 as cat" in tree.find(class_="you-sit").text
    assert tree.find("form", data_api=f"/api/matches/{CODE}/join") is None
    assert tree.find("body").get("data-role") == "visitor"
