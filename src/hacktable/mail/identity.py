"""Which seat a mail speaks for.

A From header is easy to forge, and in Rex Furum a forged order is a perfect crime. So a
seat is proven by a secret only its player was sent (the plus-address `gm+SECRET@domain`
that every mail to them carries as Reply-To, or `[SECRET]` in the subject), and the From
address must also be the seat's. A mail with the secret but another sender is refused,
and the seat's real player is told.
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass

from hacktable.mail.messages import Letter
from hacktable.mail.settings import MailSettings
from hacktable.store.mail import MailSeat, MailStore

SECRET_BYTES = 10  # 80 bits, 16 characters of lower-case base32


def new_secret() -> str:
    """Lower case letters and digits only: some mail systems lower-case the local part."""
    return base64.b32encode(secrets.token_bytes(SECRET_BYTES)).decode().lower().rstrip("=")


def normal_address(address: str) -> str:
    return address.strip().lower()


def plus_codes(recipients: list[str], settings: MailSettings) -> list[str]:
    """The secrets in recipient addresses of the form local+SECRET@domain."""
    prefix = settings.local_part.lower() + "+"
    found = []
    for address in recipients:
        local, _, domain = address.rpartition("@")
        if domain == settings.domain.lower() and local.startswith(prefix):
            found.append(local[len(prefix):])
    return found


@dataclass(frozen=True, slots=True)
class Verdict:
    """`seat` when the mail proves it; otherwise why not, and whose seat was claimed."""

    seat: MailSeat | None
    problem: str | None = None
    claimed: MailSeat | None = None
    """A seat whose secret the mail carried from another sender: its owner is warned."""


async def identify(letter: Letter, store: MailStore, settings: MailSettings) -> Verdict:
    codes = [*plus_codes(letter.recipients, settings), *letter.codes]
    seat = await store.seat_by_secret(codes)
    sender = normal_address(letter.sender or "")
    if seat is None:
        return Verdict(None, "no-code")
    if normal_address(seat.address) != sender:
        return Verdict(None, "forged", seat)
    return Verdict(seat)
