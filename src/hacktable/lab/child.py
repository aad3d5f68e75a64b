"""A Lab run's process: the simulator's run (`sim/simulation.py`), that stops when its
server does.

`python -m hacktable.lab.child FOLDER WORKERS` plays the run described in FOLDER/job.json
with WORKERS worker processes, writing `results.jsonl` (a flushed line a game: the page's
progress bar counts them), `report.html` and `summary.json` into FOLDER, and plain lines
on its output (the server keeps them in `log.txt`; bad input is one "Error:" line and exit
status 2, as `hacktable simulate` would say it). It imports neither the web server nor the
command line. A watch on the server that started it ends the run's whole process group,
workers included, when that server is gone: a server that stops (even one killed
outright, which runs no exit handler) must not leave a run burning processor time.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

WATCH_EVERY = 1.0
SERVER_PID = "HACKTABLE_LAB_SERVER_PID"
"""The server's process id, handed down: a server gone before this process even started
(killed just after starting a run) is noticed too."""


def watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os.killpg(os.getpgrp(), signal.SIGTERM)


def run(folder: Path, workers: int) -> int:
    """Play the run kept in `folder`; the exit status."""
    from hacktable.engine.errors import Rejected
    from hacktable.lab.spec import Spec
    from hacktable.sim import simulation

    spec = Spec.from_json(json.loads((folder / "job.json").read_text())["spec"])
    results, report, summary = (folder / "results.jsonl", folder / "report.html",
                                folder / "summary.json")
    try:
        plan = simulation.plan(spec.game, spec.games, spec.players, ",".join(spec.bots),
                               spec.seed, workers, spec.options, spec.rotate, spec.sweeps,
                               (results, report, summary))
    except Rejected as rejected:
        print(f"Error: {rejected.reason}", flush=True)
        return 2
    print(plan.heading(f"{workers} worker{'s' if workers != 1 else ''}"), flush=True)
    resumed = simulation.resume(plan, results)
    simulation.play(plan, workers, results, None, lambda done: None)
    print(f"{plan.total - resumed} games played.", flush=True)
    simulation.write_json(plan, summary)
    simulation.write_report(plan, report)
    print(f"Report written to {report}.", flush=True)
    return 0


def main() -> None:
    parent = int(os.environ.get(SERVER_PID) or os.getppid())
    threading.Thread(target=watch, args=(parent,), daemon=True, name="watch-server").start()
    folder, workers = Path(sys.argv[1]), int(sys.argv[2])
    raise SystemExit(run(folder, workers))


if __name__ == "__main__":
    main()
