"""Reminders for web players, through the real outbox to a real SMTP relay on loopback: the
address is confirmed by a mailed code; "round N begins" with the letter; a player who sends
nothing gets one "minutes left" reminder, one who sent gets none; the match's end; and
nothing twice after the gateway restarts."""

from __future__ import annotations

import asyncio
import re

import pytest
from tests.mail.support import world

from hacktable.engine import Rejected
from hacktable.mail import reminders
from hacktable.server.live import Caller

ANN, BOB = "ann@web.test", "bob@web.test"


def _code(text: str) -> str:
    found = re.search(r"\n    (\d{3}) (\d{3})\n", text)
    assert found, text
    return found.group(1) + found.group(2)


async def _seated(here):
    """Ann and Bob at the web table (no email play), two bots, started; both asked for
    reminders and confirmed them."""
    table = here.table
    record, _ = await table.room.create("rexfurum", 4, {"round_minutes": 20, "rounds": 2},
                                   {2: "loyal", 3: "loyal"})
    await table.room.join(record.code, 0, "Ann")
    await table.room.join(record.code, 1, "Bob")
    live = await table.matches.load(record.code)
    for seat, address in ((0, ANN), (1, BOB)):
        await reminders.ask(table, here.settings, live, seat, address, "127.0.0.1",
                            "http://table.test")
        mail = await here.relay.wait(lambda a=address: here.relay.to(a, "confirmation code"))
        try:
            await reminders.confirm(table, here.settings, live, seat, "000000")
        except Rejected as refused:
            assert "wrong" in refused.reason
        await reminders.confirm(table, here.settings, live, seat, _code(mail[-1].text))
    await table.host_controls.run(live, Caller("host"), "start")
    return record.code, live


def _reminders(here, address: str, words: str) -> list:
    return [m for m in here.relay.to(address) if words in m.subject]


def test_one_reminder_for_who_sent_nothing_none_for_who_sent_and_none_twice(
        sqlite_url, tmp_path):
    async def scenario():
        async with world(sqlite_url, tmp_path, reminder_minutes=15) as here:
            code, live = await _seated(here)
            begins = await here.relay.wait(lambda: _reminders(here, ANN, "round 1 begins"))
            assert "Dear Ann" in begins[0].text  # the round's letter
            assert f"http://table.test/m/{code}" in begins[0].text
            assert "+" not in str(begins[0].message["Reply-To"] or "")  # no seat code
            await here.relay.wait(lambda: _reminders(here, BOB, "round 1 begins"))
            await here.table.play.act(live, Caller("seat", 1), text="protect self")  # Bob sends

            here.advance(6 * 60)  # 14 minutes left: less than the lead time
            late = await here.relay.wait(lambda: _reminders(here, ANN, "minutes left"))
            assert "you have sent nothing" in late[0].text
            await here.gateway.reminders.check()
            await asyncio.sleep(0.5)
            assert len(_reminders(here, ANN, "minutes left")) == 1
            assert _reminders(here, BOB, "minutes left") == []  # he sent: none

            await here.stop_gateway()  # a restart: the outbox remembers what it queued
            await here.start_gateway()
            assert await here.gateway.reminders.check() == 0
            await asyncio.sleep(0.5)
            assert len(_reminders(here, ANN, "minutes left")) == 1
            assert len(_reminders(here, ANN, "round 1 begins")) == 1

            here.advance(20 * 60)  # round 2 (the deadline loop closes round 1)
            await here.relay.wait(lambda: _reminders(here, ANN, "round 2 begins"))
            here.advance(20 * 60)  # the end
            over = await here.relay.wait(lambda: _reminders(here, BOB, "the match is over"))
            assert f"http://table.test/m/{code}/reveal" in over[0].text
            assert len(_reminders(here, ANN, "the match is over")) == 1

    asyncio.run(scenario())


def test_no_reminder_without_a_confirmed_address_and_no_lead_when_off(sqlite_url, tmp_path):
    async def scenario():
        async with world(sqlite_url, tmp_path, reminder_minutes=0) as here:
            table = here.table
            record, _ = await table.room.create("rexfurum", 4, {"round_minutes": 20},
                                           {2: "loyal", 3: "loyal"})
            await table.room.join(record.code, 0, "Ann")
            await table.room.join(record.code, 1, "Bob")
            live = await table.matches.load(record.code)
            await reminders.ask(table, here.settings, live, 0, ANN, "127.0.0.1")
            await reminders.ask(table, here.settings, live, 1, BOB, "127.0.0.1")
            mail = await here.relay.wait(lambda: here.relay.to(BOB, "confirmation code"))
            await reminders.confirm(table, here.settings, live, 1, _code(mail[-1].text))
            await table.host_controls.run(live, Caller("host"), "start")
            await here.relay.wait(lambda: _reminders(here, BOB, "round 1 begins"))
            here.advance(19 * 60)
            await here.gateway.reminders.check()
            await asyncio.sleep(0.5)
            assert _reminders(here, BOB, "minutes left") == []  # the lead time is off
            assert [m for m in here.relay.to(ANN) if "confirmation" not in m.subject] == []

            here.advance(60)  # round 2 begins (round 1 closed by its deadline)
            await here.relay.wait(lambda: _reminders(here, BOB, "round 2 begins"))
            with pytest.raises(Rejected):
                await reminders.set_lead(table, live, -1)
            # the host's own lead, set once round 2 is open (set while round 1 still had a
            # minute left, it would rightly remind Bob of round 1 first)
            await reminders.set_lead(table, live, 5)
            here.advance(14 * 60)  # six minutes left: not yet
            await here.gateway.reminders.check()
            await asyncio.sleep(0.3)
            assert _reminders(here, BOB, "minutes left") == []
            here.advance(2 * 60)  # four minutes left
            late = await here.relay.wait(lambda: _reminders(here, BOB, "minutes left"))
            assert "4 minutes left in round 2" in late[0].text

    asyncio.run(scenario())
