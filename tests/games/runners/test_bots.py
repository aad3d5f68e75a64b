"""The bots play Rules for Runners to the end, in either chair, with the new tempo: the bot
GM answers common actions, calls checks that cost seconds and checks to keep, lets the
NPCs hold; bot runners take the common actions and answer with rolls they kept."""

from collections import Counter

from typer.testing import CliRunner

from hacktable.cli import app
from hacktable.games.runners import GAME
from hacktable.sim.runner import play_match


def test_a_bot_gm_and_bot_runners_finish_their_missions():
    used: Counter[str] = Counter()
    for seed in range(24):
        bots = [("plain", "sneaky", "bold")[(seed + i) % 3] for i in range(4)]
        played = play_match(GAME, bots, {}, seed)
        assert played.finished, f"seed {seed} did not finish"
        assert played.bot_errors == {}, played.error_reasons
        used.update(label for action in played.actions for label in GAME.action_labels(action))
        used.update("kept" for action in played.actions if action.get("kept"))
        used.update("charged call" for action in played.actions
                    if action.get("do") == "check" and "seat" in action
                    and "charge" not in action and action.get("note") == "roll for Dexterity")
    for label in ("act attack", "act unlock", "act search", "hold", "roll", "kept",
                  "charged call", "ready", "accept"):
        assert used[label] > 0, f"no bot ever used {label}: {used}"


def test_simulate_runners_finishes_every_mission():
    result = CliRunner().invoke(app, ["simulate", "runners", "--games", "12", "--players",
                                      "4", "--workers", "1"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "No bot errors." in result.output
    row = next(line for line in result.output.splitlines()
               if line.replace("│", " ").split()[:2] == ["12", "12"])
    assert row
