"""The SMTP receiver reads at most `HARD_LIMIT_FACTOR` times the mail size budget
(`HACKTABLE_MAIL_MAX_BYTES`): a sender cannot make it hold, or hand the gateway, a mail of
any size. Past that aiosmtpd answers 552 and keeps nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import aiosmtplib
import pytest
from tests.services import free_port

from hacktable.mail.inbound import HARD_LIMIT_FACTOR, SmtpReceiver
from hacktable.mail.settings import MailSettings


def _mail(size: int) -> bytes:
    head = b"From: ann@players.test\r\nTo: gm+x@table.test\r\nSubject: orders\r\n\r\n"
    return head + (b"x" * 76 + b"\r\n") * (size // 78 + 1)


def test_mail_past_the_hard_limit_is_refused_unkept():
    settings = MailSettings(address="gm@table.test", listen_port=free_port(), max_bytes=4096)
    kept: list[int] = []

    async def receive(raw: bytes, to: Sequence[str], sender: str | None) -> bool:
        kept.append(len(raw))
        return True

    async def scenario() -> None:
        receiver = SmtpReceiver(receive, settings)
        await receiver.start()
        try:
            send = {"hostname": "127.0.0.1", "port": receiver.port, "sender":
                    "ann@players.test", "recipients": ["gm+x@table.test"]}
            await aiosmtplib.send(_mail(2_000), **send)
            with pytest.raises(aiosmtplib.SMTPResponseException) as refused:
                await aiosmtplib.send(_mail(4096 * HARD_LIMIT_FACTOR + 10_000), **send)
            assert refused.value.code == 552, refused.value
        finally:
            await receiver.close()

    asyncio.run(scenario())
    assert len(kept) == 1 and kept[0] < 4096
