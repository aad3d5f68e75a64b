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
MAX_CODES = 50


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
    """`seat` when the mail proves it; otherwise why not, and whose seats were claimed."""

    seat: MailSeat | None
    problem: str | None = None
    claimed: tuple[MailSeat, ...] = ()
    """Seats whose secret the mail carried from another sender: their owners are warned."""
    seats: int = 0
    """How many seats' codes the mail carried."""


async def identify(letter: Letter, store: MailStore, settings: MailSettings) -> Verdict:
    """The seat a mail proves. A mail carrying the codes of two seats proves neither: the
    gateway never guesses which one a player meant."""
    codes = list(dict.fromkeys([*plus_codes(letter.recipients, settings), *letter.codes]))
    codes = codes[:MAX_CODES]  # a real mail carries one; a list of thousands proves nothing
    seats = await store.seats_by_secrets(codes)
    sender = normal_address(letter.sender or "")
    claimed = tuple(seat for seat in seats if normal_address(seat.address) != sender)
    if not seats:
        return Verdict(None, "no-code")
    if len(seats) > 1:
        return Verdict(None, "several-codes", claimed, len(seats))
    if claimed:
        return Verdict(None, "forged", claimed, 1)
    return Verdict(seats[0], seats=1)
