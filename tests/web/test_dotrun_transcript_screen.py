"""./Run's blue task shown as text (`blue_passcode=text`, for a hacker who cannot hear): the
hacker's screen has the transcript, line by line with each voice named, the numeric answer
field, and no recording; nobody else's screen has the transcript."""

from __future__ import annotations

import random
from typing import Any

from hacktable.engine import SPECTATOR, Match
from hacktable.games import get_game
from hacktable.games.dotrun.bots import BOTS
from hacktable.web import render_screen

from .helpers import parse_html, table_context

GAME = get_game("dotrun")
NAMES = ["ann", "bob", "cat", "dan"]


def context(match: Match, viewer: Any) -> dict[str, Any]:
    ctx = table_context(match, viewer)
    if isinstance(viewer, int):
        ctx["legal"] = [GAME.action_to_json(a) for a in match.legal_actions(viewer)]
    return ctx


def blue_in_stress(seed: int = 7) -> tuple[Match, int]:
    """Crew bots play until a hacker holds a blue task in a stress phase."""
    match = Match(GAME, NAMES, {"tasks": "seed", "blue_passcode": "text"}, seed)
    bot, rng = BOTS["crew"](), random.Random(seed)
    for _ in range(3000):
        if match.state["phase"] == "stress":
            for seat, task in enumerate(match.state["tasks"]):
                if task and task["kind"] == "audio" and match.state["answers"][seat] is None:
                    return match, seat
        for seat, prompt in match.prompts().items():
            if not prompt.submitted:
                action = bot.act(match.view(seat), prompt, match.legal_actions(seat), rng)
                if action is not None:
                    match.submit(seat, action)
                    break
        else:
            match.close_phase()
    raise AssertionError("no blue task in the game")


def test_the_hacker_reads_the_transcript_and_types_digits():
    match, seat = blue_in_stress()
    tree = parse_html(render_screen("dotrun", context(match, seat)))
    assert tree.find("audio") is None
    lines = tree.find("ol", class_="dr-lines").find_all("li")
    transcript = match.state["tasks"][seat]["public"]["transcript"]
    assert [li.text.strip() for li in lines] == [
        f"Voice {line['voice']}: {line['text']}" for line in transcript]
    assert tree.find("input", inputmode="numeric") is not None
    for viewer in (*(s for s in range(len(NAMES)) if s != seat), SPECTATOR):
        html = render_screen("dotrun", context(match, viewer))
        assert transcript[0]["text"] not in html, viewer
