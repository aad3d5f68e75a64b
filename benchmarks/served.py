"""`hacktable serve` in a process of its own, on a fresh SQLite file: what the benchmarks
that measure a served table (the bytes a page is sent, Lighthouse's scores) start from."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve(folder: Path, name: str = "served.db") -> tuple[subprocess.Popen[bytes], str]:
    """`hacktable serve` on a fresh SQLite file in `folder`, once it answers; the process
    leads a session of its own, so the caller can stop it with its children."""
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        # stopped by `timeout` or a kill: exit through the caller's `finally`, which stops
        # the server too, instead of leaving it serving
        signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    port = free_port()
    env = dict(os.environ, HACKTABLE_DATABASE_URL=f"sqlite:///{folder / name}")
    process = subprocess.Popen([sys.executable, "-m", "hacktable.cli", "serve", "--port",
                                str(port)], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/games", timeout=5).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("hacktable serve did not answer within 120 s")


def started_match(base: str, game_id: str, seats: int) -> tuple[str, str]:
    """A started match of `game_id` with `seats` seats (within what the game allows), seat 0
    taken by the benchmark and the others by the game's first bot: its code and seat 0's
    token."""
    with httpx.Client(base_url=base, timeout=30) as client:
        game = next(g for g in client.get("/api/games").json() if g["id"] == game_id)
        seats = min(max(seats, game["min_seats"]), game["max_seats"])
        created = client.post("/api/matches", json={
            "game": game_id, "seats": seats,
            "bots": {str(seat): game["bots"][0] for seat in range(1, seats)}}).json()
        code = created["code"]
        joined = client.post(f"/api/matches/{code}/join", json={"seat": 0, "name": "Ann"})
        joined.raise_for_status()
        client.post(f"/api/matches/{code}/host/start",
                    headers={"authorization": f"Bearer {created['host_token']}"}
                    ).raise_for_status()
    return code, str(joined.json()["token"])
