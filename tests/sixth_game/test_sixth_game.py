"""A game is one folder: Blind Bids lives in tests/sixth_game/ alone, is registered only by
these tests, and goes through everything the five games go through: the whole contract
suite (`engine.testing.contract_suite`, which tests/test_every_game.py runs on the games
registered when it is collected, before this one), a playthrough golden file, the
simulator, PettingZoo's API test and a browser round trip on a 360 px phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sixth_game.game import GAME

from hacktable.engine.playthrough import Scenario, first_difference, read, render, replay
from hacktable.engine.seats import seat_names
from hacktable.engine.testing import ContractCheck, contract_suite
from hacktable.games import all_games, get_game
from hacktable.sim import simulation
from hacktable.sim.runner import play, play_match

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
PLAYTHROUGH = HERE / "playthrough.txt"
SKIPPED = {".git", ".venv", "node_modules", "__pycache__", ".ruff_cache", ".pytest_cache"}


def test_it_is_registered_here_and_named_nowhere_else():
    assert get_game(GAME.id) is GAME and GAME in all_games()
    naming = []
    for path in ROOT.rglob("*"):
        if (not path.is_file() or SKIPPED & set(path.relative_to(ROOT).parts)
                or HERE in path.parents):
            continue
        try:
            text = path.read_text("utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if GAME.id in text or GAME.name in text:
            naming.append(str(path.relative_to(ROOT)))
    assert naming == []


SUITE = contract_suite(play)


@pytest.mark.parametrize("check", SUITE.values(), ids=list(SUITE))
def test_the_contract(check: ContractCheck) -> None:
    check(GAME)


def scenario() -> Scenario:
    return Scenario(GAME.id, tuple(seat_names(2)), dict(GAME.playthrough_options), 1,
                    ("greedy", "random"))


def test_the_playthrough_replays_to_the_recorded_views():
    """The golden file was written by `render` from a bot match of `scenario()`; delete it
    to write it again (then review the diff)."""
    if not PLAYTHROUGH.exists():
        wanted = scenario()
        played = play_match(GAME, wanted.bots, wanted.options, wanted.seed,
                            seats=wanted.seats).match
        PLAYTHROUGH.write_text(render(played, wanted))
    expected = PLAYTHROUGH.read_text()
    recorded, entries = read(expected)
    actual = render(replay(get_game(recorded.game), recorded, entries), recorded)
    assert actual == expected, first_difference(expected, actual)


def test_the_simulator_plays_it_with_its_own_bots_and_the_thinker(tmp_path):
    results, report, summary = tmp_path / "r.jsonl", tmp_path / "r.html", tmp_path / "s.json"
    run = simulation.plan(GAME.id, 6, 2, "greedy,thinker:8", 1, 1, [], True,
                          ["prize_max=2,9"], (results, report, summary))
    simulation.resume(run, results)
    done: list[int] = []
    simulation.play(run, 1, results, None, done.append)
    simulation.write_json(run, summary)
    simulation.write_report(run, report)
    assert done[-1] == run.total == 12
    assert [cell.summary.games for cell in run.cells] == [6, 6]
    assert len(results.read_text().splitlines()) == 12
    assert "points" in report.read_text()  # the game's own score label


def test_pettingzoo_api_test_passes():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from hacktable.sim.zoo import HacktableAEC

    api_test(HacktableAEC(GAME.id, max_steps=300), num_cycles=200)
