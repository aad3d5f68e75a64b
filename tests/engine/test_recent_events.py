"""A screen's recent events, found from the end, are exactly the tail of what the viewer may
know: the shortcut that keeps a push's cost flat changes nothing a viewer sees."""

from __future__ import annotations

import pytest

from hacktable.engine.contract import GM, SPECTATOR
from hacktable.games import get_game
from hacktable.sim.runner import play_match


@pytest.mark.parametrize("game_id, seats", [("rexfurum", 4), ("cpu", 2), ("scarecity", 3)])
def test_the_last_n_events_are_the_tail_of_all_the_viewer_may_see(game_id, seats):
    game = get_game(game_id)
    bots = [name for name in game.bots() if name != "random"] or ["random"]
    match = play_match(game, [bots[s % len(bots)] for s in range(seats)], seed=3).match
    for viewer in [*range(seats), SPECTATOR, GM]:
        everything = match.events_for(viewer)
        for last in (0, 1, 7, 60, len(everything) + 5):
            expected = everything[-last:] if last else []
            assert match.events_for(viewer, last=last) == expected
