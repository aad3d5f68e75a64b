"""A real `hacktable serve --mail` process for the host console's tests, with a relay that
keeps what the gateway sends, and helpers to read seat codes out of the mails."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from tests import processes
from tests.mail.support import GM, Relay, Sent
from tests.services import READY_SECONDS, TestClock, await_ready, free_port, wait_for

CODE_IN_SUBJECT = re.compile(r"\[([a-z0-9]{16})\]")


@dataclass
class MailServer:
    """`hacktable serve --mail` on SQLite, sending through `relay`."""

    folder: Path
    clock: TestClock
    relay: Relay = field(default_factory=Relay)
    port: int = field(default_factory=free_port)
    listen_port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    controller: Controller | None = None
    env: dict[str, str] = field(default_factory=dict)
    """Extra environment for the process (a test of the limits sets its own)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.folder / f"serve-{self.port}.log"

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""

    def start(self, timeout: float = READY_SECONDS) -> MailServer:
        self.controller = Controller(self.relay, hostname="127.0.0.1", port=self.relay.port)
        self.controller.start()
        config = self.folder / "mail.toml"
        config.write_text(f'[mail]\naddress = "{GM}"\nlisten_port = {self.listen_port}\n'
                          f'smtp_port = {self.relay.port}\ntimezone = "Europe/Paris"\n'
                          "tick = 0.05\n")
        env = dict(os.environ, HACKTABLE_DATABASE_URL=f"sqlite:///{self.folder / 'table.db'}",
                   HACKTABLE_CLOCK_FILE=str(self.clock.path), HACKTABLE_TICK="0.05",
                   HACKTABLE_MAIL_CONFIG=str(config), HACKTABLE_CREATES_PER_HOUR="0",
                   HACKTABLE_LOOKUP_MISSES_PER_HOUR="0", HACKTABLE_EXIT_WITH_PARENT="1",
                   HACKTABLE_JOINS_PER_HOUR="0",
                   HACKTABLE_PARENT_PID=str(os.getpid()))
        env.pop("HACKTABLE_REDIS_URL", None)
        env.pop("HACKTABLE_MAIL_WEB_URL", None)
        env.update(self.env)
        ready = self.folder / f"serve-{self.port}.ready"
        ready.unlink(missing_ok=True)
        env["HACKTABLE_READY_FILE"] = str(ready)
        with self.log_path.open("ab") as log:
            self.process = processes.start(
                [sys.executable, "-m", "hacktable.cli", "serve", "--mail", "--port",
                 str(self.port)], env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            await_ready(self.process, ready, self.url, self.log, timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> str:
        """Stop the server and the relay; returns the server's log."""
        processes.stop(self.process, timeout=20)
        if self.controller is not None:
            self.controller.stop()
            self.controller = None
        return self.log()

    # -- reading what was sent ------------------------------------------------------------

    def mails_to(self, address: str, kind: str | None = None) -> list[Sent]:
        return self.relay.to(address, kind)

    def welcome(self, address: str, timeout: float = 20.0) -> Sent:
        """The latest welcome mail to `address`, once it has come."""
        return wait_for(lambda: ([m for m in self.mails_to(address)
                                  if m.subject.startswith("Your seat")] or [None])[-1],
                        timeout=timeout)


@contextlib.contextmanager
def mail_server(folder: Path, **env: str) -> Iterator[MailServer]:
    server = MailServer(folder, TestClock(folder / "clock"), env=env).start()
    try:
        yield server
    finally:
        log = server.stop()
        assert "Traceback" not in log, log


CONFIRMATION = re.compile(r"^\s+(\d{3}) (\d{3})\s*$", re.MULTILINE)


def confirmation_code(server: MailServer, address: str, before: int = 0,
                      timeout: float = 20.0) -> str:
    """The six digits of the newest confirmation mail to `address` (after `before` of them)."""
    mails = wait_for(lambda: (m := server.mails_to(address, "confirmation code"))[before:]
                     and m, timeout=timeout)
    found = CONFIRMATION.search(mails[-1].text)
    assert found is not None, mails[-1].text
    return found.group(1) + found.group(2)


def mail_my_seat(server: MailServer, seat: Any, code: str, address: str) -> dict[str, Any]:
    """A player turns email play on for their own seat (or moves it): they give the address,
    then type back the code mailed there, as the seat's screen asks."""
    before = len(server.mails_to(address, "confirmation code"))
    waiting = seat.ok("POST", f"/api/matches/{code}/mail/mine", {"address": address})
    assert waiting["waiting"] == address, waiting
    return seat.ok("POST", f"/api/matches/{code}/mail/mine/confirm",
                   {"code": confirmation_code(server, address, before)})


def code_of(mail: Sent) -> str:
    """The seat code a gateway mail carries in its subject."""
    found = CODE_IN_SUBJECT.search(mail.subject)
    assert found is not None, mail.subject
    return found.group(1)
