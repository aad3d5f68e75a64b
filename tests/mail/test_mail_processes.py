"""`hacktable mail` as its own process beside a `hacktable` web server on one database: the
host enables email play from the command line, players answer by SMTP, and the web table
shows the same match."""

from __future__ import annotations

import os
import smtplib
import subprocess
import sys
from pathlib import Path

from aiosmtpd.controller import Controller
from tests import processes
from tests.mail.support import ADDRESSES, GM, NAMES, Relay, mail
from tests.services import Api, Server, TestClock, free_port, wait_for


def test_the_mail_command_runs_beside_the_server(tmp_path: Path):
    clock = TestClock(tmp_path / "clock")
    url = f"sqlite:///{tmp_path / 'table.db'}"
    server = Server(url, clock).start(timeout=60)
    relay = Relay()
    controller = Controller(relay, hostname="127.0.0.1", port=relay.port)
    controller.start()
    listen = free_port()
    config = tmp_path / "mail.toml"
    config.write_text(f'[mail]\naddress = "{GM}"\nlisten_port = {listen}\n'
                      f'smtp_port = {relay.port}\ntimezone = "Europe/Paris"\ntick = 0.05\n')
    env = dict(os.environ, HACKTABLE_DATABASE_URL=url, HACKTABLE_CLOCK_FILE=str(clock.path),
               HACKTABLE_TICK="0.05", HACKTABLE_MAIL_CONFIG=str(config))
    command = [sys.executable, "-m", "hacktable.cli", "mail"]
    gateway = processes.start(command, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT)
    try:
        created = Api(server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5,
                                                              "referee": True})
        players = [arg for n, a in zip(NAMES, ADDRESSES, strict=True)
                   for arg in ("--player", f"{n}={a}")]
        enabled = subprocess.run([*command, "enable", created["code"], *players, "--start"],
                                 env=env, capture_output=True, text=True, timeout=60)
        assert enabled.returncode == 0, enabled.stdout + enabled.stderr
        assert "gm+" in enabled.stdout
        reports = wait_for(lambda: [m for m in relay.mails if ": round 1 [" in m.subject]
                           if len([m for m in relay.mails if ": round 1 [" in m.subject]) == 5
                           else None, timeout=30)
        ann = next(m for m in reports if m.to == [ADDRESSES[0]])
        assert "(Europe/Paris)" in ann.text
        answer = mail(ADDRESSES[0], str(ann.message["Reply-To"]), "Re: " + ann.subject,
                      "protect self", reply_to=ann)
        with smtplib.SMTP("127.0.0.1", listen, timeout=10) as smtp:
            smtp.send_message(answer)
        ack = wait_for(lambda: [m for m in relay.mails if m.subject.startswith("Re:")],
                       timeout=15)
        assert "Round 1 orders received: protect Ann" in ack[0].text
        host = Api(server.url, created["host_token"])
        state = wait_for(lambda: (lambda s: s if s["orders"][0] else None)(
            host.ok("GET", f"/api/matches/{created['code']}/view?as=host")["view"]["state"]))
        assert state["orders"][0] == [{"do": "protect", "target": 0}]
        clock.advance(20 * 60 + 1)
        wait_for(lambda: len([m for m in relay.mails if ": round 2 [" in m.subject]) == 5,
                 timeout=30)
    finally:
        gateway.terminate()
        try:
            output = gateway.communicate(timeout=60)[0].decode()
        finally:
            processes.stop(gateway)
            controller.stop()
            server.stop()
    assert "Traceback" not in output, output
