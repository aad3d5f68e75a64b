"""Rules for Runners' turn clock against a running server: how precisely a 30-second turn ends.

    uv run python benchmarks/runners_clock.py [--matches 20] [--turns 2] [--turn-seconds 30]
        [--tick 0.25] [--json results.json]

Starts one `uvicorn` server process on loopback with a fresh SQLite file and the production
deadline tick (`--tick`), then runs `--matches` matches side by side, each a GM and one runner
(both people, played through the HTTP API), with no NPCs: the runner's turn comes round again
and again, and nobody moves, so every turn ends by its clock. Each match is watched through
the runner's own WebSocket (`format=json`, whole screens: `patches=false`).

Two figures per turn, both against the deadline the server announced for it:

- server: when the server recorded the turn's `timeout` entry (its `at`, from the log);
- push:   when the runner's WebSocket delivered the screen of the next turn.

The issue's target is a turn ending within 250 ms of its 30 seconds; this prints the
distribution (min, median, p90, p99, max, and how many were within 250 ms). It asserts
nothing: figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from datetime import datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 250.0


def services() -> Any:
    """`tests/services.py` (a real server process), from the repository root."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import tests.services

    return tests.services


def epoch(text: str) -> float:
    return datetime.fromisoformat(text).timestamp()


def open_match(base: str, turn_seconds: int) -> dict[str, Any]:
    """A started mission: the GM (seat 0) started it, the runner (seat 1) has the turn."""
    created = httpx.post(f"{base}/api/matches", json={
        "game": "runners", "seats": 2, "options": {"turn_seconds": turn_seconds}}).json()
    code = created["code"]
    host = {"Authorization": f"Bearer {created['host_token']}"}
    tokens = []
    for seat, name in ((0, "Gia"), (1, "Mica")):
        joined = httpx.post(f"{base}/api/matches/{code}/join",
                            json={"seat": seat, "name": name}).json()
        tokens.append(joined["token"])
    httpx.post(f"{base}/api/matches/{code}/host/start", headers=host).raise_for_status()
    httpx.post(f"{base}/api/matches/{code}/act", json={"action": {"do": "start"}},
               headers={"Authorization": f"Bearer {tokens[0]}"}).raise_for_status()
    return {"code": code, "host": host, "runner": tokens[1]}


async def watch(base: str, match: dict[str, Any], turns: int) -> list[float]:
    """Push lateness (seconds) of `turns` turn ends, seen from the runner's WebSocket."""
    uri = (base.replace("http://", "ws://")
           + f"/api/matches/{match['code']}/ws?token={match['runner']}&format=json&patches=false")
    late: list[float] = []
    deadline: float | None = None
    turn_count: int | None = None
    async with connect(uri, max_size=None) as ws:
        async for raw in ws:
            received = time.time()
            payload = json.loads(raw)
            screen = payload.get("screen", payload)
            info = screen.get("match") or {}
            seq = info.get("seq")
            if turn_count is not None and seq != turn_count and deadline is not None:
                late.append(received - deadline)
                if len(late) >= turns:
                    return late
            if info.get("deadline"):
                deadline = epoch(info["deadline"])
                turn_count = seq
    return late


def server_lateness(base: str, match: dict[str, Any], turn_seconds: int,
                    turns: int) -> list[float]:
    """From the log: each timeout entry's `at` minus (the previous entry's `at` + the turn)."""
    log = httpx.get(f"{base}/api/matches/{match['code']}/log", headers=match["host"]).json()
    entries = log["log"]
    late = []
    for before, entry in pairwise(entries):
        if entry["kind"] == "timeout" and before.get("at") and entry.get("at"):
            late.append(epoch(entry["at"]) - epoch(before["at"]) - turn_seconds)
    return late[:turns]


def describe(label: str, seconds: list[float]) -> dict[str, Any]:
    ms = sorted(s * 1000 for s in seconds)
    if not ms:
        print(f"{label:>7}: no samples")
        return {}

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, round(p * (len(ms) - 1)))]

    within = sum(1 for m in ms if abs(m) <= TARGET_MS)
    row = {"n": len(ms), "min": ms[0], "median": statistics.median(ms), "p90": pct(.9),
           "p99": pct(.99), "max": ms[-1], "within_250ms": within}
    print(f"{label:>7}: n={row['n']}  min {row['min']:.0f} ms  median {row['median']:.0f} ms  "
          f"p90 {row['p90']:.0f} ms  p99 {row['p99']:.0f} ms  max {row['max']:.0f} ms  "
          f"within 250 ms: {within}/{len(ms)}")
    return row


async def run(args: argparse.Namespace) -> dict[str, Any]:
    svc = services()
    with tempfile.TemporaryDirectory() as folder:
        clock = svc.TestClock(Path(folder) / "clock")
        server = svc.Server(f"sqlite:///{folder}/clock.db", clock,
                            env={"HACKTABLE_TICK": str(args.tick)}).start()
        try:
            matches = [open_match(server.url, args.turn_seconds) for _ in range(args.matches)]
            print(f"{args.matches} matches, {args.turns} turns each of {args.turn_seconds} s, "
                  f"deadline tick {args.tick} s; about "
                  f"{args.turns * args.turn_seconds} s to wait…", flush=True)
            pushed = await asyncio.gather(*(watch(server.url, m, args.turns) for m in matches))
            recorded = [s for m in matches
                        for s in server_lateness(server.url, m, args.turn_seconds, args.turns)]
        finally:
            server.stop()
    print("Turn end minus its deadline (negative: early):")
    return {"server": describe("server", recorded),
            "push": describe("push", [s for match in pushed for s in match]),
            "matches": args.matches, "turns": args.turns, "turn_seconds": args.turn_seconds,
            "tick": args.tick}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--turn-seconds", type=int, default=30)
    parser.add_argument("--tick", type=float, default=0.25)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    result = asyncio.run(run(args))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
