"""`hacktable serve` says where friends can reach the table (with a QR code in the
terminal), or that only this computer can and the command that fixes it."""

from __future__ import annotations

import os
import subprocess
import sys

from tests import processes
from tests.services import free_port


def first_lines(host: str, tmp_path, wanted: str) -> str:
    env = dict(os.environ, HACKTABLE_DATABASE_URL=f"sqlite:///{tmp_path / 'serve.db'}")
    process = processes.start(
        [sys.executable, "-m", "hacktable.cli", "serve", "--host", host, "--port",
         str(free_port())], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=env)
    seen = []
    try:
        assert process.stdout is not None
        for line in process.stdout:
            seen.append(line)
            if wanted in line or len(seen) > 60:
                break
    finally:
        processes.kill(process)
    return "".join(seen)


def test_listening_on_every_interface_prints_the_network_address_and_a_qr(tmp_path):
    out = first_lines("0.0.0.0", tmp_path, "▀▀▀▀▀▀")
    assert "Friends on your network open http://" in out
    assert "http://127." not in out.split("Friends", 1)[1]
    assert "█" in out  # the QR code, drawn with block characters


def test_listening_on_loopback_says_only_this_computer_can(tmp_path):
    out = first_lines("127.0.0.1", tmp_path, "Only this computer")
    assert "./run serve --host 0.0.0.0" in out
