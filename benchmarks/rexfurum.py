"""Rex Furum: full bot games per second on one core, and where the time goes.

    uv run python benchmarks/rexfurum.py [--games 300] [--repeat 3] [--players 5,6,10]

Games run in this process (no pool), with the simulator's default bot mix seated
round-robin, 10 rounds each. Time is the process's CPU time (what one core spent), so other
work on a shared machine counts less against it; each figure is the best of `--repeat` runs
over the same seeds. Orders/s counts the single orders inside the submissions (a seat's
"protect Ada embezzle Bruno" is one submission, two orders).
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import sys
import time
from collections import defaultdict
from pathlib import Path

from hacktable.engine import Match
from hacktable.games import get_game
from hacktable.sim.runner import bot_rng, make_bot, play_match, seat_names

MIX = ("loyal", "embezzler", "crasher", "opportunist")
GAME = get_game("rexfurum")


def personalities(players: int) -> list[str]:
    return [MIX[seat % len(MIX)] for seat in range(players)]


def play_many(players: int, games: int) -> tuple[float, int, int]:
    """Seconds for `games` games, with the submissions and single orders they held."""
    seats = personalities(players)
    submissions = orders = 0
    elapsed = 0.0
    for seed in range(games):
        start = time.process_time()
        played = play_match(GAME, seats, None, seed)
        elapsed += time.process_time() - start
        for entry in played.match.log:
            if entry.kind == "action":
                submissions += 1
                orders += len(entry.payload["orders"])
    return elapsed, submissions, orders


def throughput(players: int, games: int, repeat: int) -> dict[str, float]:
    best, submissions, orders = min(play_many(players, games) for _ in range(repeat))
    return {"players": players, "games_s": games / best, "ms_game": 1000 * best / games,
            "submissions_s": submissions / best, "orders_s": orders / best,
            "orders_game": orders / games}


def breakdown(players: int, games: int) -> dict[str, float]:
    """Milliseconds per game in each part of the loop, timed around each call (with the
    wall clock: reading the CPU clock costs a system call, which would swamp short calls)."""
    parts: dict[str, float] = defaultdict(float)
    clock = time.perf_counter
    seats = personalities(players)
    for seed in range(games):
        t = clock()
        match = Match(GAME, seat_names(players), None, seed)
        parts["set-up"] += clock() - t
        bots = [make_bot(GAME, name) for name in seats]
        rngs = [bot_rng(seed, seat) for seat in range(players)]
        while match.outcome() is None:
            t = clock()
            prompts = match.prompts()
            parts["prompts"] += clock() - t
            for seat, prompt in prompts.items():
                t = clock()
                view = match.view(seat)
                t2 = clock()
                action = bots[seat].act(view, prompt, None, rngs[seat])
                t3 = clock()
                match.submit(seat, action)
                t4 = clock()
                parts["view"] += t2 - t
                parts["bot act"] += t3 - t2
                parts["submit"] += t4 - t3
            t = clock()
            match.close_phase()
            parts["close round"] += clock() - t
    return {name: 1000 * seconds / games for name, seconds in parts.items()}


def profile(players: int, games: int, top: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    play_many(players, games)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=(out := _Capture()))
    stats.sort_stats("tottime").print_stats(top)
    lines = out.text.splitlines()
    start = next(i for i, line in enumerate(lines) if "ncalls" in line)
    root = str(Path(__file__).resolve().parents[1])
    return "\n".join(line.replace(root + "/", "") for line in lines[start:] if line.strip())


class _Capture:
    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> None:
        self.text += text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", default="5,6,10")
    parser.add_argument("--top", type=int, default=18, help="functions in the profile")
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",")]

    print(f"Rex Furum bot games, one core, Python {platform.python_version()} "
          f"({platform.machine()}), bots {'/'.join(MIX)} round-robin, "
          f"{args.games} games x best of {args.repeat}")
    print(f"{'players':>7} {'games/s':>9} {'ms/game':>8} {'orders/s':>10} "
          f"{'submits/s':>10} {'orders/game':>11}")
    for players in counts:
        row = throughput(players, args.games, args.repeat)
        print(f"{players:>7} {row['games_s']:>9.1f} {row['ms_game']:>8.2f} "
              f"{row['orders_s']:>10.0f} {row['submissions_s']:>10.0f} "
              f"{row['orders_game']:>11.1f}")
        sys.stdout.flush()
    if args.no_profile:
        return
    players = 6 if 6 in counts else counts[0]
    print(f"\nWhere a {players}-player game's time goes (ms/game, timed around each call):")
    parts = breakdown(players, args.games)
    total = sum(parts.values())
    for name, ms in sorted(parts.items(), key=lambda item: -item[1]):
        print(f"  {name:<12} {ms:6.3f}  {100 * ms / total:4.0f}%")
    print(f"\ncProfile, {players} players, top {args.top} functions by own time:")
    print(profile(players, max(50, args.games // 3), args.top))


if __name__ == "__main__":
    main()
