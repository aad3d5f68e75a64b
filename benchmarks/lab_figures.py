"""Print the figures docs/lab.md quotes from the JSON summaries the lab benchmarks wrote
(`out/lab/lab-*.json`): per cell, each bot's wins per seat played, each seat's win
rate, the team's rate where the game is co-operative, game length and the top actions."""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "out" / "lab"


def pct(rate: float, ci: list[float]) -> str:
    return f"{100 * rate:.1f}% ({100 * ci[0]:.1f}–{100 * ci[1]:.1f}%)"


def show(path: Path) -> None:
    document = json.loads(path.read_text())
    cells = document.get("cells") or [{"swept": {}, "summary": document["summary"]}]
    print(f"== {path.name}: {document['game']}, {document['players']} players, "
          f"bots {','.join(document['bots'])}{', rotated' if document.get('rotate') else ''}")
    for cell in cells:
        summary = cell["summary"]
        label = ", ".join(f"{k}={v}" for k, v in cell["swept"].items()) or "all"
        print(f"-- {label}: {summary['games']} games, {summary['finished']} finished, "
              f"length mean {summary['phases']['mean']:.1f} "
              f"(p10 {summary['phases']['p10']:.0f}, median {summary['phases']['median']:.0f}, "
              f"p90 {summary['phases']['p90']:.0f})")
        if summary["cooperative"]:
            print(f"   team wins {pct(summary['team_rate']['rate'], summary['team_rate']['ci'])}")
        else:
            for row in summary["win_rates"]:
                print(f"   bot {row['personality']}: {pct(row['per_seat'], row['ci'])} "
                      f"of {row['seats']} seats")
            for row in summary["seat_rates"]:
                print(f"   seat {row['seat']}: {pct(row['rate'], row['ci'])}")
        print("   actions/game: " + ", ".join(f"{a['action']} {a['per_game']:.2f}"
                                              for a in summary["actions"][:10]))


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(p.name for p in OUT.glob("lab-*.json")):
        show(OUT / name)
