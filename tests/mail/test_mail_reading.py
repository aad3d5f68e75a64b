"""Reading mail and settings, without any server: what a player wrote, and nothing else."""

from __future__ import annotations

import pytest

from hacktable.mail.identity import new_secret, plus_codes
from hacktable.mail.messages import html_to_text, read, strip_reply
from hacktable.mail.settings import MailSettings, SettingsError


def test_quoted_text_and_signatures_are_left_out():
    text = ("protect self\nembezzle bob\n\nOn Mon, 1 Jan 2024 at 10:00, GM <gm@x.org> wrote:\n"
            "> crash alpha\n")
    assert strip_reply(text) == "protect self\nembezzle bob"
    assert strip_reply("out amy\n-- \nAmy\ncrash beta") == "out amy"
    assert strip_reply("out amy\n> crash beta\nprotect self") == "out amy\nprotect self"
    assert strip_reply("out amy\nOn Tue, 2 Jan 2024, GM <gm@x.org>\nwrote:\n> x") == "out amy"
    assert strip_reply("out amy\n\nSent from my iPhone") == "out amy"
    assert strip_reply("out amy\n-----Original Message-----\nFrom: gm") == "out amy"


def test_html_is_read_without_its_quote():
    html = ("<div>protect self<br>embezzle bob</div><blockquote>crash alpha</blockquote>"
            "<div class='gmail_quote'>On … wrote: crash beta</div>")
    assert html_to_text(html) == "protect self\nembezzle bob"


def test_a_mail_without_message_id_still_has_a_key_and_nothing_raises():
    assert read(b"", 1000).key.startswith("sum:")  # a hash of its (empty) content
    assert read(b"\xff\x00garbage", 1000).sender is None


def test_seat_codes_come_from_plus_addresses_of_our_domain_only():
    settings = MailSettings.load(env={}, address="gm@example.org")
    secret = new_secret()
    assert secret.isalnum() and secret == secret.lower() and len(secret) == 16
    found = plus_codes([f"gm+{secret}@example.org", "gm+x@other.org", "bob+y@example.org"],
                       settings)
    assert found == [secret]
    assert settings.seat_address(secret) == f"gm+{secret}@example.org"


def test_settings_come_from_a_file_and_the_environment(tmp_path):
    path = tmp_path / "mail.toml"
    path.write_text('[mail]\naddress = "gm@example.org"\nsmtp_port = 587\n'
                    'smtp_tls = "starttls"\ntimezone = "Europe/Berlin"\n')
    settings = MailSettings.load(path, env={"HACKTABLE_MAIL_SMTP_PASSWORD": "secret",
                                            "HACKTABLE_MAIL_SMTP_PORT": "465"})
    assert (settings.smtp_port, settings.smtp_password, settings.smtp_tls) == (
        465, "secret", "starttls")
    for wrong in ({"timezone": "Mars/Olympus"}, {"smtp_tls": "maybe"}, {"colour": "red"},
                  {"address": "gm+x@example.org"}, {"receive": "imap"}):
        with pytest.raises(SettingsError):
            MailSettings.load(env={}, **wrong)
