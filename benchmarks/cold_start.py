"""How long `hacktable serve` takes from the process's start to its first HTTP answer.

Each run starts `python -m hacktable.cli serve` (what `./run` runs) on a free loopback port
and asks for `--path` (`/`, the lobby page, by default) until it answers; the time from
starting the process to that first answer is one figure. "new database" runs start on an
SQLite file that does not exist yet (the schema is built first); "existing database" runs
start again on a file already at the
newest revision, as every start after the first does. Prints every run and the median of
each kind, in wall seconds and in the processor seconds the server had used by its first
answer, with the machine's load average (a busy machine stretches the wall time, hardly the
processor time). Then, unless `--no-importtime`, where the import time of a start goes:
`python -X importtime` of the command line and the site, the packages (and hacktable's own
modules) that take longest by their own time, summed.

`--via-run` starts `./run serve` instead, the README's one command, so each figure includes its
`uv sync` (already in step: it checks and returns), the bytecode check and the start; the
processor seconds are then those of every process of the start, the finished ones included.
A start reads the bytecode `./run` compiled; without it (uv installs no bytecode by default,
and where PYTHONDONTWRITEBYTECODE is set Python keeps none of what it compiles) every start
compiles each module again: 1.70 s against 0.72 s on the same machine.

    .venv/bin/python benchmarks/cold_start.py [--runs 5] [--path /] [--top 15] [--existing-only]
        [--via-run]
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """Processor time (user + system) a process has used so far: unlike the wall time, a
    busy machine does not stretch it."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def session_cpu_seconds(session: int) -> float:
    """Processor time of every process in a session, with what their finished children used
    (`./run`'s uv sync, the bytecode check): the whole start, not only the last process."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:
            total += sum(int(field) for field in fields[11:15])
    return total / os.sysconf("SC_CLK_TCK")


RUN = Path(__file__).resolve().parent.parent / "run"
"""The README's command, for `--via-run`."""


def first_answer(database: Path, path: str = "/", limit: float = 120.0,
                 via_run: bool = False) -> tuple[float, float]:
    """Seconds from starting `hacktable serve` to its first 200 on `path`, and the
    processor seconds it had used by then."""
    port = free_port()
    env = dict(os.environ, HACKTABLE_DATABASE_URL=f"sqlite:///{database}")
    command = ([str(RUN), "serve", "--port", str(port)] if via_run
               else [sys.executable, "-m", "hacktable.cli", "serve", "--port", str(port)])
    started = time.perf_counter()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    try:
        with httpx.Client(timeout=5) as client:
            while time.perf_counter() - started < limit:
                if process.poll() is not None:
                    raise RuntimeError(f"hacktable serve exited with {process.returncode}")
                try:
                    if client.get(f"http://127.0.0.1:{port}{path}").status_code == 200:
                        wall = time.perf_counter() - started
                        return wall, (session_cpu_seconds(process.pid) if via_run
                                      else cpu_seconds(process.pid))
                except httpx.HTTPError:
                    pass
                time.sleep(0.01)
        raise RuntimeError(f"no answer within {limit} s")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def import_times(top: int) -> list[tuple[str, float]]:
    """Seconds of import time by package (hacktable by module), own time summed, most first,
    for the command line and the site as `serve` imports them."""
    probe = "import hacktable.cli; from hacktable.site import create_site; create_site()"
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", probe],
                          capture_output=True, text=True, check=True)
    totals: dict[str, float] = {}
    for line in done.stderr.splitlines():
        fields = line.removeprefix("import time:").split("|")
        if len(fields) != 3 or not fields[0].strip().isdigit():
            continue
        name = fields[2].strip()
        parts = name.split(".")
        key = ".".join(parts[:3]) if parts[0] == "hacktable" else parts[0]
        totals[key] = totals.get(key, 0.0) + int(fields[0]) / 1e6
    return sorted(totals.items(), key=lambda item: -item[1])[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each kind")
    parser.add_argument("--path", default="/", help="the page whose first answer ends a run")
    parser.add_argument("--existing-only", action="store_true",
                        help="time starts on an existing database only (one new one is built)")
    parser.add_argument("--top", type=int, default=15, help="packages in the import table")
    parser.add_argument("--no-importtime", dest="importtime", action="store_false")
    parser.add_argument("--via-run", action="store_true",
                        help="start `./run serve` (its uv sync and bytecode check included)")
    args = parser.parse_args()
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    what = "./run serve" if args.via_run else "hacktable serve"
    print(f"{what}, process start to first answer; {os.cpu_count()} processors, "
          f"load average {load} before")
    with tempfile.TemporaryDirectory(prefix="hacktable-cold-") as folder:
        fresh = [first_answer(Path(folder) / f"new-{run}.db", args.path, via_run=args.via_run)
                 for run in range(1 if args.existing_only else args.runs)]
        kept = Path(folder) / "new-0.db"
        again = [first_answer(kept, args.path, via_run=args.via_run) for _ in range(args.runs)]
    kinds = [("existing database", again)]
    if not args.existing_only:
        kinds.insert(0, ("new database", fresh))
    for label, runs in kinds:
        walls, cpus = [wall for wall, _ in runs], [cpu for _, cpu in runs]
        print(f"{label:18} median {statistics.median(walls):.2f} s wall, "
              f"{statistics.median(cpus):.2f} s processor   runs (wall): "
              + " ".join(f"{wall:.2f}" for wall in walls))
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"load average {load} after")
    if args.importtime:
        times = import_times(args.top)
        print("import time by package, own time summed (python -X importtime):")
        for name, seconds in times:
            print(f"  {seconds:6.3f} s  {name}")


if __name__ == "__main__":
    main()
