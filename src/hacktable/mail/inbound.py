"""Where mail comes in: the built-in SMTP receiver (a domain's MX points at it) or a poller
of an IMAP mailbox. Both hand each mail's bytes to the gateway and confirm it (SMTP "250",
IMAP \\Seen) only after the gateway has kept it in the store, so nothing is lost between.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import ssl
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from aiosmtpd.smtp import SMTP, Envelope, Session

from hacktable.mail.settings import MailSettings

log = logging.getLogger(__name__)
Receive = Callable[[bytes, Sequence[str], str | None], Awaitable[bool]]
HARD_LIMIT_FACTOR = 8
"""The receiver takes mail up to this many times the size limit (to answer it), no more."""


class Inbox(Protocol):
    async def start(self) -> None: ...

    async def close(self) -> None: ...


class _Handler:
    """aiosmtpd's hooks: accept our addresses only, keep the mail, then say "250"."""

    def __init__(self, receive: Receive, settings: MailSettings) -> None:
        self.receive = receive
        self.settings = settings

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        local, _, domain = address.lower().rpartition("@")
        ours = local.split("+", 1)[0] == self.settings.local_part.lower()
        if not ours or domain != self.settings.domain.lower():
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        try:
            await self.receive(raw, list(envelope.rcpt_tos), envelope.mail_from)
        except Exception:  # not kept: the sending server keeps it and tries again
            log.exception("mail receiver: could not keep a mail")
            return "451 4.3.0 Cannot take mail right now; try again later"
        return "250 2.0.0 Message accepted"


class SmtpReceiver:
    """An SMTP server on this process's event loop (aiosmtpd)."""

    def __init__(self, receive: Receive, settings: MailSettings,
                 tls: ssl.SSLContext | None = None) -> None:
        self.receive = receive
        self.settings = settings
        self.tls = tls
        self._server: asyncio.base_events.Server | None = None

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    async def start(self) -> None:
        handler = _Handler(self.receive, self.settings)
        limit = self.settings.max_bytes * HARD_LIMIT_FACTOR

        def protocol() -> SMTP:
            return SMTP(handler, data_size_limit=limit, enable_SMTPUTF8=True,
                        hostname=self.settings.domain, ident="hacktable mail",
                        tls_context=self.tls, timeout=120)

        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(protocol, self.settings.listen_host,
                                                self.settings.listen_port)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
            self._server = None


_FETCHED = re.compile(rb"UID (\d+)")


class ImapPoller:
    """Looks into an IMAP mailbox every few seconds for unseen mail (aioimaplib)."""

    def __init__(self, receive: Receive, settings: MailSettings) -> None:
        self.receive = receive
        self.settings = settings
        self._task: asyncio.Task[None] | None = None
        self.polls = 0

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _run(self) -> None:
        pause = 1.0
        while True:
            client = None
            try:
                client = await self._connect()
                pause = 1.0
                while True:
                    await self.poll(client)
                    await asyncio.sleep(self.settings.imap_poll)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the server went away: connect again, later
                log.warning("IMAP: %s; connecting again in %.0f s", error, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 60.0)
            finally:
                if client is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(client.logout(), 5)

    async def _connect(self) -> Any:
        import aioimaplib

        s = self.settings
        if s.imap_tls == "ssl":
            client = aioimaplib.IMAP4_SSL(s.imap_host, s.imap_port, timeout=30,
                                          ssl_context=ssl.create_default_context())
        else:
            client = aioimaplib.IMAP4(s.imap_host, s.imap_port, timeout=30)
        await client.wait_hello_from_server()
        _ok(await client.login(s.imap_user, s.imap_password), "log in")
        _ok(await client.select(s.imap_folder), f"open {s.imap_folder}")
        return client

    async def poll(self, client: Any) -> int:
        """Hand every unseen mail to the gateway, then mark it seen; returns how many."""
        found = _ok(await client.uid_search("UNSEEN"), "search")
        uids = [uid.decode() for line in found.lines[:1] for uid in line.split()]
        for uid in uids:
            fetched = _ok(await client.uid("fetch", uid, "(BODY.PEEK[])"), "fetch")
            raw = next((bytes(line) for line in fetched.lines
                        if isinstance(line, bytearray)), None)
            if raw is not None:
                await self.receive(raw, [], None)
            _ok(await client.uid("store", uid, "+FLAGS.SILENT (\\Seen)"), "mark seen")
        self.polls += 1
        return len(uids)


def _ok(response: Any, what: str) -> Any:
    if response.result != "OK":
        raise ConnectionError(f"IMAP could not {what}: {response.lines}")
    return response
