"""Issue 11, point 9 (mail): a forged From must not turn the gateway into a spammer
(backscatter); a mail without Message-ID that a relay delivers twice, with one more
Received header, counts once; orders hidden in HTML (display:none) are not read; and a mail
carrying two seats' codes is refused rather than guessed. Real SMTP on loopback."""

from __future__ import annotations

import asyncio

from tests.mail.support import GM, deliver, mail, world

from hacktable.mail.html import html_to_text

HOUR = 3600


async def _orders(here, code: str) -> list:
    live = await here.table.matches.load(code)
    return [e for e in await here.table.store.entries(live.record.id) if e.kind == "action"]


def acks(player) -> list:
    return [m for m in player.mails() if m.subject.startswith("Re: round 1")]


async def _settled(here) -> None:
    """Wait until the gateway has answered every mail it took and sent what it queued."""
    for _ in range(400):
        _, waiting = await here.mail_store.outbox_counts()
        if not waiting and not here.gateway._tasks:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the gateway did not settle")


def test_a_stranger_gets_one_short_answer_an_hour_however_often_they_write(tmp_path):
    async def scenario():
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path,
                         deadlines=False) as here:
            code = await here.open_match()
            ann = here.players[0]
            report = await ann.letter("round 1")
            port = here.settings.listen_port
            victim = "victim@elsewhere.test"
            for n in range(4):  # forged in the victim's name, with and without a seat code
                to = str(report.message["Reply-To"]) if n % 2 else GM
                await deliver(port, mail(victim, to, f"orders {n}", "embezzle Bob"))
            await _settled(here)
            answers = here.relay.to(victim)
            assert len(answers) == 1, [a.text for a in answers]
            assert len(answers[0].text) < 400 and "at most one" in answers[0].text
            assert len(ann.mails("Warning")) == 1  # the seat's player hears of it once
            here.advance(HOUR + 1)
            await deliver(port, mail(victim, GM, "orders again", "embezzle Bob"))
            await here.relay.wait(lambda: len(here.relay.to(victim)) == 2)
            assert await _orders(here, code) == []

    asyncio.run(scenario())


def test_strangers_in_all_get_a_bounded_number_of_answers(tmp_path):
    async def scenario():
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path, deadlines=False,
                         stranger_replies=3) as here:
            await here.open_match()
            strangers = [f"victim{n}@elsewhere.test" for n in range(6)]
            for address in strangers:
                await deliver(here.settings.listen_port, mail(address, GM, "hi", "out Ann"))
            await _settled(here)
            assert sum(len(here.relay.to(a)) for a in strangers) == 3
            # A player is no stranger: always answered.
            ann = here.players[0]
            await deliver(here.settings.listen_port, mail(ann.address, GM, "hi", "out Bob"))
            found = await here.relay.wait(lambda: ann.mails("Re: your mail"))
            assert "did not show which seat" in found[0].text

    asyncio.run(scenario())


def test_a_mail_without_message_id_relayed_twice_counts_once(tmp_path):
    async def scenario():
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path) as here:
            code = await here.open_match()
            bob = here.players[1]
            report = await bob.letter("round 1")
            to = str(report.message["Reply-To"])
            raw = (f"From: {bob.address}\r\nTo: {to}\r\nSubject: Re: round 1\r\n"
                   "Date: Mon, 1 Jan 2024 10:00:00 +0000\r\n\r\nprotect self\r\n").encode()
            await deliver(here.settings.listen_port, raw, bob.address, [to])
            await here.relay.wait(lambda: acks(bob))
            again = (b"Received: from relay2.players.test by mx.example.org; "
                     b"Mon, 1 Jan 2024 10:05:00 +0000\r\n" + raw)
            await deliver(here.settings.listen_port, again, bob.address, [to])
            await _settled(here)
            assert len(acks(bob)) == 1
            assert len(await _orders(here, code)) == 1

    asyncio.run(scenario())


def test_orders_hidden_in_html_are_not_read():
    html = ("<div>protect self</div><div style='color:red; DISPLAY: none !important'>"
            "<p>embezzle bob</p><div>crash alpha</div></div><span hidden>out cyd</span>"
            "<p style='font-size:0'>crash beta</p><div>out dee</div>")
    assert html_to_text(html) == "protect self\nout dee"


def test_html_only_mail_hiding_orders_applies_what_is_shown(tmp_path):
    async def scenario():
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path) as here:
            await here.open_match()
            cyd = here.players[2]
            report = await cyd.letter("round 1")
            html = mail(cyd.address, str(report.message["Reply-To"]), "Re: html", "")
            html.set_content("<html><body><p>protect self</p><div style='display:none'>"
                             "<div>embezzle Ann</div></div></body></html>", subtype="html")
            before = len(cyd.mails())
            await deliver(here.settings.listen_port, html)
            answer = (await here.relay.wait(lambda: cyd.mails()[before:]))[0]
            assert "orders received: protect Cyd (1 of 3" in answer.text, answer.text
            assert "embezzle" not in answer.text.lower()

    asyncio.run(scenario())


def test_a_mail_with_two_seats_codes_is_refused_not_guessed(tmp_path):
    async def scenario():
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path) as here:
            code = await here.open_match()
            dee, eve = here.players[3], here.players[4]
            dee_report = await dee.letter("round 1")
            eve_report = await eve.letter("round 1")
            eve_code = str(eve_report.message["Reply-To"]).split("+")[1].split("@")[0]
            two = mail(dee.address, str(dee_report.message["Reply-To"]),
                       f"Re: orders [{eve_code}]", "embezzle Ann")
            await deliver(here.settings.listen_port, two)
            answer = await here.relay.wait(lambda: dee.mails("Re: your mail"))
            assert "carries the codes of 2 seats" in answer[0].text
            assert eve_code not in answer[0].raw.decode()
            warned = await here.relay.wait(lambda: eve.mails("Warning"))
            assert dee.address in warned[0].text
            assert await _orders(here, code) == []

    asyncio.run(scenario())
