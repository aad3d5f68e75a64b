"""Regenerate playthrough golden files, on purpose, after a deliberate rule or view change.

    uv run python scripts/regenerate_playthroughs.py                # re-render from stored logs
    uv run python scripts/regenerate_playthroughs.py --replay-bots  # bots play new logs
    uv run python scripts/regenerate_playthroughs.py --new rexfurum # add the default scenario

Review the diff before committing: every changed line is a changed rule or view.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from hacktable.engine.playthrough import Scenario, read, render, replay
from hacktable.engine.seats import seat_names
from hacktable.games import all_games, get_game
from hacktable.sim.runner import play_match

ROOT = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"


def default_scenario(game_id: str) -> Scenario:
    """The smallest table, a short match, the game's bots round-robin."""
    game = get_game(game_id)
    personalities = sorted(game.bots()) or ["random-legal"]
    seats = seat_names(game.min_seats)
    options = dict(game.playthrough_options)
    bots = tuple(personalities[i % len(personalities)] for i in range(len(seats)))
    return Scenario(game.id, tuple(seats), options, 1, bots)


def write(path: Path, scenario: Scenario, replay_bots: bool) -> None:
    game = get_game(scenario.game)
    if replay_bots or not path.exists():
        match = play_match(game, scenario.bots, scenario.options, scenario.seed,
                           seats=scenario.seats).match
    else:
        match = replay(get_game(scenario.game), scenario, read(path.read_text())[1])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(match, scenario))
    print(f"wrote {path} ({len(match.log)} entries)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replay-bots", action="store_true", help="play new logs with bots")
    parser.add_argument("--new", metavar="GAME", help="add the default scenario for GAME")
    args = parser.parse_args()
    if args.new:
        scenario = default_scenario(args.new)
        write(ROOT / scenario.game / "default.txt", scenario, replay_bots=True)
        return
    for game in all_games():
        for path in sorted((ROOT / game.id).glob("*.txt")):
            scenario, _ = read(path.read_text())
            write(path, scenario, args.replay_bots)


if __name__ == "__main__":
    main()
