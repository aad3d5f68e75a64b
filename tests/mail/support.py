"""Real mail servers on loopback for the gateway's tests: an aiosmtpd relay that keeps what
the gateway sends, scripted players who read it and answer over real SMTP, and a dovecot
IMAP server with a generated configuration."""

from __future__ import annotations

import asyncio
import contextlib
import grp
import os
import pwd
import shutil
import subprocess
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import aiosmtplib
from aiosmtpd.smtp import SMTP, Envelope, Session
from tests import processes
from tests.services import TestClock, free_port, load_factor, missing, postgres_database

from hacktable.mail.gateway import Gateway
from hacktable.mail.inbound import SmtpReceiver
from hacktable.mail.settings import MailSettings
from hacktable.server.broker import LocalBroker
from hacktable.server.clock import OffsetClock
from hacktable.server.deadlines import run_deadlines
from hacktable.server.table import Table
from hacktable.store import Store
from hacktable.store.mail import MailStore

GM = "gm@example.org"
NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve"]
ADDRESSES = [f"{name.lower()}@players.test" for name in NAMES]


@dataclass
class Sent:
    """A mail the relay took: envelope and parsed message."""

    mail_from: str
    to: list[str]
    raw: bytes
    message: EmailMessage

    @property
    def text(self) -> str:
        body = self.message.get_body(preferencelist=("plain",))
        assert body is not None
        return body.get_content().replace("\r\n", "\n")

    @property
    def html(self) -> str:
        body = self.message.get_body(preferencelist=("html",))
        assert body is not None
        return body.get_content().replace("\r\n", "\n")

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])

    @property
    def message_id(self) -> str:
        return str(self.message["Message-ID"]).strip("<>")


class Relay:
    """The SMTP server the gateway sends through (aiosmtpd): it keeps every mail."""

    def __init__(self) -> None:
        self.port = free_port()
        self.mails: list[Sent] = []
        self._server: asyncio.base_events.Server | None = None
        self.changed = asyncio.Event()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or envelope.content
        message = BytesParser(policy=policy.default).parsebytes(raw)
        self.mails.append(Sent(envelope.mail_from, list(envelope.rcpt_tos), raw, message))
        self.changed.set()
        return "250 OK"

    async def start(self) -> Relay:
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            lambda: SMTP(self, hostname="relay.test", enable_SMTPUTF8=True), "127.0.0.1",
            self.port)
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    def to(self, address: str, kind: str | None = None) -> list[Sent]:
        return [m for m in self.mails if address in m.to
                and (kind is None or kind.lower() in m.subject.lower())]

    async def wait(self, check: Callable[[], Any], timeout: float = 15.0) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            result = check()
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for mail: {check}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.1)


def mail(sender: str, to: str, subject: str, body: str, *, reply_to: Sent | None = None,
         message_id: str | None = None, **headers: str) -> EmailMessage:
    """A mail as a player's client writes it."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = message_id or make_msgid(domain="players.test")
    if reply_to is not None:
        message["In-Reply-To"] = f"<{reply_to.message_id}>"
        message["References"] = f"<{reply_to.message_id}>"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return message


async def deliver(port: int, message: EmailMessage | bytes, sender: str = "x@players.test",
                  to: list[str] | None = None) -> None:
    """Real SMTP delivery to the gateway's receiver."""
    if isinstance(message, EmailMessage):
        await aiosmtplib.send(message, hostname="127.0.0.1", port=port, start_tls=False)
    else:
        await aiosmtplib.send(message, sender=sender, recipients=to or [GM],
                              hostname="127.0.0.1", port=port, start_tls=False)


@dataclass
class Player:
    """A scripted mail client: reads its mails from the relay, answers the latest."""

    name: str
    address: str
    world: World

    def mails(self, kind: str | None = None) -> list[Sent]:
        return self.world.relay.to(self.address, kind)

    async def letter(self, label: str) -> Sent:
        """Wait for the gateway's mail whose subject names `label` (e.g. "round 3")."""
        return await self.world.relay.wait(
            lambda: next((m for m in self.mails() if m.subject.endswith("]")
                          and f": {label} [" in m.subject), None))

    async def answer(self, to: Sent, body: str, quote: bool = True, **headers: str) -> Sent:
        """Reply to one of the gateway's mails, as a mail client does (quote and signature
        included), and wait for the gateway's answer."""
        text = body
        if quote:
            text += ("\n\n-- \n" + self.name + "\nsent from a scripted client\n\nOn Mon, 1 Jan "
                     "2024 at 10:00, hacktable GM <gm@example.org> wrote:\n"
                     + "\n".join("> " + line for line in to.text.splitlines()[:5]))
        reply = mail(self.address, str(to.message["Reply-To"]), "Re: " + to.subject, text,
                     reply_to=to, **headers)
        before = len(self.mails())
        await deliver(self.world.settings.listen_port, reply)
        return await self.world.relay.wait(
            lambda: next((m for m in self.mails()[before:]
                          if m.message["In-Reply-To"] == reply["Message-ID"]), None))


@dataclass
class World:
    """A table on a real database, the gateway with its SMTP receiver, and the relay."""

    store: Store
    table: Table
    clock: TestClock
    relay: Relay
    settings: MailSettings
    gateway: Gateway | None = None
    receiver: SmtpReceiver | None = None
    deadlines: asyncio.Task[None] | None = None
    players: list[Player] = field(default_factory=list)

    @property
    def mail_store(self) -> MailStore:
        return MailStore(self.store)

    async def start_gateway(self) -> Gateway:
        self.gateway = Gateway(self.table, self.settings)
        await self.gateway.start()
        self.receiver = SmtpReceiver(self.gateway.receive, self.settings)
        await self.receiver.start()
        return self.gateway

    async def stop_gateway(self) -> None:
        if self.receiver is not None:
            await self.receiver.close()
        if self.gateway is not None:
            await self.gateway.close()
        self.gateway = self.receiver = None

    async def open_match(self, options: dict[str, Any] | None = None, seats: int = 5
                         ) -> str:
        """A Rex Furum match with `seats` players by mail, started."""
        from hacktable.mail.enable import enable, start

        record, _ = await self.table.room.create("rexfurum", seats,
                                            {"round_minutes": 20, **(options or {})}, None)
        await enable(self.table, self.mail_store, self.settings, record.code,
                     list(zip(NAMES[:seats], ADDRESSES[:seats], strict=True)))
        await start(self.table, record.code)
        self.players = [Player(n, a, self) for n, a in zip(NAMES[:seats], ADDRESSES[:seats],
                                                           strict=True)]
        return record.code

    def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)


def database(kind: str, folder: Path) -> contextlib.AbstractContextManager[str]:
    if kind == "sqlite":
        return contextlib.nullcontext(f"sqlite:///{folder / 'mail.db'}")
    return postgres_database()


@contextlib.asynccontextmanager
async def world(url: str, folder: Path, deadlines: bool = True, **settings: Any
                ) -> AsyncIterator[World]:
    clock = TestClock(folder / "clock")
    store = await Store.open(url)
    table = Table(store, LocalBroker(), OffsetClock(clock.path))
    await table.broker.start(table.fanout.on_message)
    relay = await Relay().start()
    config = MailSettings.load(env={}, address=GM, listen_port=free_port(),
                               smtp_port=relay.port, timezone="Europe/Berlin", tick=0.05,
                               web_url="http://table.test", **settings)
    here = World(store, table, clock, relay, config)
    await here.start_gateway()
    if deadlines:
        here.deadlines = asyncio.create_task(run_deadlines(table, 0.05, 30.0))
    try:
        yield here
    finally:
        if here.deadlines is not None:
            here.deadlines.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await here.deadlines
        await here.stop_gateway()
        await relay.stop()
        await table.close()
        await store.close()


# -- dovecot -------------------------------------------------------------------------------

DOVECOT_CONF = """\
base_dir = {base}/run
state_dir = {base}/state
log_path = {base}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {internal}
default_internal_group = {internal_group}
default_login_user = {login}
first_valid_uid = 1
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {base}/passwd
}}
userdb {{
  driver = static
  args = uid={mail_uid} gid={mail_gid} home={base}/home/%u
}}
mail_location = maildir:~/Maildir
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service stats {{
  unix_listener stats-reader {{
    mode = 0666
  }}
  unix_listener stats-writer {{
    mode = 0666
  }}
}}
"""


@dataclass
class Dovecot:
    """A dovecot IMAP server of our own, on a loopback port, with one mailbox."""

    base: Path
    port: int
    user: str
    password: str
    process: subprocess.Popen[bytes] | None = None


@contextlib.contextmanager
def dovecot(user: str = GM, password: str = "app-password") -> Any:
    binary = shutil.which("dovecot") or ("/usr/sbin/dovecot"
                                         if os.path.exists("/usr/sbin/dovecot") else None)
    if binary is None:
        missing("dovecot is not installed (apt-get install dovecot-imapd; .ci/run does it)")
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="hacktable-dovecot-"))
    base.chmod(0o755)
    root = os.geteuid() == 0
    me = pwd.getpwuid(os.geteuid()).pw_name
    internal = "dovecot" if root else me
    internal_group = "dovecot" if root else grp.getgrgid(os.getegid()).gr_name
    login = "dovenull" if root else me
    mail_user = pwd.getpwnam("nobody") if root else pwd.getpwuid(os.geteuid())
    home = base / "home"
    home.mkdir()
    if root:
        os.chown(home, mail_user.pw_uid, mail_user.pw_gid)
    port = free_port()
    (base / "passwd").write_text(f"{user}:{{PLAIN}}{password}\n")
    (base / "dovecot.conf").write_text(DOVECOT_CONF.format(
        base=base, internal=internal, internal_group=internal_group, login=login,
        mail_uid=mail_user.pw_uid,
        mail_gid=mail_user.pw_gid, port=port))
    server = Dovecot(base, port, user, password)
    server.process = processes.start([binary, "-F", "-c", str(base / "dovecot.conf")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 15 * load_factor()
        import socket

        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if server.process.poll() is not None or time.monotonic() > deadline:
                    log = (base / "dovecot.log")
                    raise RuntimeError("dovecot did not start: "
                                       + (log.read_text() if log.exists() else "")) from None
                time.sleep(0.05)
        yield server
    finally:
        processes.stop(server.process)
        shutil.rmtree(base, ignore_errors=True)


async def imap_append(server: Dovecot, raw: bytes) -> None:
    """Put a mail into the mailbox, as the provider's MX would (IMAP APPEND)."""
    import aioimaplib

    client = aioimaplib.IMAP4("127.0.0.1", server.port, timeout=10)
    await client.wait_hello_from_server()
    await client.login(server.user, server.password)
    response = await client.append(raw, mailbox="INBOX")
    assert response.result == "OK", response
    await client.logout()


async def imap_unseen(server: Dovecot) -> int:
    import aioimaplib

    client = aioimaplib.IMAP4("127.0.0.1", server.port, timeout=10)
    await client.wait_hello_from_server()
    await client.login(server.user, server.password)
    await client.select("INBOX")
    found = await client.uid_search("UNSEEN")
    await client.logout()
    return len(found.lines[0].split()) if found.lines and found.lines[0] else 0
