"""The ./Run companion's screen, rendered from real matches: terminal buttons, the task with
the shared countdown, the big SUCCESS / FAILURE, the reward, and nothing it may not show."""

from __future__ import annotations

import json

from hacktable.engine import Match
from hacktable.games import get_game
from hacktable.games.dotrun.companion import choose
from hacktable.games.dotrun.tasks import solve
from hacktable.web import render_screen

from .helpers import parse_html, table_context

GAME = get_game("dotrun_companion")


def html(match: Match, viewer) -> str:
    return render_screen("dotrun_companion", table_context(match, viewer))


def hacking() -> Match:
    match = Match(GAME, ("Ada", "Bruno"), {"tasks": "code"}, 4)
    match.submit(0, choose("green", "outer"))
    match.submit(1, choose("red", "inner", True))
    return match


def test_choose_screen_offers_every_terminal_as_a_big_button():
    match = Match(GAME, ("Ada", "Bruno"), {"tasks": "code"}, 4)
    tree = parse_html(html(match, 0))
    buttons = [b.get("data-terminal") for b in tree.find_all("button") if b.get("data-terminal")]
    assert len(buttons) == 16 and "orange-inner-goal" in buttons
    forms = [json.loads(i.get("value")) for i in tree.find_all("input")
             if i.get("name") == "action"]
    assert {"do": "choose", "colour": "red", "ring": "outer", "goal": False} in forms
    assert {"do": "center"} in forms and {"do": "alarm"} in forms and {"do": "skip"} in forms
    assert "I reached the center" in tree.text


def test_hacking_screen_has_the_task_and_the_shared_countdown():
    match = hacking()
    page = html(match, 0)
    tree = parse_html(page)
    assert tree.find(data_deadline=True) is not None
    assert match.view(0)["task"]["public"]["code"] in page
    assert match.state["tasks"][1]["public"]["code"] not in page
    assert tree.find(data_task_kind=True).get("data-task-kind") == "code"


def test_results_in_large_letters_and_the_answer_revealed():
    match = hacking()
    match.submit(0, {"do": "answer", "answer": match.view(0)["task"]["public"]["code"]})
    match.close_phase()
    ada, bruno = parse_html(html(match, 0)), parse_html(html(match, 1))
    assert ada.find(data_verdict=True).get("data-verdict") == "success"
    assert "SUCCESS" in ada.find(id="dc-verdict").text
    assert bruno.find(data_verdict=True).get("data-verdict") == "failure"
    assert bruno.find(data_answer=True).text == match.state["revealed"][1]["answer"]
    assert match.state["revealed"][1]["answer"] not in html(match, 0)
    assert "1/1" in ada.find("table").text


def test_the_center_shows_the_reward():
    match = hacking()
    match.close_phase()
    match.submit(0, {"do": "center"})
    tree = parse_html(html(match, 1))
    assert tree.find(data_reward=True) is not None
    assert "Mugtome's user database" in tree.text


def test_the_alarm_shows_the_loss():
    match = Match(GAME, ("Ada",), {"tasks": "code"}, 4)
    match.submit(0, {"do": "alarm"})
    tree = parse_html(html(match, "spectator"))
    assert tree.find(data_alarm=True) is not None


def test_a_green_result_is_said_in_words_and_the_code_box_checks_its_length():
    """Issue 36: a green result read "D3 D5 … D6 D3"; it is said in words as well. The code
    box carries the shape the engine takes (its length), so a slip is refused unsent."""
    match = Match(GAME, ("Ada", "Bruno"), {"tasks": "seed"}, 4)
    match.submit(0, choose("green", "middle"))
    match.submit(1, choose("red", "outer"))
    box = parse_html(html(match, 1)).find("input", name="answer")
    assert box.get("pattern") and box.get("required") is not None
    match.submit(0, {"do": "answer", "answer": solve(match.view(0)["task"])})
    match.close_phase()
    text = parse_html(html(match, 0)).find(data_verdict=True).text
    assert "SUCCESS" in text and "letter" in text and "typed" in text
    assert any(word in text for word in ("delete the", "change the", "insert "))
