"""The seeds' questions, answered with the lab (docs/lab.md): each is one `hacktable
simulate` command, printed before it runs; results are kept in `out/lab/`, which git
ignores (JSONL, so a rerun continues; JSON summaries; an HTML report per question).

Run: `uv run python benchmarks/lab_questions.py [NAME ...]` (default: all of them).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "out" / "lab"

QUESTIONS: dict[str, list[str]] = {
    # Rex Furum: does protecting make embezzling pointless, and which cap breaks the cycle?
    "rexfurum-protect": ["rexfurum", "--players", "4", "--rotate", "--games", "400",
                         "--sweep", "self_protect_cap=0,20000,60000"],
    # ...and does the thinker fall into the same cycle? (its own action use, four thinkers)
    "rexfurum-thinkers": ["rexfurum", "--players", "4", "--bots", "thinker:16",
                          "--games", "8"],
    # CPU: the first seat's advantage in a mirror match, and compensations that remove it.
    "cpu-first-seat": ["cpu", "--players", "2", "--bots", "aggressive", "--games", "400",
                       "-o", "first_player=seat1", "--sweep", "catch_up_cycles=0,1,2,3"],
    "cpu-first-turn": ["cpu", "--players", "2", "--bots", "aggressive", "--games", "400",
                       "-o", "first_player=seat1", "--sweep", "first_turn_cycles=0,4,8"],
    "cpu-first-turn-fine": ["cpu", "--players", "2", "--bots", "aggressive", "--games", "400",
                            "-o", "first_player=seat1", "--sweep", "first_turn_cycles=3,5,6"],
    # ./Run: the crew's win rate against the alertness limit, and against task skill.
    "dotrun-alertness": ["dotrun", "--players", "4", "--bots", "crew", "--games", "300",
                         "--sweep", "alertness_limit=6,9,12,15,18"],
    "dotrun-skill-novice": ["dotrun", "--players", "4", "--bots", "novice", "--games", "300",
                            "--sweep", "alertness_limit=9,15"],
    "dotrun-skill-expert": ["dotrun", "--players", "4", "--bots", "expert", "--games", "300",
                            "--sweep", "alertness_limit=9,15"],
    # Scare-City: how long a game lasts and which cards get used.
    "scarecity": ["scarecity", "--players", "4", "--rotate", "--games", "400"],
}


def command(name: str) -> list[str]:
    return ["hacktable", "simulate", *QUESTIONS[name], "--workers", "1",
            "--results", str(OUT / f"lab-{name}.jsonl"),
            "--json-out", str(OUT / f"lab-{name}.json"),
            "--report", str(OUT / f"lab-{name}.html")]


def main(names: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names or list(QUESTIONS):
        args = command(name)
        print("uv run " + " ".join(args), flush=True)
        subprocess.run(["uv", "run", *args], check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
