"""The ./Run screen rendered from real engine views: every seat, a spectator and the
gamemaster, at every step of a seeded bot game with the seed's tasks. No page may carry a
task's answer before resolution (green's authorised DNA is on its own hacker's page by
design, and nowhere else), a drawn card is on its runner's page only, placed cards are
backs, and the recording's URL holds no digit of the passcode."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from hacktable.engine import GM, SPECTATOR, Match
from hacktable.games import get_game
from hacktable.games.dotrun.bots import BOTS
from hacktable.web import render_screen

from .helpers import parse_html, table_context

GAME = get_game("dotrun")
NAMES = ["ann", "bob", "cat", "dan"]
VIEWERS = (0, 1, 2, 3, SPECTATOR, GM)
TIMES = re.compile(r"\d{4}-\d\d-\d\dT[\d:]+(\+00:00)?")
"""The test context's clock times, taken out before looking for a 4-digit passcode."""


def context(match: Match, viewer: Any) -> dict[str, Any]:
    ctx = table_context(match, viewer)
    if isinstance(viewer, int):
        ctx["legal"] = [GAME.action_to_json(a) for a in match.legal_actions(viewer)]
    return ctx


def page(match: Match, viewer: Any) -> str:
    return render_screen("dotrun", context(match, viewer))


def bot_game(seed: int) -> Iterator[Match]:
    """A crew of bots plays one move at a time; the match is yielded before every move."""
    match = Match(GAME, NAMES, {"tasks": "seed"}, seed)
    bot, rng = BOTS["crew"](), random.Random(seed)
    for _ in range(3000):
        yield match
        if match.outcome() is not None:
            return
        for seat, prompt in match.prompts().items():
            if prompt.submitted:
                continue
            action = bot.act(match.view(seat), prompt, match.legal_actions(seat), rng)
            if action is not None:
                match.submit(seat, action)
                break
        else:
            match.close_phase()


def forms(answer: str) -> set[str]:
    return {answer, answer.lower(), answer.upper()}


@pytest.fixture(scope="module")
def audit() -> dict[str, Any]:
    """Every page of a whole game, checked as it goes; returns what was seen."""
    seen: dict[str, Any] = {"kinds": set(), "pages": 0, "phases": set(), "media": [],
                            "placed": 0, "hands": 0, "over": ""}
    for match in bot_game(7):
        state = match.state
        seen["phases"].add(state["phase"])
        pages = {viewer: page(match, viewer) for viewer in VIEWERS}
        seen["pages"] += len(pages)
        assert all("dr-status" in html for html in pages.values()), "fell back to generic"
        for seat, task in enumerate(state["tasks"]):
            if task is None or state["phase"] != "stress":
                continue
            seen["kinds"].add(task["kind"])
            answer = task["secret"]["answer"]
            for viewer, html in pages.items():
                if viewer == seat and (task["kind"] == "dna" or state["answers"][seat]):
                    continue  # green's is on screen by design; a sent answer is echoed
                html = TIMES.sub("", html)
                for text in forms(answer):
                    assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(text)}(?![0-9A-Za-z])",
                                         html), f"{task['kind']} answer on {viewer}'s page"
            if task["kind"] == "audio":
                for url in re.findall(r"/media/([^\"'?]+)", pages[seat]):
                    seen["media"].append(url)
                    assert not set(url) & set(answer), "a passcode digit in the audio URL"
                for viewer, html in pages.items():
                    if viewer != seat:
                        assert "/media/" not in html
        seen["hands"] += sum(hand is not None for hand in state["hands"])
        for viewer, html in pages.items():
            own = state["hands"][viewer] if isinstance(viewer, int) else None
            shown = re.findall(r'data-hand="([^"]*)"', html)
            assert shown == ([] if own is None else [own]), f"a drawn card on {viewer}'s page"
        for seat, row in enumerate(state["rows"]):
            if not row or state["phase"] != "stress":
                continue
            tree = parse_html(pages[seat])
            cards = tree.find(data_row_count=True)
            seen["placed"] += 1
            assert cards.get("data-row-count") == str(len(row))
            assert all({"dr-back", "dr-empty"} & set((li.get("class") or "").split())
                       for li in cards.find_all("li"))
            assert not re.search(r"clockwise|\bcd\b|echo|touch", cards.text)
        if match.outcome() is not None:
            seen["over"] = pages[0]
    return seen


def test_the_whole_game_is_rendered_for_everyone(audit):
    assert audit["phases"] >= {"start", "planning", "stress", "over"}
    assert audit["kinds"] == {"mugtome", "audio", "dna"}
    assert audit["hands"] and audit["placed"] and audit["media"]


def test_outcome_is_big_and_clear(audit):
    tree = parse_html(audit["over"])
    heading = tree.find(id="dr-outcome-h")
    assert heading is not None and ("WIN" in heading.text or "LOSS" in heading.text)


def stress_with(kind: str) -> tuple[Match, int]:
    for match in bot_game(7):
        for seat, task in enumerate(match.state["tasks"]):
            if task and task["kind"] == kind and match.state["answers"][seat] is None \
                    and match.state["phase"] == "stress":
                return match, seat
    raise AssertionError(f"no {kind} task in the game")


def test_green_candidates_are_listed_alike_with_none_marked():
    match, seat = stress_with("dna")
    tree = parse_html(page(match, seat))
    public = match.state["tasks"][seat]["public"]
    candidates = tree.find_all(data_dna_candidate=True)
    assert len(candidates) == (1 if "authorised" in public else len(public["record"]["people"]))
    assert len({tuple(sorted(c.attrs)) for c in candidates}) == 1  # all alike
    editor = tree.find(data_dna_editor=True)
    assert editor.get("value") == public["reading"]
    assert tree.find("form", data_dotrun_answer=True).get("data-keep")


def test_audio_task_plays_on_phones_with_a_numeric_field():
    match, seat = stress_with("audio")
    tree = parse_html(page(match, seat))
    audio = tree.find("audio")
    assert audio.has("controls") and audio.get("preload") == "auto"
    assert not audio.has("autoplay")
    assert tree.find("input", inputmode="numeric") is not None


def test_mugtome_shows_the_hint_feed_and_friends():
    match, seat = stress_with("mugtome")
    html = page(match, seat)
    public = match.state["tasks"][seat]["public"]
    assert public["hint"] in html.replace("&#39;", "'")
    tree = parse_html(html)
    friends = public["accounts"][public["logged_in"]]["friends"]
    assert {d.get("id") for d in tree.find_all("details")} >= {f"mt-{f}" for f in friends}
    assert len(tree.find_all(class_="mt-post")) >= len(public["posts"])


def test_planning_buttons_name_paths_with_colours_in_words():
    for match in bot_game(7):
        prompt = match.prompts().get(0)
        if prompt and prompt.kind == "plan" and prompt.data["hackable"]:
            html = page(match, 0)
            path = prompt.data["hackable"][0]
            assert re.search(rf"Hack {re.escape(path)}: (red|blue|green|orange)", html)
            return
    raise AssertionError("seat 0 never could hack")


def test_the_reward_is_shown_when_the_runners_win():
    """Seed 5.3: "If that happens, click on the 'I reached the center' button on the
    website to receive your reward": the digital table shows the haul with the win."""
    from tests.games.dotrun.helpers import ADA, BRUNO, CHIARA, deal_row, plan, solve, table

    match = table(["i0", "i2", "i1", "o4"])
    plan(match, "i1-goal", "i1-goal", "run", "hold")
    solve(match, ADA)
    solve(match, BRUNO)
    deal_row(match, CHIARA, ["cd", "touch", "touch"])
    assert match.state["result"]["won"]
    reward = parse_html(page(match, 0)).find(data_reward=True)
    assert reward is not None and "Mugtome's user database" in reward.text
