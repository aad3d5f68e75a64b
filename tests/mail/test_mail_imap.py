"""The IMAP poller against a real dovecot: mail a provider delivered to the mailbox is read,
answered once, and marked seen only after the gateway kept it."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from tests.mail.support import dovecot, imap_append, imap_unseen, mail, world

from hacktable.mail.inbound import ImapPoller


def test_orders_from_an_imap_mailbox_are_made_once(sqlite_url, tmp_path):
    with dovecot() as server:
        async def scenario():
            async with world(sqlite_url, tmp_path, receive="smtp") as here:
                imap = replace(here.settings, imap_host="127.0.0.1", imap_port=server.port,
                               imap_tls="none", imap_user=server.user,
                               imap_password=server.password, imap_poll=0.1)
                poller = ImapPoller(here.gateway.receive, imap)
                await poller.start()
                try:
                    code = await here.open_match()
                    ann = here.players[0]
                    report = await ann.letter("round 1")
                    answer = mail(ann.address, str(report.message["Reply-To"]),
                                  "Re: " + report.subject, "protect self\n\n> quoted",
                                  reply_to=report)
                    await imap_append(server, answer.as_bytes())
                    ack = await here.relay.wait(
                        lambda: [m for m in ann.mails() if m.subject.startswith("Re:")])
                    assert ack[0].text.startswith("Round 1 orders received: protect Ann")
                    assert await imap_unseen(server) == 0
                    # The provider delivers the same mail again: it is not applied twice.
                    await imap_append(server, answer.as_bytes())
                    polls = poller.polls
                    while poller.polls < polls + 3 or await imap_unseen(server):
                        await asyncio.sleep(0.05)
                    await asyncio.sleep(0.3)
                    live = await here.table.matches.load(code)
                    entries = await here.table.store.entries(live.record.id)
                    assert len([e for e in entries if e.kind == "action"]) == 1
                    assert len([m for m in ann.mails() if m.subject.startswith("Re:")]) == 1
                finally:
                    await poller.close()

        asyncio.run(scenario())
