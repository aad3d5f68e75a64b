"""The thinker's strength, as docs/lab.md publishes it: one thinker against one of the game's
heuristic bots in every other seat, rotated round the table, at two iteration budgets;
wins per seat played with 95% Wilson intervals, beside the heuristic's own.

Run: `uv run python benchmarks/lab_strength.py [GAMES_SCALE] [RESULTS_DIR]`. Each match's
result is appended to a `--results` file in RESULTS_DIR (default /tmp/lab-strength), so an
interrupted run continues where it stopped and a larger scale only plays the games it
lacks. Each row is one `hacktable simulate` command, printed above the table so anyone can
rerun it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

OUT = Path("/tmp/lab-strength")
BUDGETS = (8, 32)
MATCHUPS = [
    # game, players, heuristic in the other seats, games at the small and the large budget
    ("rexfurum", 4, "opportunist", (500, 200)),
    ("rexfurum", 4, "loyal", (500, 50)),
    ("rexfurum", 4, "crasher", (500, 50)),
    ("rexfurum", 4, "embezzler", (500, 50)),
    ("cpu", 2, "aggressive", (20, 0)),
    ("cpu", 2, "turtle", (20, 0)),
]
"""The counts a two-core machine allowed (docs/lab.md, Sample sizes): the issue's 500 games
in Rex Furum at the small budget, fewer at the large one and in CPU; 0 skips a run.
A larger GAMES_SCALE extends every run from where its results file stopped."""


def command(out: Path, game: str, players: int, against: str, budget: int,
            games: int) -> list[str]:
    bots = ",".join([f"thinker:{budget}"] + [against] * (players - 1))
    name = f"{game}-{against}-{budget}"
    return ["hacktable", "simulate", game, "--players", str(players), "--bots", bots,
            "--rotate", "--games", str(games), "--workers", "1",
            "--results", str(out / f"{name}.jsonl"), "--json-out", str(out / f"{name}.json")]


def main(scale: float = 1.0, out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for game, players, against, counts in MATCHUPS:
        for budget, games in zip(BUDGETS, counts, strict=True):
            if not games:
                continue
            args = command(out, game, players, against, budget, max(1, round(games * scale)))
            print("uv run " + " ".join(args), flush=True)
            subprocess.run(["uv", "run", *args], check=True, stdout=subprocess.DEVNULL)
            summary = json.loads(Path(args[-1]).read_text())["summary"]
            rows.append((game, players, against, budget, summary))
    print("\n| game | players | against | thinker | games | thinker: wins per seat (95% CI) "
          "| the heuristic: wins per seat (95% CI) | fair share |")
    print("|---|---|---|---|---|---|---|---|")
    for game, players, against, budget, summary in rows:
        rates = {r["personality"]: f"{100 * r['per_seat']:.1f}% ({ci(r['ci'])})"
                 for r in summary["win_rates"]}
        print(f"| {game} | {players} | {against} | `thinker:{budget}` | {summary['games']} | "
              f"{rates.get(f'thinker:{budget}', '-')} | {rates.get(against, '-')} | "
              f"{100 / players:.0f}% |")


def ci(bounds: list[float]) -> str:
    return f"{100 * bounds[0]:.1f}–{100 * bounds[1]:.1f}%"


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0,
         Path(sys.argv[2]) if len(sys.argv) > 2 else OUT)
