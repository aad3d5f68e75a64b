"""./Run: full bot games per second on one core, then hacking-task generation and audio.

    uv run python benchmarks/dotrun.py [--games 200] [--repeat 3] [--players 3,4,6]
                                       [--tasks 300] [--renders 10]

Games run in this process with crew bots in every seat and the placeholder "type the code"
tasks (`tasks=code`), so the figure is the rules engine and the bots alone. Time is the
process's CPU time; each figure is the best of `--repeat` runs over the same seeds.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import dotrun_tasks  # the task timings: benchmarks/dotrun_tasks.py, beside this script
from hacktable.games import get_game
from hacktable.sim.runner import play_match

GAME = get_game("dotrun")
OPTIONS = {"tasks": "code"}


def play_many(players: int, games: int) -> tuple[float, int, int, int]:
    """CPU seconds for `games` games, with the actions, turns and wins they held."""
    elapsed = 0.0
    actions = turns = wins = 0
    for seed in range(games):
        start = time.process_time()
        played = play_match(GAME, ["crew"] * players, OPTIONS, seed)
        elapsed += time.process_time() - start
        actions += len(played.actions)
        turns += played.match.state["turn"]
        wins += bool(played.match.state["result"]["won"])
    return elapsed, actions, turns, wins


def throughput(players: int, games: int, repeat: int) -> dict[str, float]:
    best, actions, turns, wins = min(play_many(players, games) for _ in range(repeat))
    return {"players": players, "games_s": games / best, "ms_game": 1000 * best / games,
            "actions_s": actions / best, "turns_game": turns / games, "win_rate": wins / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", default="3,4,6")
    parser.add_argument("--tasks", type=int, default=300, help="seeds per task timing")
    parser.add_argument("--renders", type=int, default=10, help="recordings per backend")
    args = parser.parse_args()
    print(f"./Run bot games, crew bots, tasks=code; Python {sys.version.split()[0]} on "
          f"{platform.machine()}")
    print(f"{'players':>7} {'games/s':>9} {'ms/game':>9} {'actions/s':>10} {'turns':>6} "
          f"{'won':>5}")
    for players in (int(p) for p in args.players.split(",")):
        row = throughput(players, args.games, args.repeat)
        print(f"{row['players']:>7} {row['games_s']:>9.1f} {row['ms_game']:>9.1f} "
              f"{row['actions_s']:>10.0f} {row['turns_game']:>6.1f} {row['win_rate']:>5.0%}")
    print()
    dotrun_tasks.generation(args.tasks)
    dotrun_tasks.rendering(args.renders)


if __name__ == "__main__":
    main()
