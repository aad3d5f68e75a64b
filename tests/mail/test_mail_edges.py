"""The gateway against hostile and broken mail: forged senders, duplicates, late mail,
unreadable mail, and a relay that goes away and comes back."""

from __future__ import annotations

import asyncio

from tests.mail.support import ADDRESSES, GM, NAMES, Relay, deliver, mail, world

from hacktable.mail.gateway import Gateway
from hacktable.store.mail import MailStore

ROUND = 20 * 60
NOTE = "The host cancelled this table before it started."


async def _orders(here, code: str) -> list:
    live = await here.table.matches.load(code)
    return [e for e in await here.table.store.entries(live.record.id) if e.kind == "action"]


def test_a_forged_sender_is_refused_and_the_seat_owner_is_told(sqlite_url, tmp_path):
    async def scenario():
        async with world(sqlite_url, tmp_path) as here:
            code = await here.open_match()
            ann = here.players[0]
            report = await ann.letter("round 1")
            forged = mail("mallory@evil.test", str(report.message["Reply-To"]),
                          "Re: " + report.subject, "embezzle Bob")
            await deliver(here.settings.listen_port, forged)
            refusal = await here.relay.wait(lambda: here.relay.to("mallory@evil.test"))
            warning = await here.relay.wait(lambda: ann.mails("Warning"))
            assert "not sent from that seat's registered address" in refusal[0].text
            assert report.message["Reply-To"].split("+")[1].split("@")[0] \
                not in refusal[0].raw.decode()  # the forger is not sent the code
            assert "mallory@evil.test" in warning[0].text
            # The From header alone (Ann's address, no code) proves nothing either.
            spoofed = mail(ADDRESSES[0], GM, "my orders", "embezzle Bob")
            await deliver(here.settings.listen_port, spoofed)
            instructions = await here.relay.wait(
                lambda: [m for m in ann.mails() if "did not show which seat" in m.text])
            assert instructions
            assert await _orders(here, code) == []

    asyncio.run(scenario())


def test_a_mail_delivered_twice_is_applied_once(sqlite_url, tmp_path):
    async def scenario():
        async with world(sqlite_url, tmp_path) as here:
            code = await here.open_match()
            bob = here.players[1]
            report = await bob.letter("round 1")
            ack = await bob.answer(report, "protect self")
            # The sending server retries the very same mail (same Message-ID), twice.
            again = mail(bob.address, str(report.message["Reply-To"]), "Re: x", "protect self",
                         message_id=str(ack.message["In-Reply-To"]))
            await deliver(here.settings.listen_port, again)
            await deliver(here.settings.listen_port, again.as_bytes(), bob.address,
                          [str(report.message["Reply-To"])])
            await asyncio.sleep(0.5)
            assert len(await _orders(here, code)) == 1
            assert len([m for m in bob.mails() if m.subject.startswith("Re:")]) == 1

    asyncio.run(scenario())


def test_a_copy_of_a_mail_after_its_round_closed_gets_no_second_reply(sqlite_url, tmp_path):
    """Bob's orders for round 1 were taken; the round closes; the very same bytes come again
    (a resend, a relay's retry, or someone replaying them). The mail was answered once, and
    is never answered again: old bytes must not make the gateway write, round after round,
    nor pass for orders taken again."""
    async def scenario():
        async with world(sqlite_url, tmp_path, deadlines=False) as here:
            code = await here.open_match()
            bob = here.players[1]
            report = await bob.letter("round 1")
            ack = await bob.answer(report, "protect self")
            assert ack.text.startswith("Round 1 orders received")
            replies = len(bob.mails())
            here.advance(ROUND + 5)
            await here.table.play.close_due()
            second = await bob.letter("round 2")
            again = mail(bob.address, str(report.message["Reply-To"]), "Re: x", "protect self",
                         message_id=str(ack.message["In-Reply-To"]))
            for _ in range(2):
                await deliver(here.settings.listen_port, again)
            here.advance(ROUND + 5)
            await here.table.play.close_due()
            await bob.letter("round 3")
            await deliver(here.settings.listen_port, again)  # and in a later round still
            # a new mail, answered after the copies came: the gateway has read past them
            late = await bob.answer(second, "embezzle Ann")
            assert "too late for round 2" in late.text
            await asyncio.sleep(0.5)
            assert [m for m in bob.mails() if "received before" in m.text] == []
            assert len(bob.mails()) == replies + 3  # two round letters and the late notice
            assert len(await _orders(here, code)) == 1  # round 1's orders, once

    asyncio.run(scenario())


def test_mail_after_the_deadline_is_too_late_and_changes_nothing(sqlite_url, tmp_path):
    async def scenario():
        async with world(sqlite_url, tmp_path, deadlines=False) as here:
            code = await here.open_match()
            cyd = here.players[2]
            first = await cyd.letter("round 1")
            # The deadline passed; the round has not been closed yet: still too late.
            here.advance(ROUND + 5)
            late = await cyd.answer(first, "protect self")
            assert "too late for round 1" in late.text
            assert await _orders(here, code) == []
            # Once round 2 is open, an answer to round 1's mail is too late for round 1.
            await here.table.play.close_due()
            second = await cyd.letter("round 2")
            late = await cyd.answer(first, "embezzle Ann")
            assert "too late for round 1" in late.text
            assert "Round 2 is open now" in late.text
            assert await _orders(here, code) == []
            ok = await cyd.answer(second, "embezzle Ann")
            assert ok.text.startswith("Round 2 orders received")

    asyncio.run(scenario())


def test_unreadable_mail_gets_a_clear_answer_and_never_stops_the_gateway(sqlite_url,
                                                                          tmp_path):
    async def scenario():
        async with world(sqlite_url, tmp_path, max_bytes=20_000) as here:
            code = await here.open_match()
            dee = here.players[3]
            report = await dee.letter("round 1")
            to = str(report.message["Reply-To"])
            port = here.settings.listen_port

            async def answer(message) -> str:
                before = len(dee.mails())
                await deliver(port, message, dee.address, [to])
                found = await here.relay.wait(lambda: dee.mails()[before:])
                return found[0].text

            big = mail(dee.address, to, "Re: big", "protect self\n" + "x" * 60_000)
            assert "larger than 19 KB" in await answer(big)
            attached = mail(dee.address, to, "Re: file", "protect self")
            attached.add_attachment(b"%PDF-1.4", maintype="application", subtype="pdf",
                                    filename="orders.pdf")
            text = await answer(attached)
            assert "Attachments are not read (orders.pdf)" in text
            assert "orders received" in text
            html = mail(dee.address, to, "Re: html", "")
            html.set_content("<html><body><p>embezzle Ann</p><div class='gmail_quote'>"
                             "crash alpha</div></body></html>", subtype="html")
            text = await answer(html)
            assert "no plain-text part" in text and "embezzle Ann" in text
            latin = (f"From: {dee.address}\r\nTo: {to}\r\nSubject: Re: latin\r\n"
                     "Message-ID: <latin@players.test>\r\nContent-Type: text/plain; "
                     "charset=iso-8859-1\r\n\r\nprotect self \xe9\r\n").encode("latin-1")
            assert "Could not read 'é'" in await answer(latin)
            unknown = (f"From: {dee.address}\r\nTo: {to}\r\nSubject: Re: odd\r\n"
                       "Message-ID: <odd@players.test>\r\nContent-Type: text/plain; "
                       "charset=x-klingon\r\n\r\nprotect \xff\xfe self\r\n").encode("latin-1")
            assert "character set (x-klingon)" in await answer(unknown)
            typo = mail(dee.address, to, "Re: typo", "protect self\nbribe 4000 gamm")
            text = await answer(typo)
            assert "Could not read 'gamm'" in text and "Did you mean 'gamma'?" in text
            empty = mail(dee.address, to, "Re: empty", "\n> quoted only\n")
            assert "No orders were found" in await answer(empty)
            garbage = b"\x00\xff\xfe garbage \r\n\r\n\x80\x81"
            await deliver(port, garbage, dee.address, [to])
            bounce = mail("MAILER-DAEMON@players.test", to, "Undelivered", "protect self")
            await deliver(port, bounce)
            vacation = mail(dee.address, to, "Away", "I am away", Auto_Submitted="auto-replied")
            await deliver(port, vacation)
            # Still answering, and only the readable orders were made.
            ok = await dee.answer(report, "protect self")
            assert ok.text.startswith("Round 1 orders received")
            orders = await _orders(here, code)
            assert len(orders) == 3  # the attachment's, the HTML's, and the last

    asyncio.run(scenario())


def test_a_relay_outage_loses_nothing_and_a_restart_sends_nothing_twice(url, tmp_path):
    async def scenario():
        async with world(url, tmp_path) as here:
            await here.open_match()
            eve = here.players[4]
            report = await eve.letter("round 1")
            port = here.relay.port
            await here.relay.stop()
            answer = mail(eve.address, str(report.message["Reply-To"]), "Re: r1",
                          "protect self")
            await deliver(here.settings.listen_port, answer)
            store = MailStore(here.store)

            async def waiting() -> int:
                return (await store.outbox_counts())[1]

            # The gateway reads, applies and queues the acknowledgement in its own time; a
            # loaded machine may take seconds, so wait on a deadline, not a count of tries.
            deadline = asyncio.get_running_loop().time() + 60
            while not await waiting() and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.05)
            assert await waiting() == 1
            await asyncio.sleep(0.3)  # a failed attempt or two, backing off
            # The gateway restarts while the relay is still down, then the relay comes back.
            await here.stop_gateway()
            await here.start_gateway()
            relay = Relay()
            relay.port = port
            here.relay = await relay.start()
            here.advance(600)  # past any back-off
            ack = await here.relay.wait(lambda: eve.mails())
            assert ack[0].text.startswith("Round 1 orders received")
            await here.stop_gateway()
            gateway = await here.start_gateway()
            await asyncio.sleep(0.5)
            assert len(eve.mails()) == 1
            assert await waiting() == 0
            assert isinstance(gateway, Gateway)

    asyncio.run(scenario())


def test_the_final_ranking_calls_seats_what_the_game_called_them():
    """The final letter's ranking uses the outcome's names where a game gives them (Rules
    for Runners' characters), and leaves out a seat the outcome does not rank (the GM)."""
    from types import SimpleNamespace

    from hacktable.engine.contract import Outcome
    from hacktable.mail.gateway import Gateway

    outcome = Outcome(((1, 2),), {1: 5.0, 2: 7.0}, "Mission accomplished: Mica, Damien "
                      "made it out.", names={1: "Mica", 2: "Damien"})
    match = SimpleNamespace(outcome=lambda: outcome, seats=("Gil", "Ann", "Bob"))
    text = Gateway._ranking(SimpleNamespace(match=match))
    assert "1. Mica  5" in text and "1. Damien  7" in text
    assert "Gil" not in text and "Ann" not in text


def test_a_table_cancelled_before_its_start_tells_each_mail_seat(sqlite_url, tmp_path):
    """Seats played by mail are told once that the host cancelled the table; a mail sent to
    it afterwards is answered with the same sentence and changes nothing."""
    from hacktable.mail.enable import enable
    from hacktable.server.live import Caller

    async def scenario():
        async with world(sqlite_url, tmp_path) as here:
            record, _ = await here.table.room.create("rexfurum", 5, {"round_minutes": 20}, None)
            await enable(here.table, here.mail_store, here.settings, record.code,
                         list(zip(NAMES, ADDRESSES, strict=True)))
            welcome = await here.relay.wait(lambda: here.relay.to(ADDRESSES[0]))
            live = await here.table.matches.load(record.code)
            await here.table.host_controls.run(live, Caller("host"), "end")
            for address in ADDRESSES:
                told = await here.relay.wait(lambda a=address: [
                    m for m in here.relay.to(a) if "cancelled" in m.subject])
                assert len(told) == 1 and NOTE in told[0].text
            await asyncio.sleep(0.3)  # the gateway looks again: nobody is told twice
            assert len([m for m in here.relay.to(ADDRESSES[1])
                        if "cancelled" in m.subject]) == 1
            late = mail(ADDRESSES[0], str(welcome[0].message["Reply-To"]),
                        "Re: " + welcome[0].subject, "protect self")
            await deliver(here.settings.listen_port, late)
            answer = await here.relay.wait(lambda: [
                m for m in here.relay.to(ADDRESSES[0]) if "changed nothing" in m.text])
            assert NOTE in answer[0].text
            assert await _orders(here, record.code) == []

    asyncio.run(scenario())
