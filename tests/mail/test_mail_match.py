"""A whole Rex Furum match played by five scripted mail clients over real SMTP: every round
letter is exactly what the engine writes for the same orders, and no mail carries what its
reader may not see."""

from __future__ import annotations

import asyncio
import re

from tests.mail.support import NAMES, world

from hacktable.engine import Match, Rejected
from hacktable.engine.match import HOST
from hacktable.games import get_game
from hacktable.games.rexfurum import text as rexfurum_text
from hacktable.mail.compose import when
from hacktable.store.records import OVER

ROUND = 20 * 60


def orders(round_number: int, seat: int) -> str:
    """Each seat's orders for a round, in the seed's notation (several forms of it)."""
    after, before = NAMES[(seat + 1) % 5], NAMES[(seat - 1) % 5]
    script = {
        1: f"protect self, embezzle {after}",
        2: f"out {before} and invest 1000 {after}",
        3: f"backstab {after}; protect {before}",
        4: f"pinkslip {after} at alpha\nextort {before} at beta",
        0: f"embezzle {before}\nprotect {after}",
    }
    return script[round_number % 5]


def letter_of(text: str) -> str:
    """A round mail's letter: everything above the signature line."""
    return text.split("\n-- \n", 1)[0].rstrip("\n")


def private_lines(letter: str) -> list[str]:
    part = letter.split("For your eyes only\n", 1)
    if len(part) == 1:
        return []
    return [line for line in part[1].split("\n\n", 1)[0].splitlines() if line.strip()]


def test_five_players_play_ten_rounds_by_mail_as_the_engine_would(url, tmp_path):
    async def scenario():
        async with world(url, tmp_path) as here:
            code = await here.open_match()
            live = await here.table.matches.load(code)
            game = get_game("rexfurum")
            engine = Match(game, NAMES, live.record.options, live.record.seed)
            engine.note(HOST, {"do": "start"})
            letters: dict[int, list[str]] = {seat: [] for seat in range(5)}
            for round_number in range(1, 11):
                for seat, player in enumerate(here.players):
                    mail = await player.letter(f"round {round_number}")
                    expected_deadline = (await here.table.store.match(live.record.id)
                                         ).deadline_at
                    assert mail.to == [player.address]
                    assert f"Round {round_number} ends: " + when(
                        expected_deadline, here.settings.zone()) in mail.text
                    assert "Europe/Berlin" in mail.text
                    assert mail.message["Reply-To"] == here.settings.seat_address(
                        (await here.mail_store.seats(live.record.id))[seat].secret)
                    assert "<pre" in mail.html and NAMES[seat] in mail.html
                    ends = re.search(r"Round \d+ ends: (.*)", mail.text).group(1)
                    expected = game.letter(engine.view(seat), ends)
                    assert letter_of(mail.text) == expected.strip("\n")
                    letters[seat].append(letter_of(mail.text))
                    if round_number == 5 and seat == 4:
                        continue  # Eve sends nothing this round
                    if round_number == 2 and seat == 0:
                        ack = await player.answer(mail, "embezle Bob")
                        assert "not accepted" in ack.text
                        assert "Could not read 'embezle'" in ack.text
                        assert "Did you mean 'embezzle'?" in ack.text
                    text = orders(round_number, seat)
                    if round_number == 3 and seat == 1:
                        first = await player.answer(mail, "protect self")
                        events = engine.submit_text(seat, "protect self")
                        assert first.text.startswith(game.describe(events[0], engine.state))
                    ack = await player.answer(mail, text)
                    try:
                        events = engine.submit_text(seat, text)
                    except Rejected as refused:  # the script's orders broke a rule
                        assert "not accepted" in ack.text and refused.reason in ack.text
                        text = "protect self"
                        ack = await player.answer(mail, text)
                        events = engine.submit_text(seat, text)
                    receipt = game.describe(events[0], engine.state)
                    assert ack.text.startswith(receipt), (ack.text, receipt)
                    assert "action points" in receipt
                    if round_number == 3 and seat == 1:
                        assert "replace your earlier orders" in ack.text
                    assert ack.message["In-Reply-To"] is not None
                    assert ack.to == [player.address]
                engine.close_phase()
                here.advance(ROUND + 1)
            finals = [await p.letter("final results") for p in here.players]
            for seat, mail in enumerate(finals):
                assert mail.text.startswith(game.letter(engine.view(seat), None).strip("\n"))
                assert "Final ranking" in mail.text
                assert engine.outcome().summary in mail.text
                letters[seat].append(letter_of(mail.text))
            record = await here.table.store.match(live.record.id)
            assert record.status == OVER
            # The web table shows the same match: the stored log replays to the engine's.
            stored = await here.table.store.entries(live.record.id)
            assert [(e.kind, e.seat, e.payload) for e in stored] == [
                (e.kind, e.seat, e.payload) for e in engine.log]
            # Nobody's mail holds another seat's private news.
            for seat, player in enumerate(here.players):
                mine = "\n".join(m.text for m in player.mails())
                for other in range(5):
                    theirs = {line for lt in letters[other] for line in private_lines(lt)}
                    own = {line for lt in letters[seat] for line in private_lines(lt)}
                    for line in theirs - own:
                        assert line not in mine, (seat, other, line)
            # One report per seat per round, one final each: nothing twice.
            for player in here.players:
                subjects = [m.subject for m in player.mails() if "]" in m.subject
                            and not m.subject.startswith("Re:")]
                assert len(subjects) == len(set(subjects)) == 12  # welcome, 10 rounds, final

    asyncio.run(scenario())


def test_the_report_says_the_rules_for_a_second_mail(sqlite_url, tmp_path):
    async def scenario():
        async with world(sqlite_url, tmp_path) as here:
            await here.open_match({"resubmission": "append"})
            ann = here.players[0]
            mail = await ann.letter("round 1")
            assert "adds its orders to the earlier ones" in mail.text
            first = await ann.answer(mail, "protect self")
            second = await ann.answer(mail, "embezzle Bob")
            assert "protect Ann" in first.text
            assert "added to your earlier orders" in second.text
            assert "2 of 3 action points" in second.text

    asyncio.run(scenario())


def test_mail_help_matches_the_rules_page():
    help_text = rexfurum_text.mail_help({"resubmission": "replace", "action_points": 3})
    assert "replaces your earlier orders entirely" in help_text
