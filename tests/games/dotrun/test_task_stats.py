"""Per-task success statistics, kept by the match so the task difficulty can be tuned.

Issue: "Per-task success statistics per ring, so the difficulty can be tuned (options)."
Seed: "For each failed hacking attempt, move the alertness meter up by 2"; a success
opens the path.
"""

from __future__ import annotations

from tests.games.dotrun.helpers import plan, solve, table


def test_each_hack_counts_in_its_terminals_colour_and_ring_for_everyone_to_see():
    match = table(["o3", "o0", "o6", "o9"])
    plan(match, "o1-m1", "o3-m2", "hold", "hold")  # blue and red outer terminals
    solve(match, 0, right=True)
    solve(match, 1, right=False)
    stats = match.state["task_stats"]
    assert stats["blue"]["outer"] == {"tries": 1, "solved": 1}
    assert stats["red"]["outer"] == {"tries": 1, "solved": 0}
    assert stats["green"]["outer"]["tries"] == 0
    for viewer in (0, 2, "spectator"):
        view = match.view(viewer)
        assert view["task_stats"] == stats
        assert view["task_rates"]["blue"]["outer"] == 1.0
        assert view["task_rates"]["red"]["outer"] == 0.0
