"""Reading an inbound mail: who sent it, to which address, what it replies to, and the
text the player wrote (without the quoted mail below it or their signature).

Nothing here raises on a strange mail: whatever cannot be read is reported in
`Letter.unreadable` as a sentence the sender can act on.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import getaddresses

from hacktable.mail.html import html_to_text

HEADER_LIMIT = 64 * 1024
"""The size budget for a mail's header block: decoding headers costs time that grows with
the square of their length (12,800 encoded words, 218 KB, took seconds)."""
REFERENCES_LIMIT = 50
"""The mails a reply is taken to answer: In-Reply-To and the newest References."""
MAX_PARTS = 100
"""A mail's parts, counted before it is parsed: deep nesting costs seconds, then fails."""
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


def _head(raw: bytes) -> Message:
    """The headers alone, undecoded (compat32): cheap on any input, so a sender and the
    seat's code can be found even in mail too large, too slow or too broken to read."""
    return BytesParser(policy=policy.compat32).parsebytes(raw[:HEADER_LIMIT], headersonly=True)


def header_bytes(raw: bytes) -> int:
    """How long the header block is (all of the mail when no blank line ends it)."""
    ends = [i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0]
    return min(ends) if ends else len(raw)


def dedupe_key(raw: bytes) -> str:
    """The Message-ID, or a hash of the bytes for a mail without one (`read` replaces that
    hash with one of the mail's content, which a relay's added headers do not change)."""
    try:
        found = message_ids(str(_head(raw).get("Message-ID", "")))
    except Exception:  # a mail no parser reads still gets a key
        found = []
    if found:
        return "mid:" + found[0]
    return "sha:" + hashlib.sha256(raw).hexdigest()


def content_key(message: Message) -> str:
    """A mail without Message-ID as a hash of what its writer wrote: sender, recipients,
    subject, date and the decoded text of each part, not the Received headers that each
    relay adds, nor how a relay re-encoded the body."""
    digest = hashlib.sha256()
    for name in ("From", "To", "Cc", "Subject", "Date"):
        digest.update(f"{name}:{' '.join(_header(message, name).split())}\n".encode(
            "utf-8", "surrogateescape"))
    for part in message.walk():
        if part.is_multipart():
            continue
        payload = part.get_payload(decode=True)
        if not isinstance(payload, bytes):
            payload = str(part.get_payload()).encode("utf-8", "surrogateescape")
        lines = payload.replace(b"\r\n", b"\n").rstrip().split(b"\n")
        digest.update(part.get_content_type().encode() + b"\n")
        digest.update(b"\n".join(line.rstrip() for line in lines) + b"\n\0")
    return "sum:" + digest.hexdigest()


def read(raw: bytes, max_bytes: int, envelope_from: str | None = None,
         envelope_to: list[str] | None = None) -> Letter:
    """The mail as the gateway reads it. Mail beyond the size budget (`max_bytes`, or a
    header block over `HEADER_LIMIT`) is not parsed, only its headers glanced at, so that
    its sender can still be answered."""
    letter = Letter(dedupe_key(raw))
    if len(raw) > max_bytes:
        return unread(letter, raw, envelope_from, envelope_to,
                      f"Your mail is larger than {max_bytes // 1024} KB, so it was not read. "
                      "Send your orders as a short plain-text mail without attachments.")
    if header_bytes(raw) > HEADER_LIMIT:
        return unread(letter, raw, envelope_from, envelope_to,
                      f"Your mail's headers are longer than {HEADER_LIMIT // 1024} KB, so it "
                      "was not read. Send your orders as a new, short plain-text mail.")
    if raw.lower().count(b"content-type:") > MAX_PARTS:
        return unread(letter, raw, envelope_from, envelope_to,
                      f"Your mail has more than {MAX_PARTS} parts, so it was not read. Send "
                      "your orders as a new, short plain-text mail.")
    try:
        message = BytesParser(policy=policy.default).parsebytes(raw)
        _headers(letter, message, envelope_from, envelope_to or [])
    except Exception:  # broken or absurdly nested: answer from the headers alone
        return unread(letter, raw, envelope_from, envelope_to,
                      "Your mail could not be read (its headers or its structure are broken "
                      "or nested too deeply); send a new, plain-text mail from your usual "
                      "mail program.")
    if letter.message_id is None:
        with contextlib.suppress(Exception):  # else the hash of its bytes stays the key
            letter.key = content_key(message)
    try:
        _body(letter, message)
    except Exception:
        letter.unreadable = ("The text of your mail could not be read; send your orders as "
                             "plain text in UTF-8.")
    return letter


def unread(letter: Letter, raw: bytes, envelope_from: str | None,
           envelope_to: list[str] | None, why: str) -> Letter:
    """A letter from the undecoded headers only, saying why the mail was not read."""
    letter.unreadable = why
    try:
        _headers(letter, _head(raw), envelope_from, envelope_to or [])
    except Exception:  # not even the headers: the envelope still names who sent it
        letter.sender = (envelope_from or "").strip().lower() or None
        letter.recipients = sorted({a.strip().lower() for a in envelope_to or [] if a})
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
    sender = senders[0] if senders else envelope_from
    letter.sender = sender.strip().lower() if sender else None
    recipients = [address for _, address in
                  getaddresses([_header(message, name) for name in RECIPIENT_HEADERS])]
    letter.recipients = sorted({a.strip().lower() for a in [*envelope_to, *recipients] if a})
    letter.subject = " ".join(_header(message, "Subject").split())
    ids = message_ids(_header(message, "Message-ID"))
    letter.message_id = ids[0] if ids else None
    refs = message_ids(_header(message, "In-Reply-To"))
    refs += reversed(message_ids(_header(message, "References")))
    letter.references = list(dict.fromkeys(refs))[:REFERENCES_LIMIT]
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
        content = html_to_text(content)  # without what the HTML hides
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
