"""The thinker's strength, as docs/lab.md publishes it: for each game it can search, one
thinker against the game's best heuristic bot in every other seat, rotated round the table,
at two iteration budgets; wins per seat played with 95% Wilson intervals.

Run: `uv run python benchmarks/lab_strength.py [GAMES_SCALE]` (results are kept in
`out/lab/lab-strength-*.jsonl`, so an interrupted run continues). Each row is one
`hacktable simulate` command, printed above the table so anyone can rerun it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "out" / "lab"
BUDGETS = (16, 64)
MATCHUPS = [
    # game, players, best heuristic (by a 200-game round robin of the game's own bots),
    # games at the small and the large budget
    ("rexfurum", 4, "opportunist", (40, 16)),
    ("dotrun", 4, "expert", (60, 24)),
    ("cpu", 2, "aggressive", (20, 8)),
]


def command(game: str, players: int, best: str, budget: int, games: int) -> list[str]:
    bots = ",".join([f"thinker:{budget}"] + [best] * (players - 1))
    name = f"lab-strength-{game}-{budget}"
    return ["hacktable", "simulate", game, "--players", str(players), "--bots", bots,
            "--rotate", "--games", str(games), "--workers", "0",
            "--results", str(OUT / f"{name}.jsonl"), "--json-out", str(OUT / f"{name}.json")]


def main(scale: float = 1.0) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rows = []
    for game, players, best, counts in MATCHUPS:
        for budget, games in zip(BUDGETS, counts, strict=True):
            args = command(game, players, best, budget, max(1, round(games * scale)))
            print("uv run " + " ".join(args), flush=True)
            subprocess.run(["uv", "run", *args], check=True, stdout=subprocess.DEVNULL)
            summary = json.loads((OUT / args[-1].rsplit("/", 1)[-1]).read_text())["summary"]
            rows.append((game, players, best, budget, summary))
    print("\n| game | players | against | budget | games | thinker wins/seat (95% CI) | "
          f"{'heuristic'} wins/seat (95% CI) | fair share |")
    print("|---|---|---|---|---|---|---|---|")
    for game, players, best, budget, summary in rows:
        if summary["cooperative"]:
            team = summary["team_rate"]
            cell = f"team {100 * team['rate']:.1f}% ({ci(team['ci'])})"
            rates = {r["personality"]: cell for r in summary["win_rates"]}
        else:
            rates = {r["personality"]: f"{100 * r['per_seat']:.1f}% ({ci(r['ci'])})"
                     for r in summary["win_rates"]}
        print(f"| {game} | {players} | {best} | {budget} | {summary['games']} | "
              f"{rates.get(f'thinker:{budget}', '-')} | {rates.get(best, '-')} | "
              f"{'co-op' if summary['cooperative'] else f'{100 / players:.0f}%'} |")


def ci(bounds: list[float]) -> str:
    return f"{100 * bounds[0]:.1f}–{100 * bounds[1]:.1f}%"


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
