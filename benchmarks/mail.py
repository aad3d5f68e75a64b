"""The email gateway under load: order emails in over SMTP, acknowledgements out over SMTP.

    uv run python benchmarks/mail.py [--matches 20] [--rate 1000] [--seconds 30]
        [--backend sqlite|postgresql] [--capacity]

Sets up `--matches` Rex Furum matches of five seats, all played by mail, on a fresh
database, then runs `hacktable mail` as its own process (as in production) with its SMTP
receiver on loopback, sending through an aiosmtpd relay in this process. Scripted players
answer their latest mail with orders (each a real move: a later email replaces the earlier
orders) at `--rate` mails per minute in all, spread over the seats; each mail is timed from
the moment its SMTP delivery to the gateway returned (the gateway has kept it) until its
acknowledgement reached the relay. `--capacity` also runs a closed loop: every seat sends
its next mail as soon as its acknowledgement arrives, to find the most the gateway takes.

Nothing asserts on time; it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid
from pathlib import Path

import aiosmtplib
from aiosmtpd.smtp import SMTP, Envelope, Session

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from hacktable.mail.enable import enable, start  # noqa: E402
from hacktable.mail.settings import MailSettings  # noqa: E402
from hacktable.server.broker import LocalBroker  # noqa: E402
from hacktable.server.clock import SystemClock  # noqa: E402
from hacktable.server.table import Table  # noqa: E402
from hacktable.store import Store  # noqa: E402
from hacktable.store.mail import MailStore  # noqa: E402

GM = "gm@bench.test"
NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve"]
ORDERS = ["protect self", "embezzle {other}", "out {other}", "protect {other}",
          "backstab {other}", "coverup for {other}"]


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Relay:
    """The outbound SMTP server: notes when each acknowledgement arrives."""

    def __init__(self) -> None:
        self.reports: dict[str, tuple[str, str]] = {}  # address -> (Message-ID, Reply-To)
        self.acks: dict[str, float] = {}  # In-Reply-To -> arrival
        self.arrived = asyncio.Event()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        message = BytesParser(policy=policy.default).parsebytes(envelope.original_content
                                                                or envelope.content)
        replying = message["In-Reply-To"]
        if replying and str(message["Subject"]).startswith("Re:"):
            self.acks[str(replying).strip("<>")] = time.monotonic()
        elif ": round 1 [" in str(message["Subject"]):
            self.reports[envelope.rcpt_tos[0]] = (str(message["Message-ID"]).strip("<>"),
                                                  str(message["Reply-To"]))
        self.arrived.set()
        return "250 OK"


async def prepare(url: str, settings: MailSettings, matches: int) -> list[str]:
    store = await Store.open(url)
    table = Table(store, LocalBroker(), SystemClock())
    addresses = []
    for number in range(matches):
        record, _ = await table.room.create("rexfurum", 5, {"round_minutes": 600}, None)
        players = [(name, f"{name.lower()}{number}@players.test") for name in NAMES]
        await enable(table, MailStore(store), settings, record.code, players)
        await start(table, record.code)
        addresses += [address for _, address in players]
    await table.close()
    await store.close()
    return addresses


def order_mail(address: str, report: tuple[str, str], step: int) -> EmailMessage:
    number = address.split("@")[0][3:]
    others = [n for n in NAMES if not address.startswith(n.lower())]
    text = ORDERS[step % len(ORDERS)].format(other=others[step % len(others)])
    message = EmailMessage()
    message["From"] = address
    message["To"] = report[1]
    message["Subject"] = f"Re: match {number}"
    message["Message-ID"] = make_msgid(domain="players.test")
    message["In-Reply-To"] = f"<{report[0]}>"
    message.set_content(text + "\n\n-- \nsent by benchmarks/mail.py\n")
    return message


async def send(port: int, message: EmailMessage) -> float:
    await aiosmtplib.send(message, hostname="127.0.0.1", port=port, start_tls=False)
    return time.monotonic()


async def wait_for_ack(relay: Relay, message_id: str, timeout: float = 60.0) -> float | None:
    deadline = time.monotonic() + timeout
    while message_id not in relay.acks:
        if time.monotonic() > deadline:
            return None
        relay.arrived.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(relay.arrived.wait(), 0.05)
    return relay.acks[message_id]


def figures(label: str, delays: list[float], window: float, lost: int) -> None:
    delays.sort()
    if not delays:
        print(f"{label}: no acknowledgement arrived ({lost} lost)")
        return

    def pct(p: float) -> float:
        return delays[min(len(delays) - 1, int(p * len(delays)))] * 1000

    print(f"{label}: {len(delays)} order mails acknowledged in {window:.1f} s = "
          f"{len(delays) / window * 60:,.0f} per minute; receipt -> acknowledgement "
          f"p50 {pct(0.50):.0f} ms, p99 {pct(0.99):.0f} ms, max {delays[-1] * 1000:.0f} ms, "
          f"mean {statistics.mean(delays) * 1000:.0f} ms; unanswered {lost}")


async def open_loop(relay: Relay, port: int, addresses: list[str], rate: float,
                    seconds: float) -> None:
    interval = 60.0 / rate
    tasks = []
    delays: list[float] = []
    lost = 0

    async def one(address: str, step: int) -> None:
        nonlocal lost
        message = order_mail(address, relay.reports[address], step)
        sent = await send(port, message)
        arrived = await wait_for_ack(relay, str(message["Message-ID"]).strip("<>"))
        if arrived is None:
            lost += 1
        else:
            delays.append(arrived - sent)

    begin = time.monotonic()
    step = 0
    while time.monotonic() - begin < seconds:
        address = addresses[step % len(addresses)]
        tasks.append(asyncio.create_task(one(address, step // len(addresses))))
        step += 1
        await asyncio.sleep(max(0.0, begin + step * interval - time.monotonic()))
    await asyncio.gather(*tasks)
    figures(f"open loop at {rate:,.0f}/min", delays, time.monotonic() - begin, lost)


async def closed_loop(relay: Relay, port: int, addresses: list[str], seconds: float) -> None:
    delays: list[float] = []
    lost = 0
    begin = time.monotonic()

    async def seat(address: str) -> None:
        nonlocal lost
        step = 0
        while time.monotonic() - begin < seconds:
            message = order_mail(address, relay.reports[address], step)
            sent = await send(port, message)
            arrived = await wait_for_ack(relay, str(message["Message-ID"]).strip("<>"))
            if arrived is None:
                lost += 1
            else:
                delays.append(arrived - sent)
            step += 1

    await asyncio.gather(*(seat(address) for address in addresses))
    figures(f"closed loop, {len(addresses)} players", delays, time.monotonic() - begin, lost)


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="hacktable-mail-bench-"))
    if args.backend == "sqlite":
        url = f"sqlite:///{folder / 'bench.db'}"
        drop = None
    else:
        import psycopg

        admin = os.environ.get("HACKTABLE_TEST_POSTGRES",
                               "postgresql://postgres@127.0.0.1:5432/postgres")
        name = f"hacktable_mail_bench_{os.getpid()}"
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        url = admin.rsplit("/", 1)[0] + f"/{name}"
        drop = (admin, name)
    relay = Relay()
    relay_port, listen = free_port(), free_port()
    loop = asyncio.get_running_loop()
    relay_server = await loop.create_server(lambda: SMTP(relay, hostname="relay.test"),
                                            "127.0.0.1", relay_port)
    settings = MailSettings.load(env={}, address=GM, listen_port=listen, smtp_port=relay_port,
                                 tick=0.05)
    addresses = await prepare(url, settings, args.matches)
    config = folder / "mail.toml"
    config.write_text(f'address = "{GM}"\nlisten_port = {listen}\nsmtp_port = {relay_port}\n'
                      "tick = 0.05\n")
    env = dict(os.environ, HACKTABLE_DATABASE_URL=url, HACKTABLE_MAIL_CONFIG=str(config))
    gateway = subprocess.Popen([sys.executable, "-m", "hacktable.cli", "mail"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        started = time.monotonic()
        while len(relay.reports) < len(addresses):
            if gateway.poll() is not None:
                raise SystemExit("the gateway stopped")
            await asyncio.sleep(0.1)
        print(f"{args.matches} matches, {len(addresses)} players by mail on {args.backend}; "
              f"welcome and round-1 mails ({len(addresses) * 2}) out in "
              f"{time.monotonic() - started:.1f} s")
        await open_loop(relay, listen, addresses, args.rate, args.seconds)
        if args.capacity:
            await closed_loop(relay, listen, addresses, args.seconds)
    finally:
        gateway.terminate()
        gateway.wait(30)
        relay_server.close()
        if drop is not None:
            import psycopg

            with psycopg.connect(drop[0], autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{drop[1]}" WITH (FORCE)')


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--rate", type=float, default=1000.0, help="order mails per minute")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--capacity", action="store_true")
    asyncio.run(main(parser.parse_args()))
