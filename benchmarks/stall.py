"""Another table's latency while one client sends oversized or costly bodies.

    .venv/bin/python benchmarks/stall.py [--requests 60] [--attacks all|act,create,...]

Starts a real `uvicorn` server (SQLite, the tests' helper), opens a Rex Furum table whose
seat reads its screen (`GET /api/matches/CODE/view`) over and over, and prints that
reader's p50 and p99: quiet, then while a second client (a thread of this process) sends
one kind of attack as fast as the server answers:

- `act`: a seat posts a 10 MB move (`{"action": {"orders": [1, 1, ...]}}`, 3.5 million
  items) with its `Content-Length`;
- `act-chunked`: the same move chunked, with no `Content-Length`;
- `cards`: the CPU seat whose turn it is loads cards 0..999,999 (7.7 MB);
- `cards-small`: the same with 10,000 cards (49 KB, within the move's body limit);
- `create`: an anonymous client creates a match with 500,000 bots (9 MB).

Each attack is also counted: how many the attacker sent, and the statuses it was answered.
Nothing here asserts on time; it prints figures (docs/security.md, "Body limits").
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def services():  # type: ignore[no-untyped-def]
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import tests.services

    return tests.services


def latencies(client: httpx.Client, path: str, count: int) -> list[float]:
    """Seconds each of `count` reads of `path` took, one after another."""
    found = []
    for _ in range(count):
        started = time.perf_counter()
        client.get(path).raise_for_status()
        found.append(time.perf_counter() - started)
    return found


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def chunks(body: bytes, size: int = 64 * 1024) -> Iterator[bytes]:
    for start in range(0, len(body), size):
        yield body[start:start + size]


Attack = Callable[[httpx.Client], int]


def attacks(base: str) -> dict[str, Attack]:
    """Each attack as one request; it returns the status it was answered (0: cut off)."""
    s = services()
    rex = s.open_table(base, ["Mal", "Ory", None, None, None])
    cpu = s.open_table(base, ["Cam", "Dev"], game="cpu")
    mover = next(seat for seat, api in cpu.seats.items()  # whose turn it is
                 if (api.get(f"/api/matches/{cpu.code}/view").json().get("prompt")
                     or {}).get("kind") == "turn")
    headers = {"content-type": "application/json"}
    big_act = json.dumps({"action": {"orders": [1] * 3_500_000}}).encode()
    cards = json.dumps({"action": {"do": "load", "cards": list(range(1_000_000))}}).encode()
    few_cards = json.dumps({"action": {"do": "load", "cards": list(range(10_000))}}).encode()
    bots = json.dumps({"game": "rexfurum", "seats": 5,
                       "bots": {str(n): "loyal" for n in range(500_000)}}).encode()
    rex_token, cpu_token = rex.tokens[0], cpu.tokens[mover]

    def post(client: httpx.Client, path: str, body: object, token: str | None = None) -> int:
        sent = dict(headers, **({"authorization": f"Bearer {token}"} if token else {}))
        try:
            return client.post(path, content=body, headers=sent).status_code  # type: ignore[arg-type]
        except httpx.HTTPError:
            return 0

    return {
        "act": lambda c: post(c, f"/api/matches/{rex.code}/act", big_act, rex_token),
        "act-chunked": lambda c: post(c, f"/api/matches/{rex.code}/act", chunks(big_act),
                                      rex_token),
        "cards": lambda c: post(c, f"/api/matches/{cpu.code}/act", cards, cpu_token),
        "cards-small": lambda c: post(c, f"/api/matches/{cpu.code}/act", few_cards,
                                      cpu_token),
        "create": lambda c: post(c, "/api/matches", bots),
    }


def under(attack: Attack, base: str, reader: httpx.Client, path: str,
          count: int) -> tuple[list[float], Counter[int]]:
    """The reader's latencies while `attack` runs again and again on its own connection."""
    stop = threading.Event()
    answered: Counter[int] = Counter()

    def attacker() -> None:
        with httpx.Client(base_url=base, timeout=60) as client:
            while not stop.is_set():
                answered[attack(client)] += 1

    thread = threading.Thread(target=attacker, daemon=True)
    thread.start()
    time.sleep(0.5)  # the first attack is under way
    try:
        return latencies(reader, path, count), answered
    finally:
        stop.set()
        thread.join(120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--attacks", default="all")
    args = parser.parse_args()
    s = services()
    with tempfile.TemporaryDirectory() as folder:
        server = s.Server(f"sqlite:///{folder}/table.db", s.TestClock(Path(folder) / "clock"))
        server.start()
        try:
            victim = s.open_table(server.url, ["Ann", "Bob", None, None, None])
            path = f"/api/matches/{victim.code}/view"
            reader = httpx.Client(base_url=server.url, timeout=60,
                                  headers={"authorization": f"Bearer {victim.tokens[0]}"})
            latencies(reader, path, 10)  # warm
            quiet = latencies(reader, path, args.requests)
            chosen = attacks(server.url)
            names = list(chosen) if args.attacks == "all" else args.attacks.split(",")
            print(f"{'another table GET /view':38} {'p50 ms':>8} {'p99 ms':>8} {'ratio':>6}"
                  "  attacker's answers")
            print(f"{'quiet':38} {quantile(quiet, .5) * 1e3:8.1f} "
                  f"{quantile(quiet, .99) * 1e3:8.1f} {1:6.1f}")
            for name in names:
                seen, answered = under(chosen[name], server.url, reader, path, args.requests)
                ratio = statistics.median(seen) / statistics.median(quiet)
                counts = ", ".join(f"{n}x {status or 'cut'}" for status, n in
                                   sorted(answered.items()))
                print(f"{'under ' + name:38} {quantile(seen, .5) * 1e3:8.1f} "
                      f"{quantile(seen, .99) * 1e3:8.1f} {ratio:6.1f}  {counts}", flush=True)
        finally:
            with contextlib.suppress(Exception):
                server.stop()


if __name__ == "__main__":
    main()
