"""The gateway's settings: a TOML file, the environment (`HACKTABLE_MAIL_*`), or both.

The environment wins over the file, so a password can stay out of the file. Every name in
the file is a field below; in the environment it is upper case with the prefix, e.g.
`smtp_password` is `HACKTABLE_MAIL_SMTP_PASSWORD`.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, fields, replace
from email.headerregistry import Address
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

PREFIX = "HACKTABLE_MAIL_"
TLS_MODES = {"smtp_tls": ("none", "starttls", "ssl"), "imap_tls": ("none", "ssl")}


class SettingsError(ValueError):
    """A setting is missing or wrong: the message says which and what to write."""


@dataclass(frozen=True, slots=True)
class MailSettings:
    address: str = "gm@localhost"
    """The gamemaster's address players write to; each seat gets `local+secret@domain`."""
    display_name: str = "hacktable GM"
    receive: str = "smtp"
    """How mail comes in: "smtp" (the built-in receiver, behind your MX), "imap" (poll a
    mailbox), or "both"."""
    listen_host: str = "127.0.0.1"
    listen_port: int = 2525
    imap_host: str = ""
    imap_port: int = 993
    imap_tls: str = "ssl"
    imap_user: str = ""
    imap_password: str = ""
    imap_folder: str = "INBOX"
    imap_poll: float = 10.0
    """Seconds between looks at the mailbox."""
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 25
    smtp_tls: str = "none"
    smtp_user: str = ""
    smtp_password: str = ""
    timezone: str = "UTC"
    """The host's time zone: round deadlines are written in it."""
    max_bytes: int = 256 * 1024
    """Mail larger than this is answered with a request to send plain text."""
    read_seconds: float = 10.0
    """The time budget for reading one mail (in a worker process); a mail that takes longer
    is answered unread."""
    read_workers: int = 2
    """How many worker processes read mail at once."""
    stranger_replies: int = 60
    """At most this many refusals an hour, in all, to addresses that play no seat (each such
    address gets at most one an hour): forged senders must not make the gateway a spammer."""
    confirmations_per_hour: int = 3
    """Confirmation codes one seat may have mailed in an hour: a player moving their seat's
    mail to a new address must type back a code sent there first, and must not make the
    gateway mail address after address."""
    confirmations_per_address: int = 3
    """Confirmation codes one mailbox may be sent a day, whoever asks and from however many
    seats (0: no limit): a stranger who holds many seats must not make the gateway write to
    someone else over and over."""
    confirmations_per_visitor: int = 10
    """Confirmation codes one client (network address) may ask for an hour, from all the
    seats it holds together (0: no limit)."""
    reminder_minutes: float = 15.0
    """A web player who left an address for reminders is mailed this many minutes before a
    round's deadline if they have sent nothing yet (0: no such reminder; "round N begins"
    and "the match is over" still go)."""
    confirm_minutes: float = 60.0
    """How long a confirmation code mailed to a new address stays good."""
    web_url: str = ""
    """The table's address (e.g. https://table.example.org), for personal links in mails."""
    tick: float = 0.25
    """How often the gateway looks for matches that moved and mail to send, in seconds."""

    # -- reading ------------------------------------------------------------------------

    @classmethod
    def load(cls, path: Path | None = None, env: dict[str, str] | None = None,
             **overrides: Any) -> MailSettings:
        """Settings from the file at `path` (or `HACKTABLE_MAIL_CONFIG`), then the
        environment, then `overrides`; checked."""
        env = dict(os.environ if env is None else env)
        values: dict[str, Any] = {}
        path = path or (Path(env[PREFIX + "CONFIG"]) if env.get(PREFIX + "CONFIG") else None)
        if path is not None:
            try:
                data = tomllib.loads(path.read_text())
            except FileNotFoundError:
                raise SettingsError(f"There is no mail settings file {str(path)!r}.") from None
            except tomllib.TOMLDecodeError as error:
                raise SettingsError(f"{path} is not valid TOML: {error}.") from None
            values.update(data.get("mail", data))
        known = {f.name: f for f in fields(cls)}
        for name in known:
            if env.get(PREFIX + name.upper()):
                values[name] = env[PREFIX + name.upper()]
        values.update({k: v for k, v in overrides.items() if v is not None})
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise SettingsError(f"Unknown mail setting(s): {', '.join(unknown)}; the known "
                                f"ones are {', '.join(known)}.")
        typed: dict[str, Any] = {}
        defaults = cls()
        for name, value in values.items():
            kind = type(getattr(defaults, name))
            try:
                typed[name] = kind(value)
            except (TypeError, ValueError):
                raise SettingsError(f"Mail setting {name} must be a {kind.__name__}, "
                                    f"not {value!r}.") from None
        return replace(defaults, **typed).checked()

    def checked(self) -> MailSettings:
        if self.receive not in ("smtp", "imap", "both"):
            raise SettingsError("Mail setting receive must be smtp, imap or both.")
        for name, modes in TLS_MODES.items():
            if getattr(self, name) not in modes:
                raise SettingsError(f"Mail setting {name} must be one of "
                                    f"{', '.join(modes)}.")
        if "@" not in self.address or "+" in self.address.split("@")[0]:
            raise SettingsError("Mail setting address must be a plain address such as "
                                "gm@example.org (each seat gets gm+CODE@example.org).")
        if self.receive in ("imap", "both") and not (self.imap_host and self.imap_user):
            raise SettingsError("Reading mail by IMAP needs imap_host, imap_user and "
                                "imap_password.")
        if self.read_seconds <= 0 or self.read_workers < 1 or self.stranger_replies < 0:
            raise SettingsError("Mail settings read_seconds and read_workers must be positive "
                                "and stranger_replies at least 0.")
        self.zone()
        return self

    # -- derived ------------------------------------------------------------------------

    @property
    def local_part(self) -> str:
        return self.address.rsplit("@", 1)[0]

    @property
    def domain(self) -> str:
        return self.address.rsplit("@", 1)[1]

    def seat_address(self, secret: str) -> str:
        """The address that proves a seat: the gamemaster's, plus the seat's secret."""
        return f"{self.local_part}+{secret}@{self.domain}"

    def sender(self) -> str:
        return str(Address(self.display_name, addr_spec=self.address))

    def zone(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise SettingsError(f"Unknown time zone {self.timezone!r}; use a name such as "
                                "Europe/Berlin or America/New_York.") from None
