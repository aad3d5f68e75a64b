"""Outgoing mail: plain text with a readable HTML alternative, a fixed Message-ID chosen
when the mail is queued (so a retry is the same mail), and threading headers."""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from zoneinfo import ZoneInfo

from hacktable.mail.settings import MailSettings


def html_of(text: str) -> str:
    """The text as HTML that any client shows as the text reads (monospace keeps the
    report's columns)."""
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>"
            "<pre style=\"font-family: ui-monospace, Menlo, Consolas, monospace; "
            "font-size: 14px; white-space: pre-wrap\">"
            + html.escape(text) + "</pre></body></html>\n")


def compose(settings: MailSettings, *, to: str, subject: str, text: str, now: float,
            reply_to: str | None = None, in_reply_to: str | None = None,
            references: Sequence[str] = (), automatic: str = "auto-generated"
            ) -> tuple[str, bytes]:
    """(Message-ID without brackets, the mail's bytes ready for SMTP)."""
    message = EmailMessage(policy=policy.SMTP)
    message_id = make_msgid(domain=settings.domain)
    message["Message-ID"] = message_id
    message["Date"] = format_datetime(datetime.fromtimestamp(now, ZoneInfo("UTC")))
    message["From"] = settings.sender()
    message["To"] = to
    if reply_to:
        message["Reply-To"] = reply_to
    message["Subject"] = subject
    if in_reply_to:
        message["In-Reply-To"] = f"<{in_reply_to}>"
        chain = [*references, in_reply_to]
        message["References"] = " ".join(f"<{ref}>" for ref in dict.fromkeys(chain))
    message["Auto-Submitted"] = automatic
    message["X-Auto-Response-Suppress"] = "All"
    message.set_content(text, charset="utf-8")
    message.add_alternative(html_of(text), subtype="html", charset="utf-8")
    return message_id.strip("<>"), message.as_bytes()


def paused_for(remaining: float) -> str:
    """A paused round's end as a letter says it: the time left, from the restart."""
    return f"{round(remaining / 60)} minutes after the host restarts the clock (paused now)"


def when(seconds: float | None, zone: ZoneInfo) -> str | None:
    """A deadline as players read it: weekday, date, time to the second, zone."""
    if seconds is None:
        return None
    moment = datetime.fromtimestamp(seconds, zone)
    return (f"{moment:%A %d %B %Y, %H:%M:%S} {moment.tzname()} "
            f"({zone.key})")
