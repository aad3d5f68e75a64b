"""A Lab run's process: `hacktable simulate` itself, that stops when its server does.

`python -m hacktable.server.lab.child simulate ARGS` is the command line `hacktable
simulate ARGS`, plus a watch on the server that started it: a server that stops (even one
killed outright, which runs no exit handler) must not leave a run burning processor time. When the
parent process is gone, the watch ends the run's whole process group, workers included.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

WATCH_EVERY = 1.0
SERVER_PID = "HACKTABLE_LAB_SERVER_PID"
"""The server's process id, handed down: a server gone before this process even started
(killed just after starting a run) is noticed too."""


def watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os.killpg(os.getpgrp(), signal.SIGTERM)


def main() -> None:
    parent = int(os.environ.get(SERVER_PID) or os.getppid())
    threading.Thread(target=watch, args=(parent,), daemon=True, name="watch-server").start()
    from hacktable.cli import app

    app(args=sys.argv[1:], prog_name="hacktable")


if __name__ == "__main__":
    main()
