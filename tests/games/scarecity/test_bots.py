"""The bots play whole games from their seat's view, without a rejected move."""

from __future__ import annotations

import pytest

from hacktable.sim.runner import play_match

from .helpers import GAME


@pytest.mark.parametrize("bots", [("growth", "security"), ("security", "random", "growth"),
                                  ("random", "random", "random", "random")])
def test_bots_finish_games_without_errors(bots):
    for seed in range(3):
        played = play_match(GAME, bots, None, seed)
        assert played.finished
        heuristic = {name: count for name, count in played.bot_errors.items()
                     if name != "random"}
        assert not heuristic, played.error_reasons


def test_every_event_of_a_game_reads_as_a_sentence():
    match = play_match(GAME, ("growth", "security", "random"), None, 7).match
    for logged in match.events:
        text = GAME.describe(logged.event, match.state)
        assert text.endswith((".", "!")) and ": {" not in text, text
    assert "Impact Card" in GAME.render(GAME.view(match.state, 0))
