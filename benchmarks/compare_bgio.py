"""hacktable's server beside real boardgame.io 0.50.2 and Colyseus 0.16 servers, in one run.

    uv run python benchmarks/compare_bgio.py [--seconds 15] [--matches 20] [--seats 5]
        [--think 0] [--rounds 10|10,100] [--stores memory,flatfile] [--peers bgio,colyseus]
        [--screens view|patches|whole|lite] [--lobby table|seat] [--setup self|seated|host]
        [--compression]
        [--no-hacktable] [--json FILE|-]

Needs `node` and `npm` (without them it says so and exits 0). Installs benchmarks/bgio's
locked packages (`npm ci`) when its node_modules is missing, then, one after the other:
a boardgame.io server (koa + socket.io) with its in-memory store and with its FlatFile
store, each driven by `benchmarks/bgio/clients.js` (N matches x S seats of
`boardgame.io/client` in one Node process, closed loop); then a Colyseus 0.16 server
(`benchmarks/colyseus/`: in-memory rooms, each seat's hand in a StateView of its own),
driven the same way by `benchmarks/colyseus/clients.js` (installed the same way); then
hacktable's own
`benchmarks/server_load.py --backend sqlite --processes 1` with the same matches, seats,
window and think time. Clients share the machine with the server in both, as ours do.
Like for like: socket.io sends without per-message deflate unless told to, so hacktable's
clients do not ask for it either (`--compression` makes them ask, as browsers do); and the
boardgame.io clients create and join every match through one `LobbyClient`, whose fetch
keeps its connections open, so each hacktable table creates and joins its matches
over one connection it keeps (`--lobby table`; `--lobby seat` opens one for the host and
one for each seat, as players' own devices would); a boardgame.io match needs no start, so
hacktable's tables start themselves as their last seat is taken (`--setup self`; `seated`:
the host also plays seat 0 and sits down as they create the table, the flow of Colyseus's
clients, whose first seat creates the room and joins it; `host`: the host starts each
match with a request of its own); and a boardgame.io client is sent its
seat's state, so hacktable's clients ask for their seat's view, prompt and outcome
(`--screens view`; `--screens patches` adds every letter and event in words, the screen a
browser's JSON client reads).

Latency, both sides: from sending a move until the mover's own connection delivers a state
that shows it (hacktable: the push p50/p99). srv ms/move: server CPU per move (for
boardgame.io over the whole client run, setup and drain included, divided by every move
applied), which a busy machine skews least. Nothing here asserts on time; it prints figures.
cli ms/move: the clients' CPU per move, the same way (boardgame.io: its one Node.js process
of clients, from the operating system's account of finished children; hacktable: the
benchmark's own process during the window). It says where a closed loop's moves wait:
clients that spend less on a move than their server leave every seat's move waiting at the
server, which then sets the latency (moves in flight ÷ moves a second); clients that spend
as much hold many seats back before a move is sent, outside the latency measured.
`--rounds N` (default 10, each side's match default) sets the rounds of every match on both
sides: with more rounds each match's set-up (create, join, start, open the sockets) is
spread over more moves. `--rounds 10,100` runs everything at each and splits each side's
CPU a move into a move's own cost and a match's life (the JSON's `split`).
`--json FILE` (or `-` for standard output, instead of the table) writes the rows, the load
average before each run and, for each other server and store, hacktable's ratios — moves/s over
theirs and server ms/move over theirs — so a script can read them.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BGIO = ROOT / "benchmarks" / "bgio"
COLYSEUS = ROOT / "benchmarks" / "colyseus"
STORES = {"memory": "in-memory", "flatfile": "FlatFile (node-persist files)"}
DRAIN = 20.0
"""Seconds the clients wait after the window for moves still in flight."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU of one process so far, from /proc (0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def bgio_server(store: str, folder: Path, rounds: int
                ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A boardgame.io server on a free loopback port, stopped on the way out."""
    port = free_port()
    command = ["node", "server.js", "--port", str(port)]
    if store == "flatfile":
        command += ["--flatfile", str(folder / "flatfile")]
    log = folder / f"server-{store}.log"
    env = dict(os.environ, NODE_ENV="production",  # as deployed: no per-move logging
               HIDDEN_HAND_ROUNDS=str(rounds))
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=BGIO, env=env, stdout=out,
                                   stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while "ready" not in log.read_text(errors="replace"):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"boardgame.io server did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", process
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_bgio(store: str, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """One boardgame.io configuration: its server, the clients for the window, its figures."""
    with bgio_server(store, folder, args.rounds) as (url, server):
        before = cpu_seconds(server.pid)
        command = ["node", "clients.js", "--server", url, "--matches", str(args.matches),
                   "--seats", str(args.seats), "--seconds", str(args.seconds),
                   "--think", str(args.think), "--drain", str(DRAIN)]
        children = _children_cpu()
        done = subprocess.run(command, cwd=BGIO, capture_output=True, text=True,
                              env=dict(os.environ, NODE_ENV="production",
                                       HIDDEN_HAND_ROUNDS=str(args.rounds)),
                              timeout=args.seconds + DRAIN + 120)
        clients = _children_cpu() - children  # the clients' process, now waited for
        used = cpu_seconds(server.pid) - before
    if done.returncode != 0:
        raise RuntimeError(f"clients failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["store"] = STORES[store]
    result["server_ms_per_move"] = 1000 * used / max(1, result["moves_all"])
    result["client_ms_per_move"] = 1000 * clients / max(1, result["moves_all"])
    return result


@contextmanager
def colyseus_server(folder: Path, rounds: int
                    ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Colyseus server on a free loopback port, stopped on the way out."""
    port = free_port()
    log = folder / "server-colyseus.log"
    env = dict(os.environ, NODE_ENV="production", HIDDEN_HAND_ROUNDS=str(rounds))
    with log.open("wb") as out:
        process = subprocess.Popen(["node", "server.js", "--port", str(port)], cwd=COLYSEUS,
                                   env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while "ready" not in log.read_text(errors="replace"):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Colyseus server did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield f"ws://127.0.0.1:{port}", process
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_colyseus(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """Colyseus: its server, the same clients' behaviour for the window, its figures."""
    with colyseus_server(folder, args.rounds) as (url, server):
        before = cpu_seconds(server.pid)
        command = ["node", "clients.js", "--server", url, "--matches", str(args.matches),
                   "--seats", str(args.seats), "--seconds", str(args.seconds),
                   "--think", str(args.think), "--drain", str(DRAIN)]
        children = _children_cpu()
        done = subprocess.run(command, cwd=COLYSEUS, capture_output=True, text=True,
                              env=dict(os.environ, NODE_ENV="production",
                                       HIDDEN_HAND_ROUNDS=str(args.rounds)),
                              timeout=args.seconds + DRAIN + 120)
        clients = _children_cpu() - children
        used = cpu_seconds(server.pid) - before
    if done.returncode != 0:
        raise RuntimeError(f"Colyseus clients failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["store"] = "in-memory, StateView hands"
    result["server_ms_per_move"] = 1000 * used / max(1, result["moves_all"])
    result["client_ms_per_move"] = 1000 * clients / max(1, result["moves_all"])
    return result


def install(folder: Path, what: str, progress: Any) -> None:
    """`npm ci` in `folder` when its node_modules is missing."""
    if not (folder / "node_modules").is_dir():
        print(f"installing {what} (npm ci) ...", flush=True, file=progress)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=folder, check=True,
                       stdout=progress)


def _children_cpu() -> float:
    """User + system CPU of this process's children that have been waited for."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_hacktable(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """hacktable's own load benchmark, SQLite (durable: synchronous=FULL), one process."""
    out = folder / "hacktable.json"
    command = [sys.executable, str(ROOT / "benchmarks" / "server_load.py"), "--backend",
               "sqlite", "--processes", "1", "--matches", str(args.matches), "--seats",
               str(args.seats), "--seconds", str(args.seconds), "--think", str(args.think),
               "--rounds", str(args.rounds), "--screens", args.screens, "--lobby", args.lobby,
               "--setup", args.setup_now, "--json", str(out), "--asgi", args.asgi_now,
               *([] if args.compression else ["--no-compression"])]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                          timeout=args.seconds + 600)
    if done.returncode != 0 or not out.exists():
        raise RuntimeError(f"server_load.py failed:\n{(done.stdout + done.stderr)[-3000:]}")
    [result] = json.loads(out.read_text())
    squeezed = ", deflate" if args.compression else ""
    under = "" if args.asgi_now == "uvicorn" else f", {args.asgi_now}"
    variant = [part for part in (args.asgi_now if args.asgi_now != "uvicorn" else None,
                                 args.setup_now if args.setup_now != args.setups[0] else None)
               if part]
    return {"system": "/".join(["hacktable", *variant]),
            "store": f"SQLite (durable), {args.screens} screens{squeezed}{under}",
            "moves_s": result["acts_s"],
            "p50_ms": result["push_p50_ms"], "p99_ms": result["push_p99_ms"],
            "lost": result["errors"] + result["push_missing"],
            "server_ms_per_move": result["server_ms_per_act"],
            "client_ms_per_move": result["client_ms_per_act"]}


def ratios(rows: list[dict[str, Any]]) -> dict[str, dict[str, float | None]]:
    """For each other row: hacktable's moves/s over its moves/s (≥ 1: hacktable moves as
    many), and hacktable's server ms/move over its (≤ 1: hacktable costs no more)."""
    ours = next((row for row in rows if row["system"] == "hacktable"), None)
    if ours is None:
        return {}
    return {f"{row['system']}, {row['store']}": {
        "moves_s": ours["moves_s"] / row["moves_s"] if row["moves_s"] else None,
        "server_ms_per_move": (ours["server_ms_per_move"] / row["server_ms_per_move"]
                               if row["server_ms_per_move"] else None),
        "p99_ms": (ours["p99_ms"] / row["p99_ms"]
                   if ours["p99_ms"] and row["p99_ms"] else None),
    } for row in rows if row["system"] != "hacktable"}


def table(rows: list[dict[str, Any]]) -> str:
    """One line per system and store; the last columns are hacktable's moves/s over the
    row's, and hacktable's server CPU a move over the row's (the steadier on a busy machine)."""
    ours = next((row["moves_s"] for row in rows if row["system"] == "hacktable"), None)
    cost = next((row["server_ms_per_move"] for row in rows if row["system"] == "hacktable"),
                None)
    head = (f"{'system':<20}  {'store':<29}  {'moves/s':>8}  {'p50 ms':>7}  {'p99 ms':>7}  "
            f"{'lost':>5}  {'srv ms/move':>11}  {'cli ms/move':>11}  {'hacktable/this':>14}  "
            f"{'srv ms ratio':>12}")
    lines = [head, "-" * len(head)]
    for row in rows:
        ratio = "-" if ours is None or row["system"] == "hacktable" or not row["moves_s"] \
            else f"{ours / row['moves_s']:.2f}"
        spent = "-" if cost is None or row["system"] == "hacktable" \
            or not row["server_ms_per_move"] else f"{cost / row['server_ms_per_move']:.2f}"
        p50, p99 = (f"{row[key]:.0f}" if row[key] is not None else "-"
                    for key in ("p50_ms", "p99_ms"))
        lines.append(f"{row['system']:<20}  {row['store']:<29}  {row['moves_s']:>8.0f}  "
                     f"{p50:>7}  {p99:>7}  {row['lost']:>5}  "
                     f"{row['server_ms_per_move']:>11.2f}  "
                     f"{row['client_ms_per_move']:>11.2f}  {ratio:>14}  {spent:>12}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a seat waits before moving (0: at once)")
    parser.add_argument("--rounds", default="10",
                        help="rounds a match, both sides (a finished match is replaced by a "
                        "new one): more rounds spread each match's set-up over more moves. "
                        "Two or more, comma-separated (10,100): every configuration is run "
                        "at each, and each side's CPU a move is split into a move's own cost "
                        "and a match's life")
    parser.add_argument("--stores", default="memory,flatfile",
                        help="boardgame.io stores to run: memory, flatfile or both")
    parser.add_argument("--screens", choices=("patches", "whole", "view", "lite"),
                        default="view",
                        help="what hacktable's clients are pushed (server_load.py --screens): "
                        "patches of the seat's view, prompt and outcome (the default: what a "
                        "boardgame.io client is sent, its seat's state), patches of the whole "
                        "screen (every letter and event also in words, which a boardgame.io "
                        "client would have to write itself), whole screens, or the prompt "
                        "and outcome only, as a bot needs")
    parser.add_argument("--lobby", choices=("table", "seat"), default="table",
                        help="how hacktable's tables create, join and start matches "
                        "(server_load.py --lobby): over one connection each table keeps, as "
                        "boardgame.io's clients do through their one LobbyClient (default), "
                        "or over a new connection for the host and for every seat")
    parser.add_argument("--setup", default="self",
                        help="how hacktable's tables start their matches (server_load.py "
                        "--setup), one row each, the first the one compared: self (default: "
                        "the seats join and the table starts itself as the last sits down, as "
                        "a boardgame.io match needs no start), seated (that, and the host "
                        "plays seat 0, sitting down as they create it, as a Colyseus client "
                        "creates a room and joins it at once), host (the host starts it "
                        "with a request of its own, as before)")
    parser.add_argument("--compression", action="store_true",
                        help="hacktable's clients ask for per-message deflate (boardgame.io's "
                        "socket.io server sends without it unless configured, so by default "
                        "neither side compresses)")
    parser.add_argument("--peers", default="bgio,colyseus",
                        help="the other servers to run: bgio (boardgame.io), colyseus or both")
    parser.add_argument("--asgi", default="uvicorn",
                        help="the ASGI servers to run hacktable under, one row each: uvicorn "
                        "(what `hacktable serve` runs), granian (installed for the "
                        "measurement only), or both (uvicorn,granian)")
    parser.add_argument("--no-hacktable", dest="hacktable", action="store_false",
                        help="run boardgame.io alone")
    parser.add_argument("--json", dest="json_out", metavar="FILE",
                        help="also write the figures as JSON to FILE ('-': standard output)")
    args = parser.parse_args()
    args.setups = args.setup.split(",")
    progress = sys.stderr if args.json_out == "-" else sys.stdout  # stdout stays JSON
    if not (shutil.which("node") and shutil.which("npm")):
        print("Node.js (node and npm) is not installed, so there is no other server "
              "to compare with; nothing was run.")
        return
    peers = args.peers.split(",")
    if "bgio" in peers:
        install(BGIO, "boardgame.io 0.50.2", progress)
    if "colyseus" in peers:
        install(COLYSEUS, "Colyseus 0.16", progress)
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{os.cpu_count()} cores, Node {node}, Python {sys.version.split()[0]}; "
          f"{args.matches} matches x {args.seats} seats, {args.seconds:g} s window, "
          f"think {args.think:g} s; clients share the machine with the server.",
          flush=True, file=progress)
    every_rounds = [int(word) for word in str(args.rounds).split(",")]
    passes: list[list[dict[str, Any]]] = []
    with tempfile.TemporaryDirectory(prefix="compare-bgio-") as scratch:
        folder = Path(scratch)
        for rounds in every_rounds:
            this = argparse.Namespace(**{**vars(args), "rounds": rounds})
            rows = []
            for store in args.stores.split(",") if "bgio" in peers else []:
                print(f"boardgame.io, {STORES[store]} store, {rounds} rounds a match (load "
                      f"average {os.getloadavg()[0]:.1f}) ...", flush=True, file=progress)
                load = os.getloadavg()[0]
                rows.append({**run_bgio(store, this, folder), "rounds": rounds,
                             "load_average": load})
            if "colyseus" in peers:
                load = os.getloadavg()[0]
                print(f"Colyseus, in-memory, {rounds} rounds a match (load average "
                      f"{load:.1f}) ...", flush=True, file=progress)
                rows.append({**run_colyseus(this, folder), "rounds": rounds,
                             "load_average": load})
            for asgi in args.asgi.split(",") if args.hacktable else []:
                for setup in args.setups:
                    load = os.getloadavg()[0]
                    print(f"hacktable under {asgi}, SQLite, set up by {setup}, {rounds} "
                          f"rounds a match (load average {load:.1f}) ...", flush=True,
                          file=progress)
                    under = argparse.Namespace(**{**vars(this), "asgi_now": asgi,
                                                  "setup_now": setup})
                    rows.append({**run_hacktable(under, folder), "rounds": rounds,
                                 "load_average": load})
            passes.append(rows)
    parts = split(passes, args.seats) if len(passes) > 1 else []
    if args.json_out:
        report = json.dumps({"settings": vars(args), "cores": os.cpu_count(),
                             "rows": [row for rows in passes for row in rows],
                             "ratios": ratios(passes[0]),
                             "ratios_by_rounds": {str(rows[0]["rounds"]): ratios(rows)
                                                  for rows in passes},
                             "split": parts}, indent=2)
        if args.json_out == "-":
            print(report)
            return
        Path(args.json_out).write_text(report + "\n")
    print("\nLatency: from sending a move until the mover's own connection shows it applied. "
          "lost: moves of the\nwindow never seen applied (hacktable: errors + pushes "
          "missing). cli ms/move: the clients' CPU a move. hacktable/this: moves/s "
          "ratio;\nsrv ms ratio: hacktable's server CPU a move over this row's (< 1: "
          "hacktable spends less).")
    for rows in passes:
        print(f"\n{rows[0]['rounds']} rounds a match:\n{table(rows)}")
    if parts:
        print("\nServer CPU a move written as a move's own cost + a match's life / moves a "
              "match\n(a match's life: create, seat, start, the sockets, the first and last "
              "screens):\n")
        print(split_table(parts))


def split(passes: list[list[dict[str, Any]]], seats: int) -> list[dict[str, Any]]:
    """For each system and store, the line through its server ms/move against 1 / moves a
    match (least squares over the passes): its height where a match never ends is a move's
    own cost, its slope the CPU of one match's life."""
    parts = []
    for index, row in enumerate(passes[0]):
        points = [(1 / (rows[index]["rounds"] * seats), rows[index]["server_ms_per_move"])
                  for rows in passes]
        mean_x = sum(x for x, _ in points) / len(points)
        mean_y = sum(y for _, y in points) / len(points)
        spread = sum((x - mean_x) ** 2 for x, _ in points)
        slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0
        parts.append({"system": row["system"], "store": row["store"],
                      "move_ms": mean_y - slope * mean_x, "match_ms": slope})
    return parts


def split_table(parts: list[dict[str, Any]]) -> str:
    head = f"{'system':<20}  {'store':<29}  {'a move ms':>9}  {'a match ms':>10}"
    lines = [head, "-" * len(head)]
    lines += [f"{part['system']:<20}  {part['store']:<29}  {part['move_ms']:>9.3f}  "
              f"{part['match_ms']:>10.1f}" for part in parts]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
