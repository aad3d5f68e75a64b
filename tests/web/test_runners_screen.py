"""The Rules for Runners screens, rendered from real matches: the GM console with secret DCs,
hidden guards and every roll; a runner's phone screen with their sheet, seconds and priced
actions; and that no hidden guard, DC or GM-only roll reaches a runner's or spectator's page."""

from __future__ import annotations

import random

import pytest

from hacktable.engine import GM, SPECTATOR, Match
from hacktable.games import get_game
from hacktable.web import render_screen

from .helpers import parse_html, table_context

NAMES = ["Gia", "Mica", "Damien", "Luke"]
SECRET = "Guard Zyx"


class Dice(random.Random):
    def __init__(self, rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a, b):
        return self.rolls.pop(0) if self.rolls and (a, b) == (1, 6) else super().randint(a, b)


def seed_example() -> Match:
    """The seed's initiative example, ties settled, Mica asking to pick a lock."""
    match = Match(get_game("runners"), NAMES, {}, seed=5)
    game = match.game
    game.apply(match.state, 0, {"do": "npc", "name": SECRET, "init": 15, "hidden": True},
               random.Random(1))
    game.apply(match.state, 0, {"do": "npc", "name": "Receptionist", "init": 10,
                                "hidden": False, "at": [5, 3]}, random.Random(2))
    game.apply(match.state, 0, {"do": "start"}, Dice([6, 6, 6, 1, 1, 1, 2, 2, 2]))
    return match


def html(match: Match, viewer) -> str:
    return render_screen("runners", table_context(match, viewer))


def test_every_viewer_gets_the_runners_screen_not_the_fallback():
    match = seed_example()
    for viewer in (0, 1, 2, GM, SPECTATOR):
        page = html(match, viewer)
        assert 'class="rr rr-' in page, f"{viewer!r} fell back to the generic screen"


def test_a_runner_sees_their_seconds_actions_and_costs():
    match = seed_example()
    page = parse_html(html(match, 1))
    text = page.text
    assert "your turn, 3 s left" in text
    assert "Start sneaking (3 s)" in text
    assert "Careful check (3 s, +5)" in text and "Hasty check (1 s, −5)" in text
    assert page.find_all(id="rr-move-to"), "a move choice"
    assert "Passive checks: STR 12, DEX 15" in text


def test_the_gm_sees_the_secret_dc_and_the_runner_does_not():
    match = seed_example()
    game = match.game
    game.apply(match.state, 1, {"do": "check", "note": "pick the lock"}, random.Random(0))
    gm_page = parse_html(html(match, 0)).text
    assert "Mica tries: pick the lock" in gm_page and "Secret DC" in gm_page
    runner = parse_html(html(match, 1)).text
    assert "Waiting for the GM" in runner
    game.apply(match.state, 0, {"do": "check", "seat": 1, "stat": "dex", "dc": 17},
               Dice([2, 5, 3]))
    assert "DC 17" in parse_html(html(match, GM)).text
    for viewer in (1, 2, 3, SPECTATOR):
        page = html(match, viewer)
        assert "DC 17" not in page and '"dc"' not in page
    assert "2 + 5 + 3 + DEX = 15" in parse_html(html(match, 1)).text


@pytest.mark.parametrize("viewer", [1, 2, 3, SPECTATOR])
def test_hidden_guards_never_reach_a_runners_page(viewer):
    match = seed_example()
    game = match.game
    for _ in range(6):
        page = html(match, viewer)
        assert SECRET not in page
        assert all(n["id"] not in page for n in match.state["npcs"] if n["hidden"])
        game.timeout(match.state, random.Random(0))
    assert SECRET in html(match, GM) and SECRET in html(match, 0)


def test_the_gm_fires_a_readied_action_from_the_console():
    match = seed_example()
    game = match.game
    game.apply(match.state, 1, {"do": "ask", "ready": True, "text": "pull the alarm",
                                "trigger": "a guard turns the corner"}, random.Random(0))
    page = parse_html(html(match, 0))
    assert page.find_all(id="rr-price-1-1")
    game.apply(match.state, 0, {"do": "price", "seat": 1, "seconds": 1}, random.Random(0))
    runner = parse_html(html(match, 1))
    assert runner.find_all(id="rr-accept") and "takes 1 s" in runner.text
    game.apply(match.state, 1, {"do": "accept"}, random.Random(0))
    gm = parse_html(html(match, 0))
    assert gm.find_all(id="rr-fire-1")
    assert "when a guard turns the corner" in gm.text
    assert "a guard turns the corner" not in html(match, 2)


def test_prep_shows_the_character_form_and_the_gm_tools():
    match = Match(get_game("runners"), NAMES, {}, seed=5)
    runner = parse_html(html(match, 2))
    assert runner.find_all(id="rr-import") and "nice try, min-maxers" in runner.text
    gm = parse_html(html(match, 0))
    assert gm.find_all(id="rr-npc") and gm.find_all(id="rr-start")
    host = parse_html(html(match, GM))
    assert not host.find_all(id="rr-start"), "the host's view has no seat to act from"


def test_a_hacker_gets_the_task_on_their_phone_and_nobody_else_does():
    match = seed_example()
    game = match.game
    game.apply(match.state, 0, {"do": "hack", "seat": 3, "colour": "green", "ring": 0},
               random.Random(4))
    solution = match.state["tasks"]["3"]["task"]["answer"]
    luke = parse_html(html(match, 3))
    assert luke.find_all("section", **{"data-task-kind": "dna"})
    assert solution not in html(match, 3)
    assert "data-task-kind" not in html(match, 2)
    assert solution in html(match, 0)


def pages_to_check() -> list[str]:
    """Every viewer's page at the moments with the most controls on it."""
    match = seed_example()
    game = match.game
    found = [html(match, v) for v in (0, 1, 2, GM, SPECTATOR)]
    game.apply(match.state, 1, {"do": "check", "note": "lock"}, random.Random(0))
    game.apply(match.state, 2, {"do": "ask", "text": "shout"}, random.Random(0))
    game.apply(match.state, 0, {"do": "check", "seat": 3, "stat": "cha", "dc": 9},
               random.Random(0))
    game.apply(match.state, 0, {"do": "hack", "seat": 3, "colour": "red"}, random.Random(0))
    found += [html(match, v) for v in (0, 1, 2, 3)]
    prep = Match(get_game("runners"), NAMES, {}, seed=5)
    found += [html(prep, v) for v in (0, 1)]
    return found


def test_the_screens_are_accessible():
    from . import test_accessibility as a11y

    for page in pages_to_check():
        tree = parse_html(page)
        a11y.test_every_control_has_a_label(tree)
        a11y.test_every_button_says_what_it_does(tree)
        a11y.test_ids_are_unique_and_references_resolve(tree)
        a11y.test_every_api_form_can_show_an_error(tree)


def test_the_gm_can_call_a_search_that_reveals_a_hidden_guard():
    match = seed_example()
    page = parse_html(html(match, 0))
    options = [o.text for o in page.find_all("option")
               if o.parent is not None and o.parent.get("id") == "rr-call-reveal"]
    assert options == ["no", SECRET]


def ended_mission() -> Match:
    """Players whose names are not their characters' (Gil rules; Ann plays Mica), and a
    mission the GM ends in success."""
    match = Match(get_game("runners"), ["Gil", "Ann", "Bob"], {}, seed=5)
    game = match.game
    game.apply(match.state, 0, {"do": "start"}, Dice([6, 6, 6, 1, 1, 1]))
    game.apply(match.state, 0, {"do": "end_mission", "result": "success"}, random.Random(3))
    assert match.outcome() is not None
    return match


@pytest.mark.parametrize("viewer", [0, 1, GM])
def test_the_end_screen_ranks_the_characters_once_and_not_the_gm(viewer):
    """Play-test: "2. Gil (you) · 0" ranked the GM, who does not play to win; the standings
    named players where the game named characters; "Mission accomplished." was said twice;
    the GM's seat read "The host's view of the GM console" at the end."""
    match = ended_mission()
    characters = [c["name"] for _, c in sorted(match.state["characters"].items())]
    page = parse_html(render_screen("runners", table_context(match, viewer, status="over")))
    standings = page.find("ol", class_="standings")
    assert standings is not None
    ranked = standings.text
    assert "Gil" not in ranked and "Ann" not in ranked and "Bob" not in ranked
    assert all(name in ranked for name in characters), ranked
    if viewer == 1:
        assert f"{characters[0]} (you)" in ranked
    screen = page.find("section", class_="rr-status").text + page.find(
        "section", class_="match-over").text
    assert screen.count("Mission accomplished") == 1, screen
    assert "The host's view of the GM console" not in page.text


def test_with_one_second_left_the_screen_says_what_is_sent_is_hasty():
    """"you can ... only spend 1 second but get -5 on the check" (Rules for Runners, Checks).
    Play-test: with "Normal (2 s)" chosen and 1 s left, an attack went out hasty (−5) and the
    screen never said so. Now the effort box says why, and every action's button says
    "hasty, −5" before it is sent; with 2 s left nothing is forced and nothing is said."""
    match = seed_example()
    page = parse_html(html(match, 1))
    assert page.find(id="rr-effort-note") is None
    assert "(hasty, −5)" not in page.text
    match.game.apply(match.state, 1, {"do": "waste", "seconds": 2}, random.Random(0))
    page = parse_html(html(match, 1))
    note = page.find(id="rr-effort-note")
    assert note is not None
    assert ("Only 1 s left: a normal check takes 2 s, so whatever you do now is hasty "
            "(1 s, −5 on the roll).") in note.text
    assert page.find("input", id="rr-effort-hasty").has("checked")
    buttons = [b.text.strip() for b in page.find(class_="rr-actions").find_all("button")]
    assert buttons and all(b.endswith("(hasty, −5)") for b in buttons), buttons
