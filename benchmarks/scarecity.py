"""Scare-City: bot games per second, and the balance figures docs/rules/scarecity.md quotes.

    uv run python benchmarks/scarecity.py [--seed N] [--games 1000] [--workers 0] [--speed 0]

`--seed` picks the games (default: a fresh seed, printed first, so a second run is a second
look rather than a replay of the first). Every figure comes with a 95% interval: Wilson for
rates, order statistics for medians and percentiles. Balance: `--games` games per table size
(2, 3, 4), each seat given growth or security at random, default rules:

- rounds per game (median, p10, p90), games with an elimination, draws;
- money left unspent at the end (median per player still in);
- seat fairness: each seat's win rate against its fair share (1/players);
- per Program Card type: the share of games it was offered in where somebody bought it,
  and its lift: the win rate of buyers minus non-buyers of the same personality who
  bought about as many cards (so wealth is not credited to a card). Lifts are
  compared for every card at every table size at once, so their p-values are adjusted with
  Holm's method; a card is called strong (or harmful) only when its adjusted p < 0.05;
- bot claims that were never bought (a claim blocks the card for everyone);
- head to head: growth against security at two seats, seats swapped every game.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from hacktable.engine import Match
from hacktable.games import get_game
from hacktable.games.scarecity.cards import PROGRAM_TYPES, program
from hacktable.sim.runner import play_match
from hacktable.sim.stats import Z95, holm, normal_p, quantile_ci, wilson

GAME = get_game("scarecity")
PERSONALITIES = ("growth", "security")
NAMES = {p.key: p.name for p in PROGRAM_TYPES}


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
    claimed: set[tuple[int, int, int]] = set()
    paid: set[tuple[int, int, int]] = set()
    round_ = 0
    for logged in match.events:
        event = logged.event
        if event.kind == "round":
            round_ = event.data["round"]
        elif event.kind == "shop":
            offered.add(event.data["card"])
        elif event.kind == "claim":
            claimed.add((round_, event.data["seat"], event.data["card"]))
        elif event.kind == "buy":
            bought[event.data["seat"]].add(program(event.data["card"]).key)
            paid.add((round_, event.data["seat"], event.data["card"]))
    players_ = state["players"]
    return {"bots": bots, "rounds": state["round"], "winners": state["winners"],
            "result": state["result"], "out": len(state["out_order"]),
            "left": [p["money"] for p in players_ if not p["out"]],
            "claims": len(claimed), "claims_unbought": len(claimed - paid),
            "offered": sorted({program(c).key for c in offered}),
            "bought": {s: sorted(keys) for s, keys in bought.items()}}


def seeds_for(seed: int, players: int, mode: str, games: int) -> list[int]:
    picker = random.Random(f"scarecity {seed} {players} {mode}")
    return [picker.randrange(2**31) for _ in range(games)]


def run(seed: int, players: int, games: int, mode: str, workers: int,
        options: dict[str, Any]) -> list[dict[str, Any]]:
    jobs = [(s, players, mode, options) for s in seeds_for(seed, players, mode, games)]
    if workers == 1:
        return [one_game(job) for job in jobs]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        return list(pool.map(one_game, jobs, chunksize=max(1, games // (workers * 4))))


def rate(successes: float, trials: int) -> str:
    low, high = wilson(successes, trials)
    return f"{100 * successes / max(trials, 1):.1f}% ({100 * low:.1f}–{100 * high:.1f})"


def quantile(values: list[float], q: float) -> str:
    point, low, high = quantile_ci(values, q)
    return f"{point:g} ({low:g}–{high:g})"


def stratum(r: dict[str, Any], seat: int) -> tuple[str, int]:
    """Who a seat is compared with: the same personality (so a strategy's edge is not
    credited to its favourite cards) and about as many cards bought (money is a real
    constraint, so a seat that buys more is a richer seat, and would lift every card)."""
    return r["bots"][seat], min(len(r["bought"][seat]) // 2, 6)


def lift_of(key: str, offered: list[dict[str, Any]], players: int
            ) -> tuple[float, float, float]:
    """Win rate of the seats that bought the card minus that of the seats that did not,
    within each stratum, averaged weighted by buyers: (lift, standard error, p-value)."""
    won: Counter[tuple[Any, bool]] = Counter()
    seats: Counter[tuple[Any, bool]] = Counter()
    for r in offered:
        for s in range(players):
            group = stratum(r, s)
            has = key in r["bought"][s]
            seats[group, has] += 1
            won[group, has] += s in r["winners"]
    total = weight = variance = 0.0
    for group in {g for g, _ in seats}:
        n1, n0 = seats[group, True], seats[group, False]
        if n1 and n0:
            p1, p0 = won[group, True] / n1, won[group, False] / n0
            total += n1 * (p1 - p0)
            variance += n1 ** 2 * (p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
            weight += n1
    if not weight or not variance:
        return 0.0, 0.0, 1.0
    lift, error = total / weight, variance ** 0.5 / weight
    return lift, error, normal_p(lift / error)


def summarise(players: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    games = len(results)
    rounds = [r["rounds"] for r in results]
    seat_wins: Counter[int] = Counter()
    bot_wins, bot_seats = Counter(), Counter()
    for r in results:
        for s in r["winners"]:
            seat_wins[s] += 1 / len(r["winners"])
            bot_wins[r["bots"][s]] += 1 / len(r["winners"])
        bot_seats.update(r["bots"])
    cards = []
    for card in PROGRAM_TYPES:
        offered = [r for r in results if card.key in r["offered"]]
        bought = [r for r in offered if any(card.key in k for k in r["bought"].values())]
        lift, error, p = lift_of(card.key, offered, players)
        cards.append({"key": card.key, "players": players, "offered": len(offered),
                      "bought": len(bought), "lift": lift, "error": error, "p": p})
    return {
        "players": players, "games": games, "rounds": rounds,
        "ended": dict(Counter(r["result"] for r in results)),
        "draws": sum(1 for r in results if len(r["winners"]) != 1),
        "with_out": sum(1 for r in results if r["out"]),
        "outs": sum(r["out"] for r in results),
        "left": [m for r in results for m in r["left"]],
        "seat_wins": [seat_wins[s] for s in range(players)],
        "bot_wins": dict(bot_wins), "bot_seats": dict(bot_seats),
        "claims": sum(r["claims"] for r in results),
        "unbought": sum(r["claims_unbought"] for r in results),
        "cards": cards,
    }


def report(s: dict[str, Any]) -> None:
    games, players = s["games"], s["players"]
    print(f"\n== {players} players, {games} games ==")
    print(f"rounds: median {quantile(s['rounds'], .5)}, p10 {quantile(s['rounds'], .1)}, "
          f"p90 {quantile(s['rounds'], .9)}, min {min(s['rounds'])}, max {max(s['rounds'])}; "
          f"ended by {s['ended']}")
    print(f"$ unspent at the end, per player still in: median {quantile(s['left'], .5)}, "
          f"p90 {quantile(s['left'], .9)}")
    print(f"games with a player out: {rate(s['with_out'], games)}; draws "
          f"{rate(s['draws'], games)}")
    print(f"seat win rates (fair {100 / players:.1f}%): " + ", ".join(
        f"{seat}: {rate(w, games)}" for seat, w in enumerate(s["seat_wins"])))
    print("win rate per seat played: " + ", ".join(
        f"{b} {rate(s['bot_wins'].get(b, 0), s['bot_seats'][b])}"
        for b in sorted(s["bot_seats"])))
    print(f"bot claims never bought: {rate(s['unbought'], max(s['claims'], 1))} of "
          f"{s['claims']}")
    print("card: bought in % of games offered (95% interval) / lift in points ± 1.96 "
          "standard errors, Holm-adjusted p")
    for c in sorted(s["cards"], key=lambda c: c["bought"] / max(c["offered"], 1)):
        print(f"  {c['key']:<18} offered {c['offered']:>5}  bought "
              f"{rate(c['bought'], c['offered']):<20} lift {100 * c['lift']:+5.1f} ± "
              f"{100 * Z95 * c['error']:4.1f}  p(adj) {c['p_holm']:.3f}"
              + ("  STRONG" if c["strong"] else "  harmful" if c["harmful"] else ""))


def markdown(summaries: list[dict[str, Any]], h2h: tuple[float, int]) -> str:
    """The balance table for docs/rules/scarecity.md."""
    head = "| | " + " | ".join(f"{s['players']} players" for s in summaries) + " |"
    rows = [head, "| --- " * (len(summaries) + 1) + "|"]

    def row(label: str, cells: list[str]) -> None:
        rows.append(f"| {label} | " + " | ".join(cells) + " |")

    row("rounds per game: median", [quantile(s["rounds"], .5) for s in summaries])
    row("rounds: p10 / p90", [f"{quantile(s['rounds'], .1)} / {quantile(s['rounds'], .9)}"
                              for s in summaries])
    row("$ unspent at the end: median per player", [quantile(s["left"], .5)
                                                     for s in summaries])
    row("games with a player out", [rate(s["with_out"], s["games"]) for s in summaries])
    row("draws", [rate(s["draws"], s["games"]) for s in summaries])
    row("wins per seat (fair share)", ["; ".join(rate(w, s["games"]) for w in s["seat_wins"])
                                       + f" ({100 / s['players']:.0f}%)" for s in summaries])
    row("wins per seat played: security / growth", [
        f"{rate(s['bot_wins'].get('security', 0), s['bot_seats'].get('security', 0))} / "
        f"{rate(s['bot_wins'].get('growth', 0), s['bot_seats'].get('growth', 0))}"
        for s in summaries])
    row("bot claims never bought", [rate(s["unbought"], max(s["claims"], 1))
                                    for s in summaries])
    row("least bought card (share of games offered)", [
        (lambda c: f"{NAMES[c['key']]} {rate(c['bought'], c['offered'])}")(
            min(s["cards"], key=lambda c: c["bought"] / max(c["offered"], 1)))
        for s in summaries])
    row("cards strong after Holm (p < 0.05)", [
        ", ".join(NAMES[c["key"]] for c in s["cards"] if c["strong"]) or "none"
        for s in summaries])
    row("cards harmful after Holm (p < 0.05)", [
        ", ".join(NAMES[c["key"]] for c in s["cards"] if c["harmful"]) or "none"
        for s in summaries])
    wins, games = h2h
    rows.append("")
    rows.append(f"Head to head over {games} games, seats swapped every game: security beats "
                f"growth in {rate(wins, games)}.")
    return "\n".join(rows)


def card_markdown(summaries: list[dict[str, Any]]) -> str:
    """Per card and table size: bought in % of the games it was offered in, and its lift
    ± 1.96 standard errors; **strong** or *harmful* only when Holm leaves p < 0.05."""
    head = "| card | " + " | ".join(f"{s['players']} players: bought / lift"
                                     for s in summaries) + " |"
    rows = [head, "| --- " * (len(summaries) + 1) + "|"]
    for index, card in enumerate(PROGRAM_TYPES):
        cells = []
        for s in summaries:
            c = s["cards"][index]
            lift = f"{100 * c['lift']:+.1f} ± {100 * Z95 * c['error']:.1f}"
            if c["strong"]:
                lift = f"**{lift} strong**"
            elif c["harmful"]:
                lift = f"*{lift} harmful*"
            share = c["bought"] / max(c["offered"], 1)
            cells.append(f"{100 * share:.0f}% / {lift}")
        rows.append(f"| {card.name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


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
    parser.add_argument("--seed", type=int, default=None,
                        help="picks the games; default a fresh one, printed")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--speed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    print(f"seed {seed} (rerun with --seed {seed})")
    workers = args.workers or os.cpu_count() or 1
    options = dict(GAME.options.resolve(dict(o.split("=", 1) for o in args.option)))
    if args.speed:
        speed(args.speed)
    if not args.games:
        return
    summaries = [summarise(players, run(seed, players, args.games, "mixed", workers, options))
                 for players in (int(p) for p in args.players.split(","))]
    cards = [c for s in summaries for c in s["cards"]]
    for c, adjusted in zip(cards, holm([c["p"] for c in cards]), strict=True):
        c["p_holm"] = adjusted
        c["strong"] = adjusted < 0.05 and c["lift"] > 0
        c["harmful"] = adjusted < 0.05 and c["lift"] < 0
    for s in summaries:
        report(s)
    h2h = run(seed, 2, args.games, "h2h", workers, options)
    wins = sum(1 / len(r["winners"]) for r in h2h for s in r["winners"]
               if r["bots"][s] == "security")
    print(f"\n== head to head, {len(h2h)} games: security wins {rate(wins, len(h2h))}")
    print(f"\n{len(cards)} card lifts compared; Holm-adjusted.\n")
    print(markdown(summaries, (wins, len(h2h))))
    print()
    print(card_markdown(summaries))


if __name__ == "__main__":
    main()
