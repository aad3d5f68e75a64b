"""Scare-City: bot games per second, and the balance figures docs/rules/scarecity.md quotes.

    uv run python benchmarks/scarecity.py [--games 1000] [--workers 0] [--speed 100]

Speed: `--speed` games per table size in this process (CPU time, growth/security bots
alternating). Balance: `--games` games per table size 2, 3 and 4 over worker processes,
each seat given growth or security at random (from the seed), default rules:

- rounds per game (median, p10, p90), eliminations and draws;
- seat fairness: each seat's win rate against its fair share (1/players);
- per Program Card type: in how many games it was offered (in the shop), in how many of
  those somebody bought it, and the win rate of buyers against non-buyers of the same
  personality in those games (the lift);
- head to head: growth against security at two seats, seats swapped every game.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from hacktable.engine import Match
from hacktable.games import get_game
from hacktable.games.scarecity.cards import PROGRAM_TYPES, program
from hacktable.sim.runner import play_match

GAME = get_game("scarecity")
PERSONALITIES = ("growth", "security")


def seating(seed: int, players: int, mode: str) -> list[str]:
    if mode == "h2h":
        return ["growth", "security"] if seed % 2 else ["security", "growth"]
    picker = random.Random(seed * 7919 + players)
    return [picker.choice(PERSONALITIES) for _ in range(players)]


def one_game(args: tuple[int, int, str, dict[str, Any]]) -> dict[str, Any]:
    """Play one game and boil it down to what the balance tables need."""
    seed, players, mode, options = args
    bots = seating(seed, players, mode)
    match = play_match(GAME, bots, options, seed).match
    state = match.state
    offered = set(Match(GAME, match.seats, options, seed).state["shop"])
    bought: dict[int, set[str]] = {s: set() for s in range(players)}
    for logged in match.events:
        event = logged.event
        if event.kind == "shop":
            offered.add(event.data["card"])
        elif event.kind == "buy":
            bought[event.data["seat"]].add(program(event.data["card"]).key)
    return {"bots": bots, "rounds": state["round"], "winners": state["winners"],
            "result": state["result"], "out": len(state["out_order"]),
            "offered": sorted({program(c).key for c in offered}),
            "bought": {s: sorted(keys) for s, keys in bought.items()}}


def run(players: int, games: int, mode: str, workers: int,
        options: dict[str, Any]) -> list[dict[str, Any]]:
    jobs = [(seed, players, mode, options) for seed in range(1, games + 1)]
    if workers == 1:
        return [one_game(job) for job in jobs]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        return list(pool.map(one_game, jobs, chunksize=max(1, games // (workers * 4))))


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def lift_of(key: str, offered: list[dict[str, Any]], players: int) -> tuple[float, float]:
    """Win rate of the seats that bought the card minus that of the seats that did not,
    compared within each personality (so a strategy's edge is not credited to its
    favourite cards) and averaged, weighted by buyers."""
    total = weight = variance = 0.0
    for personality in PERSONALITIES:
        won, seats = Counter(), Counter()
        for r in offered:
            for s in range(players):
                if r["bots"][s] != personality:
                    continue
                has = key in r["bought"][s]
                seats[has] += 1
                won[has] += s in r["winners"]
        if seats[True] and seats[False]:
            p1, p0 = won[True] / seats[True], won[False] / seats[False]
            total += seats[True] * (p1 - p0)
            variance += seats[True] ** 2 * (p1 * (1 - p1) / seats[True]
                                            + p0 * (1 - p0) / seats[False])
            weight += seats[True]
    if not weight:
        return 0.0, 0.0
    return total / weight, variance ** 0.5 / weight


def report(players: int, results: list[dict[str, Any]]) -> None:
    games = len(results)
    rounds = sorted(r["rounds"] for r in results)
    draws = sum(1 for r in results if len(r["winners"]) != 1)
    outs = sum(r["out"] for r in results)
    decided = Counter(r["result"] for r in results)
    q = statistics.quantiles(rounds, n=10)
    print(f"\n== {players} players, {games} games ==")
    print(f"rounds: median {statistics.median(rounds):.0f}, p10 {q[0]:.0f}, p90 {q[-1]:.0f}, "
          f"min {rounds[0]}, max {rounds[-1]}; ended by {dict(decided)}")
    print(f"draws {pct(draws / games)} of games; eliminations {outs / (games * players):.3f} "
          "per player")
    seat_wins = Counter()
    bot_wins, bot_seats = Counter(), Counter()
    for r in results:
        for s in r["winners"]:
            seat_wins[s] += 1 / len(r["winners"])
            bot_wins[r["bots"][s]] += 1 / len(r["winners"])
        bot_seats.update(r["bots"])
    print("seat win rates (fair " + pct(1 / players).strip() + "): " + ", ".join(
        f"{s}: {pct(seat_wins[s] / games).strip()}" for s in range(players)))
    print("bot win rate per seat: " + ", ".join(
        f"{b} {pct(bot_wins[b] / bot_seats[b]).strip()}" for b in sorted(bot_seats)))
    rows = []
    for card in PROGRAM_TYPES:
        offered = [r for r in results if card.key in r["offered"]]
        bought = [r for r in offered if any(card.key in k for k in r["bought"].values())]
        lift, error = lift_of(card.key, offered, players)
        rows.append((card.key, len(offered), len(bought) / len(offered) if offered else 0,
                     lift, error))
    low = [row for row in rows if row[2] < 0.05]
    high = [row for row in rows if row[3] > 0.15]
    print("card: bought in % of games offered / win lift of buyers (points, ± one standard "
          "error)")
    for key, offered, share, lift, error in sorted(rows, key=lambda row: row[2]):
        print(f"  {key:<18} offered {offered:>5}  bought {pct(share)}  lift {100 * lift:+5.1f}"
              f" ± {100 * error:4.1f}")
    print(f"cards bought in under 5% of games offered: {[row[0] for row in low] or 'none'}")
    print(f"cards lifting the win rate by over 15 points: {[row[0] for row in high] or 'none'}")
    clear = [row[0] for row in rows if row[3] - 2 * row[4] > 0.15]
    print(f"... by over 15 points beyond two standard errors: {clear or 'none'}")


def speed(games: int) -> None:
    print(f"Scare-City bot games, one core, Python {platform.python_version()} "
          f"({platform.machine()}), growth/security alternating")
    print(f"{'players':>7} {'games/s':>9} {'ms/game':>8} {'moves/game':>10} {'rounds/game':>11}")
    for players in (2, 3, 4):
        seats = [PERSONALITIES[s % 2] for s in range(players)]
        moves = rounds = 0
        start = time.process_time()
        for seed in range(games):
            match = play_match(GAME, seats, None, seed).match
            moves += len(match.log)
            rounds += match.state["round"]
        spent = time.process_time() - start
        print(f"{players:>7} {games / spent:>9.1f} {1000 * spent / games:>8.2f} "
              f"{moves / games:>10.1f} {rounds / games:>11.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--speed", type=int, default=100)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args()
    workers = args.workers or os.cpu_count() or 1
    options = dict(GAME.options.resolve(dict(o.split("=", 1) for o in args.option)))
    if args.speed:
        speed(args.speed)
    if not args.games:
        return
    for players in (int(p) for p in args.players.split(",")):
        report(players, run(players, args.games, "mixed", workers, options))
    h2h = run(2, args.games, "h2h", workers, options)
    wins = Counter()
    for r in h2h:
        for s in r["winners"]:
            wins[r["bots"][s]] += 1 / len(r["winners"])
    print(f"\n== head to head, {len(h2h)} games: security wins "
          f"{pct(wins['security'] / len(h2h))}, growth {pct(wins['growth'] / len(h2h))}")


if __name__ == "__main__":
    main()
