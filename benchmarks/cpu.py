"""CPU: full bot games per second on one core, and moves per second.

    uv run python benchmarks/cpu.py [--games 200] [--repeat 3] [--players 2,4,6]

Games run in this process (no pool) with the simulator's default bot mix (aggressive,
turtle, hoarder) seated round-robin, default rules (games end when one machine is left, or
at the 50-round limit). Time is the process's CPU time (what one core spent), best of
`--repeat` runs over the same seeds. The heuristic bots score every legal move, so the
figures include `legal_actions` at every step, as the simulator pays it.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from hacktable.engine import get_game
from hacktable.sim.runner import play_match

MIX = ("aggressive", "turtle", "hoarder")
GAME = get_game("cpu")


def play_many(players: int, games: int) -> tuple[float, int, int]:
    """CPU seconds for `games` games, with the moves (log entries) and rounds they took."""
    seats = [MIX[seat % len(MIX)] for seat in range(players)]
    moves = rounds = 0
    start = time.process_time()
    for seed in range(games):
        match = play_match(GAME, seats, None, seed).match
        moves += len(match.log)
        rounds += match.state["turn"]["round"]
    return time.process_time() - start, moves, rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", default="2,4,6")
    args = parser.parse_args()
    print(f"CPU bot games, one core, Python {platform.python_version()} "
          f"({platform.machine()}), bots {'/'.join(MIX)} round-robin, "
          f"{args.games} games x best of {args.repeat}")
    print(f"{'players':>7} {'games/s':>9} {'ms/game':>8} {'moves/s':>9} {'moves/game':>10} "
          f"{'rounds/game':>11}")
    for players in (int(p) for p in args.players.split(",")):
        best, moves, rounds = min(play_many(players, args.games) for _ in range(args.repeat))
        print(f"{players:>7} {args.games / best:>9.1f} {1000 * best / args.games:>8.2f} "
              f"{moves / best:>9.0f} {moves / args.games:>10.1f} {rounds / args.games:>11.1f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
