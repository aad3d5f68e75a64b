"""Press through the gateway, over real SMTP: a message written at the web table reaches
an email seat as "Ann writes to you: …", the email player answers by replying (or starts a
mail with "to Ann, Bob: …"), the web seat reads it, and nobody else is mailed anything;
no mail shows another player's address."""

from __future__ import annotations

import asyncio

from tests.mail.support import ADDRESSES, world

from hacktable.server.live import Caller


def test_an_email_seat_and_a_web_seat_exchange_messages(url, tmp_path):
    async def scenario():
        async with world(url, tmp_path) as here:
            code = await here.open_match()
            live = await here.table.matches.load(code)
            ann, bob, cyd, dee, _eve = here.players
            for player in here.players:
                await player.letter("round 1")
            press = here.table.press

            # Ann, at the web table, writes to Bob, who plays by mail
            await press.send(here.table, live, Caller("seat", 0), [1], "Bob: ally against Cyd?")
            relayed = await here.relay.wait(lambda: next(iter(bob.mails("Ann writes")), None))
            assert "Ann writes to you:\n\nBob: ally against Cyd?" in relayed.text
            assert str(relayed.message["From"]).endswith("<gm@example.org>")
            for address in ADDRESSES:
                assert address not in relayed.raw.decode().replace(ADDRESSES[1], "")

            # Bob answers the relayed mail: his words go back to Ann
            ack = await bob.answer(relayed, "Deal. I protect you in round 2.")
            assert "Your message to Ann was passed on." in ack.text
            read = press.readable(live, Caller("seat", 0), await press.messages.messages(
                live.record.id))
            assert [(m.sender, m.to, m.text) for m in read] == [
                (0, (1,), "Bob: ally against Cyd?"),
                (1, (0,), "Deal. I protect you in round 2.")]
            back = await here.relay.wait(lambda: next(iter(ann.mails("Bob writes")), None))
            assert "Bob writes to you:\n\nDeal. I protect you in round 2." in back.text

            # Cyd starts a message to a group by answering her round letter
            letter = await cyd.letter("round 1")
            ack = await cyd.answer(letter, "to Ann, Bob: a pact of three?\nThink about it.")
            assert "Your message to Ann, Bob was passed on." in ack.text
            await here.relay.wait(lambda: ann.mails("Cyd writes") and bob.mails("Cyd writes"))
            assert "a pact of three?\nThink about it." in ann.mails("Cyd writes")[0].text
            refused = await cyd.answer(letter, "to Zed: hello")
            assert "No player at this table is called 'Zed'" in refused.text

            # orders by mail still work beside it
            done = await dee.answer(await dee.letter("round 1"), "protect self")
            assert "protect" in done.text.lower()
            await asyncio.sleep(0.3)  # a look or two of the gateway after the last message
            # Dee and Eve were told nothing of any of it
            for player in here.players[3:]:
                assert not player.mails("writes")
                assert all("ally against" not in m.text and "pact of three" not in m.text
                           for m in player.mails())

    asyncio.run(scenario())
