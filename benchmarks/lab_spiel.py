"""OpenSpiel's own ISMCTS against one of hacktable's heuristic bots (docs/lab-openspiel.md).

The hacktable game is loaded as an OpenSpiel game (`hacktable.sim.spiel`); OpenSpiel's
Python information-set MCTS (random rollouts, its samples of the hidden parts from the
game's redeal) takes one seat and the heuristic bot every other seat. Match seeds are
0..N-1 (the chance node's outcome, so each is the simulator's match of that seed) and the
OpenSpiel bot moves one seat along every game, so it sits in each seat equally often.
With `--opponent-only` the OpenSpiel side is its uniform random bot instead, a floor.

Run: `uv run python benchmarks/lab_spiel.py --games 40 --simulations 32` (options below).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.bots.uniform_random import UniformRandomBot

from hacktable.sim.runner import bot_rng
from hacktable.sim.spiel import register_all, spiel_name
from hacktable.sim.spiel.bots import HacktableBot, ismcts_bot, play
from hacktable.sim.stats import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="cpu")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="aggressive", help="the heuristic bot")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--simulations", type=int, default=32, help="ISMCTS budget a move")
    parser.add_argument("--uniform", action="store_true",
                        help="OpenSpiel's uniform random bot instead of ISMCTS")
    args = parser.parse_args()
    register_all()
    game = pyspiel.load_game(spiel_name(args.game), {"players": args.players})
    ours = "uniform random" if args.uniform else f"ISMCTS ({args.simulations} simulations)"
    credit = theirs = 0.0
    started = time.perf_counter()
    for seed in range(args.games):
        seat = seed % args.players
        bots = [HacktableBot(args.game, args.opponent, bot_rng(seed, s))
                for s in range(args.players)]
        bots[seat] = (UniformRandomBot(seat, np.random.RandomState(seed)) if args.uniform
                      else ismcts_bot(game, args.simulations, seed))
        returns = play(game, bots, seed)
        credit += returns[seat]
        theirs += sum(returns) - returns[seat]
        print(f"seed {seed}: OpenSpiel {ours} in seat {seat} got {returns[seat]:g}",
              flush=True)
    elapsed = time.perf_counter() - started
    low, high = wilson(credit, args.games)
    seats = args.games * (args.players - 1)
    their_low, their_high = wilson(theirs, seats)
    print(f"\n{game}: OpenSpiel {ours} against {args.opponent}")
    print(f"OpenSpiel bot: {credit:g} wins of {args.games} games, {100 * credit / args.games:.1f}%"
          f" (95% CI {100 * low:.1f}–{100 * high:.1f}%); fair share {100 / args.players:.0f}%")
    print(f"{args.opponent}: {theirs:g} wins of {seats} seats played, "
          f"{100 * theirs / seats:.1f}% (95% CI {100 * their_low:.1f}–{100 * their_high:.1f}%)")
    print(f"{elapsed / args.games:.1f} s a game")


if __name__ == "__main__":
    main()
