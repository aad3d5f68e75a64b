"""Every game registers the same way: an entry point in the group `hacktable.games`. The five
of the package are found through the package's own entry points, and a game installed from
another distribution is found the same way, with no file of hacktable's naming it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from hacktable import games
from hacktable.engine.contract import BaseGame
from hacktable.engine.parts import CORE_MEMBERS, PARTS, FullGame, complete, members, supplies


def test_the_package_games_come_from_its_entry_points_and_no_shared_file_lists_them():
    names = [entry.name for entry in games.installed_games()]
    assert names == ["cpu", "dotrun", "dotrun-companion", "rexfurum", "runners", "scarecity"]
    assert {entry.load().id for entry in games.installed_games()} <= set(games.registered())
    registry = Path(games.__file__).read_text()
    assert "games.cpu" not in registry and "rexfurum" not in registry


def test_a_game_from_another_distribution_registers_through_its_entry_point(tmp_path):
    """A distribution of its own on the path (as `pip install` would leave it), declaring a
    game in the group: the registry of a fresh process lists it beside the five."""
    (tmp_path / "outside_game.py").write_text(textwrap.dedent('''
        import random
        from hacktable.engine.contract import Outcome, Prompt

        class Coin:
            """Only the rules core: one seat calls a coin, and the match is over."""
            id, name, min_seats, max_seats = "outside_coin", "Outside Coin", 1, 1
            from hacktable.engine.options import OptionSchema
            options = OptionSchema(())
            def setup(self, seats, options, rng): return {"called": None}
            def prompts(self, state):
                return {} if state["called"] else {0: Prompt("call", "Call it.")}
            def apply(self, state, seat, action, rng):
                state["called"] = action
                return []
            def timeout(self, state, rng): return []
            def view(self, state, viewer): return dict(state)
            def outcome(self, state):
                return Outcome(((0,),), {0: 1.0}, "called") if state["called"] else None
            def legal_actions(self, state, seat): return ["heads", "tails"]

        GAME = Coin()
    '''))
    info = tmp_path / "outside_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: outside-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[hacktable.games]\ncoin = outside_game:GAME\n")
    script = textwrap.dedent('''
        from hacktable.games import get_game, registered
        game = get_game("outside_coin")
        state = game.setup(["Ann"], {}, __import__("random").Random(0))
        print(sorted(registered()), game.describe.__qualname__, game.press(None, {}))
    ''')
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
                           timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert "'outside_coin'" in shown.stdout and "'rexfurum'" in shown.stdout
    assert "BaseGame.describe" in shown.stdout  # the Words part's default, given to it


def test_the_rules_core_is_small_and_every_part_has_its_defaults_on_base_game():
    assert len(CORE_MEMBERS) == 12
    for name, part in PARTS.items():
        for member in members(part):
            assert hasattr(BaseGame, member), (name, member)
    for game in games.all_games():
        assert isinstance(game, FullGame)
        assert complete(game) is game


def test_supplies_tells_a_game_s_own_member_from_the_default():
    """The email gateway offers written moves only to a game with a notation of its own."""

    class Plain(BaseGame[dict, str, dict]):
        pass

    class Written(BaseGame[dict, str, dict]):
        def parse(self, state: dict, seat: int, text: str) -> str:
            return text

    assert supplies(games.get_game("rexfurum"), "parse")
    assert not supplies(Plain(), "parse") and supplies(Written(), "parse")
    assert not supplies(complete(Plain()), "parse")
