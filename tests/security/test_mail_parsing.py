"""Issue 11, point 4: a mail that takes seconds to parse must not stall the event loop that
serves every table of the process, and a mail beyond the time or size budget still gets a
short answer saying why. Real SMTP in and out on loopback, the gateway in this process's
loop, as `serve --mail` runs it.

The loop is watched by a heartbeat task that wakes every 10 ms. No bound here is on speed:
the heartbeat's longest pause is compared with how long the mail took to be answered (when
the mail is parsed on the loop, that pause is nearly all of it; it must be under half, as
a machine busy with other tests can hold the loop up for a few tenths of a second)."""

from __future__ import annotations

import asyncio
import time

from tests.mail.hostile import heartbeat, heavy_subject, slow_parts
from tests.mail.support import deliver, world


async def _orders(here, code: str) -> list:
    live = await here.table.matches.load(code)
    return [e for e in await here.table.store.entries(live.record.id) if e.kind == "action"]


async def _send_and_watch(here, player, raw: bytes, to: str) -> tuple[str, float, float, int]:
    """Deliver `raw` as the player; (the answer's text, the time to the answer, the
    heartbeat's longest pause meanwhile, how often it ran meanwhile)."""
    async with heartbeat() as beat:
        await asyncio.sleep(0.05)
        before = len(player.mails())
        start = time.monotonic()
        await deliver(here.settings.listen_port, raw, player.address, [to])
        answers = await here.relay.wait(lambda: player.mails()[before:], timeout=120)
        end = time.monotonic()
    return answers[0].text, end - start, beat.longest_pause(start, end), len(
        beat.between(start, end))


def test_a_mail_that_is_slow_to_parse_does_not_stall_the_loop(tmp_path):
    async def scenario():
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path,
                         read_seconds=120) as here:
            code = await here.open_match()
            ann = here.players[0]
            report = await ann.letter("round 1")
            to = str(report.message["Reply-To"])
            await ann.answer(report, "protect self")  # a worker is warm, as in service
            raw = slow_parts(ann.address, to, "embezzle Bob")
            assert len(raw) < here.settings.max_bytes  # within the size budget
            text, took, pause, beats = await _send_and_watch(here, ann, raw, to)
            assert "orders received" in text and "Attachments are not read" in text
            # Parsed on the loop, the heartbeat stops for nearly all the answer took.
            assert pause < took / 2, (pause, took)
            assert beats >= 20, (beats, took)
            assert len(await _orders(here, code)) == 2

    asyncio.run(scenario())


def test_a_mail_over_the_time_budget_is_answered_saying_why(tmp_path):
    async def scenario():
        # Half a second, and a mail (within the size budgets set here) that takes several.
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path, read_seconds=0.5,
                         max_bytes=1_000_000) as here:
            code = await here.open_match()
            bob = here.players[1]
            report = await bob.letter("round 1")
            to = str(report.message["Reply-To"])
            text, took, pause, _ = await _send_and_watch(
                here, bob, slow_parts(bob.address, to, "embezzle Ann", parts=12), to)
            assert "took longer than 0.5 seconds to read" in text
            assert "Nothing was changed" in text
            assert pause < took / 2, (pause, took)
            assert await _orders(here, code) == []
            # The worker stuck in that mail was replaced: the next mail is read as usual.
            ok = await bob.answer(report, "protect self")
            assert ok.text.startswith("Round 1 orders received")

    asyncio.run(scenario())


def test_the_218_kb_mail_gets_a_short_answer_and_stalls_nothing(tmp_path):
    async def scenario():
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path) as here:
            code = await here.open_match()
            cyd = here.players[2]
            report = await cyd.letter("round 1")
            to = str(report.message["Reply-To"])
            raw = heavy_subject(cyd.address, to)
            assert 210_000 < len(raw) < here.settings.max_bytes
            text, took, pause, _ = await _send_and_watch(here, cyd, raw, to)
            assert "headers are longer than 64 KB" in text, text
            assert pause < max(took / 4, 0.5), (pause, took)
            assert await _orders(here, code) == []

    asyncio.run(scenario())
