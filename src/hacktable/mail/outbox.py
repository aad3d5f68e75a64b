"""Sending the outbox: every mail is stored before it is sent and marked sent only once the
SMTP server took it, so an outage loses nothing; a mail is retried with growing pauses
until the server accepts it.

A mail the server accepted but that was not yet marked sent when the process died would go
again after a restart: that window is the few milliseconds between the server's "250" and
our commit, and the mail keeps its Message-ID, which mail clients use to drop duplicates.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl

import aiosmtplib

from hacktable.mail.settings import MailSettings
from hacktable.server.clock import Clock
from hacktable.store.mail import MailStore, Queued

log = logging.getLogger(__name__)
LEASE = 60.0
MAX_PAUSE = 300.0
GIVE_UP_AFTER = 30
"""Attempts at a mail the server refuses for good (5xx) before it stays unsent."""


def pause(attempts: int) -> float:
    """Seconds to wait before the next try: 1, 2, 4 … up to five minutes."""
    return min(MAX_PAUSE, 2.0 ** max(0, attempts))


class Outbox:
    """Sends what is due, in this process; other processes may send from the same table."""

    def __init__(self, store: MailStore, settings: MailSettings, clock: Clock) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self._wake = asyncio.Event()
        self.sent = 0
        self.stopping = False

    def wake(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        """Finish the mail being sent, then stop: cancelling between the server's "250"
        and our commit is what would send a mail twice."""
        self.stopping = True
        self._wake.set()

    async def run(self) -> None:
        while not self.stopping:
            self._wake.clear()
            try:
                while not self.stopping and await self.send_due():
                    pass
            except asyncio.CancelledError:
                raise
            except Exception:  # the database may be away for a moment: look again soon
                log.exception("outbox: could not send")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.settings.tick)

    async def send_due(self) -> int:
        """Send every mail due now over one connection; returns how many were sent."""
        batch = await self.store.claim_due(self.clock.now(), LEASE)
        if not batch:
            return 0
        try:
            smtp = await self._connect()
        except (aiosmtplib.SMTPException, OSError) as error:
            await self._failed(batch, f"cannot reach {self.settings.smtp_host}: {error}")
            return 0
        sent = 0
        try:
            for index, mail in enumerate(batch):
                if self.stopping:  # the rest stay claimed until their lease runs out
                    break
                try:
                    await smtp.sendmail(self.settings.address, [mail.to_addr], mail.message)
                except aiosmtplib.SMTPResponseException as error:
                    permanent = 500 <= error.code < 600
                    await self._failed([mail], f"{error.code} {error.message}",
                                       give_up=permanent)
                    continue
                except aiosmtplib.SMTPRecipientsRefused as error:
                    await self._failed([mail], str(error), give_up=True)
                    continue
                except (aiosmtplib.SMTPException, OSError) as error:
                    await self._failed(batch[index:], str(error))
                    break
                await asyncio.shield(self.store.mark_sent([mail.id], self.clock.now()))
                sent += 1
        finally:
            with contextlib.suppress(Exception):
                await smtp.quit()
        self.sent += sent
        return sent

    async def _connect(self) -> aiosmtplib.SMTP:
        s = self.settings
        smtp = aiosmtplib.SMTP(hostname=s.smtp_host, port=s.smtp_port, timeout=20,
                               use_tls=s.smtp_tls == "ssl",
                               start_tls=s.smtp_tls == "starttls",
                               tls_context=ssl.create_default_context())
        await smtp.connect()
        if s.smtp_user:
            await smtp.login(s.smtp_user, s.smtp_password)
        return smtp

    async def _failed(self, mails: list[Queued], error: str, give_up: bool = False) -> None:
        now = self.clock.now()
        for mail in mails:
            attempts = mail.attempts + 1
            wait = pause(attempts) if not give_up else MAX_PAUSE * 12
            if give_up and attempts >= GIVE_UP_AFTER:
                wait = 10 * 365 * 86400.0
            log.warning("outbox: mail %s to %s not sent (%s); next try in %.0f s",
                        mail.id, mail.to_addr, error, wait)
            await self.store.mark_failed(mail.id, error, now + wait)
