"""CPU: full bot games per second on one core, and moves per second; or seat fairness.

    uv run python benchmarks/cpu.py [--games 200] [--repeat 3] [--players 2,4,6]
    uv run python benchmarks/cpu.py --fairness [--games 1000] [--players 2,3,4]
        [--bots aggressive,turtle,hoarder] [-o first_player=seat1] [-o catch_up_cycles=1]

`--fairness` plays mirror matches (the same bot in every seat) and prints how often the
machine in each position of the turn order wins (position 1 plays first, whichever seat it
is), with a 95% Wilson interval; ties of k winners credit 1/k each. A fair position wins
1/players of its games.

Games run in this process (no pool) with the simulator's default bot mix (aggressive,
turtle, hoarder) seated round-robin, default rules (games end when one machine is left, or
at the 50-round limit). Time is the process's CPU time (what one core spent), best of
`--repeat` runs over the same seeds. The heuristic bots score every legal move, so the
figures include `legal_actions` at every step, as the simulator pays it.
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
import time
from typing import Any

from hacktable.games import get_game
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


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (robust near 0 and 1)."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def position_wins(bot: str, players: int, games: int, options: dict[str, Any],
                  seed0: int = 0) -> tuple[list[float], int, float, list[float]]:
    """Wins per turn-order position over `games` mirror matches, the games that finished,
    the mean rounds played, and wins per seat."""
    wins = [0.0] * players
    by_seat = [0.0] * players
    finished = rounds = 0
    for seed in range(seed0, seed0 + games):
        match = play_match(GAME, [bot] * players, options, seed).match
        outcome = match.outcome()
        rounds += match.state["turn"]["round"]
        if outcome is None or not outcome.ranking:
            continue
        finished += 1
        first = match.state.get("first", 0)
        winners = outcome.ranking[0]
        for seat in winners:
            wins[(seat - first) % players] += 1 / len(winners)
            by_seat[seat] += 1 / len(winners)
    return wins, finished, rounds / max(1, games), by_seat


def fairness(args: argparse.Namespace) -> None:
    options: dict[str, Any] = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = (int(value) if value.lstrip("-").isdigit()
                         else {"true": True, "false": False}.get(value, value))
    print(f"CPU seat fairness, mirror matches, options {options or 'default'}")
    for players in (int(p) for p in args.players.split(",")):
        for bot in args.bots.split(","):
            wins, finished, rounds, by_seat = position_wins(bot, players, args.games, options)
            for label, counts in (("P", wins), ("seat ", by_seat)):
                cells = []
                for won in counts:
                    low, high = wilson(won, finished)
                    cells.append(f"{100 * won / max(1, finished):5.1f}% [{100 * low:4.1f}-"
                                 f"{100 * high:4.1f}]")
                print(f"{players}p {bot:<10} n={finished:<5} rounds {rounds:4.1f}  "
                      + "  ".join(f"{label}{i + 1} {c}" for i, c in enumerate(cells)))
            sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", default="2,4,6")
    parser.add_argument("--fairness", action="store_true",
                        help="win rate per turn-order position in mirror matches")
    parser.add_argument("--bots", default=",".join(MIX))
    parser.add_argument("-o", "--option", action="append", default=[],
                        help="a rule option, name=value (repeatable)")
    args = parser.parse_args()
    if args.fairness:
        fairness(args)
        return
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
