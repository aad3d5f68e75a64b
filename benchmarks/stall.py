"""Another table's latency while one client sends oversized or costly bodies.

    .venv/bin/python benchmarks/stall.py [--requests 60] [--attacks all|act,create,...]
        [--per-second 0] [--every 0.02]

Starts a real `uvicorn` server (SQLite, the tests' helper), opens a Rex Furum table whose
seat reads its screen (`GET /api/matches/CODE/view`) every 20 ms, each read timed from
when it was due (a stall delays every read due during it, as it delays every player), and
prints that reader's p50 and p99: quiet, then while a second client (a process of its own) sends
one kind of attack as fast as the server answers (or `--per-second`, as the tests do).

The attacks (`tests/security/attacks.py`, `KINDS`):

- `act`: a seat posts a 10 MB move (`{"action": {"orders": [1, 1, ...]}}`, 3.5 million
  items) with its `Content-Length`;
- `act-chunked`: the same move chunked, with no `Content-Length`;
- `cards`: the CPU seat whose turn it is loads cards 0..999,999 (7.7 MB);
- `cards-small`: the same with 10,000 cards (49 KB, within the move's body limit);
- `create`: an anonymous client creates a match with 500,000 bots (9 MB).

The attacker runs in a process of its own (`tests/security/attacks.py`), so its own
work is not timed as the server's; the count of attacks it finished is printed beside.
Nothing here asserts on time; it prints figures (docs/security.md, "Bodies are read only
as far as they can legitimately go").
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ATTACKS = 6
"""Attacks finished while the other table is read, at least (and `--requests` reads)."""


def services():  # type: ignore[no-untyped-def]
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import tests.services

    return tests.services


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def under(kind: str, base: str, reader: Any, count: int,
          per_second: float) -> tuple[list[float], int]:
    """The reader's latencies while the attack runs again and again, from a process of its
    own (`tests/security/attacks.py`), at least `ATTACKS` of them, and how many it
    finished meanwhile."""
    from tests.security.attacks import Attacker

    with Attacker(base, kind, per_second) as attacker:
        while attacker.sent < 1:  # the first attack is through: the process is at work
            time.sleep(0.05)
        first = attacker.sent
        seen = reader.reads(count, lambda: attacker.sent < first + ATTACKS)
        return seen, attacker.sent - first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--attacks", default="all")
    parser.add_argument("--per-second", type=float, default=0,
                        help="attacks a second at most (0: each as soon as answered)")
    parser.add_argument("--every", type=float, default=0.02,
                        help="seconds between the other table's reads (each timed from when "
                             "it was due)")
    args = parser.parse_args()
    s = services()
    with tempfile.TemporaryDirectory() as folder:
        server = s.Server(f"sqlite:///{folder}/table.db", s.TestClock(Path(folder) / "clock"))
        server.start()
        try:
            victim = s.open_table(server.url, ["Ann", "Bob", None, None, None])
            from tests.security.attacks import Reader

            reader = Reader(server.url, f"/api/matches/{victim.code}/view", victim.tokens[0],
                            args.every)
            reader.reads(10)  # warm
            quiet = reader.reads(args.requests)
            from tests.security.attacks import KINDS

            names = list(KINDS) if args.attacks == "all" else args.attacks.split(",")
            print(f"{'another table GET /view':24} {'p50 ms':>8} {'p99 ms':>8} {'ratio':>6}"
                  "  attacks sent")
            print(f"{'quiet':24} {quantile(quiet, .5) * 1e3:8.1f} "
                  f"{quantile(quiet, .99) * 1e3:8.1f} {1:6.1f}")
            for name in names:
                seen, sent = under(name, server.url, reader, args.requests, args.per_second)
                ratio = statistics.median(seen) / statistics.median(quiet)
                print(f"{'under ' + name:24} {quantile(seen, .5) * 1e3:8.1f} "
                      f"{quantile(seen, .99) * 1e3:8.1f} {ratio:6.1f}  {sent}", flush=True)
        finally:
            with contextlib.suppress(Exception):
                server.stop()


if __name__ == "__main__":
    main()
