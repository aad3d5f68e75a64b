"""Checks every registered game must pass: the contract suite (`engine.testing`: the
fuzzer, hidden information, screens that follow what a viewer knows, event words, name
checks) and its playthrough golden files. A new game is covered here the moment it is
registered."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.engine.parts import AnyGame
from hacktable.engine.playthrough import first_difference, read, render, replay
from hacktable.engine.testing import ContractCheck, contract_suite
from hacktable.games import all_games, get_game
from hacktable.sim.runner import play

PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
GAMES = all_games()
IDS = [game.id for game in GAMES]
SUITE = contract_suite(play)


@pytest.mark.parametrize("check", SUITE.values(), ids=list(SUITE))
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_contract(game: AnyGame, check: ContractCheck) -> None:
    check(game)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_has_a_playthrough(game: AnyGame) -> None:
    files = sorted((PLAYTHROUGHS / game.id).glob("*.txt"))
    assert files, (f"{game.id} has no playthrough: run "
                   f"`uv run python scripts/regenerate_playthroughs.py --new {game.id}`")


PLAYTHROUGH_FILES = sorted(PLAYTHROUGHS.glob("*/*.txt"))


@pytest.mark.parametrize("path", PLAYTHROUGH_FILES,
                         ids=[f"{p.parent.name}/{p.name}" for p in PLAYTHROUGH_FILES])
def test_playthrough_replays_to_the_recorded_views(path: Path) -> None:
    expected = path.read_text()
    scenario, entries = read(expected)
    actual = render(replay(get_game(scenario.game), scenario, entries), scenario)
    assert actual == expected, (
        f"{path.name} no longer matches ({first_difference(expected, actual)}); if the change "
        "is deliberate, run scripts/regenerate_playthroughs.py and review the diff")
