"""Reading an inbound mail: who sent it, to which address, what it replies to, and the
text the player wrote (without the quoted mail below it or their signature).

Nothing here raises on a strange mail: whatever cannot be read is reported in
`Letter.unreadable` as a sentence the sender can act on.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import getaddresses
from html.parser import HTMLParser
from typing import ClassVar

HEADER_LIMIT = 64 * 1024
RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")
_MESSAGE_ID = re.compile(r"<([^<>\s]{1,250})>")
_SUBJECT_CODE = re.compile(r"\[([a-z0-9]{6,64})\]")
_ON_WROTE = re.compile(r"^(on\b.*|am\b.*|le\b.*)\b(wrote|schrieb|a écrit)\s*:?\s*$", re.I)
_CUT = (
    re.compile(r"^-{2,}\s*(original message|forwarded message)", re.I),
    re.compile(r"^_{8,}\s*$"),
    re.compile(r"^from:\s.*(@|\[mailto:)", re.I),
    re.compile(r"^sent from my\b", re.I),
    re.compile(r"^get outlook for\b", re.I),
)


@dataclass(slots=True)
class Letter:
    """A mail as the gateway reads it."""

    key: str
    """What makes two deliveries of one mail the same: its Message-ID (or a hash)."""
    sender: str | None = None
    recipients: list[str] = field(default_factory=list)
    subject: str = ""
    message_id: str | None = None
    references: list[str] = field(default_factory=list)
    """In-Reply-To first, then References from the newest: the mails this one answers."""
    text: str = ""
    automatic: bool = False
    """A bounce, an out-of-office reply, a mailing list: never answered (no mail loops)."""
    notes: list[str] = field(default_factory=list)
    """Things the sender should know (an attachment not read, HTML read as text)."""
    unreadable: str | None = None

    @property
    def codes(self) -> list[str]:
        """Seat codes written in the subject as [code]."""
        return _SUBJECT_CODE.findall(self.subject.lower())


def message_ids(value: str | None) -> list[str]:
    return _MESSAGE_ID.findall(value or "")


def dedupe_key(raw: bytes) -> str:
    """The Message-ID, or a hash of the bytes for a mail without one."""
    try:
        headers = BytesParser(policy=policy.compat32).parsebytes(raw[:HEADER_LIMIT],
                                                                 headersonly=True)
        found = message_ids(str(headers.get("Message-ID", "")))
    except Exception:  # a mail no parser reads still gets a key
        found = []
    if found:
        return "mid:" + found[0]
    return "sha:" + hashlib.sha256(raw).hexdigest()


def read(raw: bytes, max_bytes: int, envelope_from: str | None = None,
         envelope_to: list[str] | None = None) -> Letter:
    letter = Letter(dedupe_key(raw))
    too_large = len(raw) > max_bytes
    try:
        message = BytesParser(policy=policy.default).parsebytes(
            raw[:HEADER_LIMIT] if too_large else raw, headersonly=too_large)
        _headers(letter, message, envelope_from, envelope_to or [])
    except Exception:
        letter.unreadable = ("Your mail's headers could not be read; send a new, plain-text "
                             "mail from your usual mail program.")
        return letter
    if too_large:
        letter.unreadable = (f"Your mail is larger than {max_bytes // 1024} KB, so it was not "
                             "read. Send your orders as a short plain-text mail without "
                             "attachments.")
        return letter
    try:
        _body(letter, message)
    except Exception:
        letter.unreadable = ("The text of your mail could not be read; send your orders as "
                             "plain text in UTF-8.")
    return letter


def _header(message: Message, name: str) -> str:
    try:
        values = message.get_all(name) or []
        return ", ".join(str(value) for value in values)
    except Exception:  # a header the policy cannot parse counts as absent
        return ""


def _headers(letter: Letter, message: Message, envelope_from: str | None,
             envelope_to: list[str]) -> None:
    senders = [address for _, address in getaddresses([_header(message, "From")]) if address]
    letter.sender = senders[0].strip().lower() if senders else None
    recipients = [address for _, address in
                  getaddresses([_header(message, name) for name in RECIPIENT_HEADERS])]
    letter.recipients = sorted({a.strip().lower() for a in [*envelope_to, *recipients] if a})
    letter.subject = " ".join(_header(message, "Subject").split())
    ids = message_ids(_header(message, "Message-ID"))
    letter.message_id = ids[0] if ids else None
    refs = message_ids(_header(message, "In-Reply-To"))
    refs += reversed(message_ids(_header(message, "References")))
    letter.references = list(dict.fromkeys(refs))
    auto = _header(message, "Auto-Submitted").strip().lower()
    precedence = _header(message, "Precedence").strip().lower()
    local = (letter.sender or "").split("@")[0]
    letter.automatic = bool(
        (auto and auto != "no") or precedence in ("bulk", "junk", "list")
        or local in ("mailer-daemon", "postmaster") or envelope_from == ""
        or _header(message, "List-Id"))


def _body(letter: Letter, message: Message) -> None:
    assert isinstance(message, EmailMessage)
    attachments = []
    for part in message.walk():
        if part.is_multipart():
            continue
        disposition = part.get_content_disposition()
        if disposition == "attachment" or (
                part.get_content_maintype() not in ("text", "multipart")):
            attachments.append(part.get_filename() or part.get_content_type())
    if attachments:
        letter.notes.append("Attachments are not read (" + ", ".join(attachments[:5])
                            + "); write your orders in the text of the mail.")
    body = message.get_body(preferencelist=("plain", "html"))
    if body is None:
        letter.unreadable = ("Your mail has no text in it that could be read; write your "
                             "orders in the text of a plain mail.")
        return
    content = _decode(body)
    if content is None:
        charset = body.get_content_charset() or "unknown"
        letter.unreadable = (f"The text of your mail is in a character set ({charset}) that "
                             "could not be read; send it again as plain text in UTF-8.")
        return
    if body.get_content_subtype() == "html":
        content = html_to_text(content)
        letter.notes.append("Your mail had no plain-text part; its HTML was read as text. "
                            "Plain text is safer.")
    letter.text = strip_reply(content)


def _decode(part: Message) -> str | None:
    """The part's text in its declared charset, else UTF-8; None if neither reads it."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return str(part.get_payload())
    charset = part.get_content_charset() or "us-ascii"
    for candidate in (charset, "utf-8"):
        try:
            return payload.decode(candidate)
        except (LookupError, UnicodeDecodeError):
            continue
    return None


def strip_reply(text: str) -> str:
    """The new text of a reply: quoted lines, the "On … wrote:" line and everything after
    it, forwarded blocks and the signature (after "-- ") are dropped."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    for index, line in enumerate(lines):
        stripped = line.strip()
        if line.rstrip() == "--" or any(pattern.match(stripped) for pattern in _CUT):
            break
        if _ON_WROTE.match(stripped):
            break
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if stripped.lower().startswith(("on ", "am ")) and _ON_WROTE.match(
                f"{stripped} {following}"):
            break
        if stripped.startswith(">"):
            continue
        kept.append(line.rstrip())
    return "\n".join(kept).strip()


class _TextOfHtml(HTMLParser):
    """HTML to plain lines, leaving out quoted mail and invisible parts."""

    SKIP: ClassVar[set[str]] = {"script", "style", "head", "blockquote", "title"}
    BREAK: ClassVar[set[str]] = {"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "pre",
                                 "table"}
    QUOTE_MARKS = ("gmail_quote", "moz-cite-prefix", "divrplyfwdmsg", "appendonsend",
                   "yahoo_quoted")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []
        self.stopped = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        marks = " ".join(f"{v}" for k, v in attrs if k in ("class", "id") and v).lower()
        if any(mark in marks for mark in self.QUOTE_MARKS):
            self.stopped = True
        if tag in self.SKIP:
            self.skipping.append(tag)
        if tag in self.BREAK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()
        if tag in self.BREAK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping and not self.stopped:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    parser = _TextOfHtml()
    parser.feed(html)
    parser.close()
    lines = [" ".join(line.split()) for line in "".join(parser.parts).split("\n")]
    return "\n".join(line for line in lines if line)
