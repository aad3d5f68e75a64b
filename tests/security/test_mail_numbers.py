"""Issue 11, point 5 (the mail gateway and the notations): every mail from a known sender
gets an answer, and no number a player types crashes a reader. Python refuses to turn more
than 4,300 digits into an int, which crashed the Rex Furum notation (the mail was left
unanswered) and ./Run's space names; a 2,000-deep nested multipart was dropped without a
reply although its sender was known."""

from __future__ import annotations

import asyncio

import pytest
from tests.mail.hostile import nested
from tests.mail.support import GM, deliver, world

from hacktable.engine.errors import Rejected
from hacktable.games.dotrun.actions import parse
from hacktable.games.dotrun.board import load
from hacktable.games.rexfurum.notation import MAX_AMOUNT, parse_orders

HUGE = "9" * 5_000
NAMES = ["Ann", "Bob", "Cyd"]


@pytest.mark.parametrize("text", [f"bribe {HUGE} gamma", f"bribe {HUGE}k gamma",
                                  f"invest {HUGE} Bob", f"accept {HUGE} from Bob to alpha",
                                  f"bribe 1{'0' * 13} gamma", "bribe 1000000001k gamma"])
def test_an_amount_beyond_the_bound_is_refused_with_a_sentence(text):
    with pytest.raises(Rejected) as refused:
        parse_orders(text, NAMES, 0)
    assert f"amounts are at most ${MAX_AMOUNT:,}" in refused.value.reason
    assert len(refused.value.reason) < 200  # the 5,000 digits are not echoed


def test_amounts_up_to_the_bound_still_read():
    assert parse_orders(f"bribe {MAX_AMOUNT} gamma", NAMES, 0).orders[0].amount == MAX_AMOUNT
    assert parse_orders("bribe 0004.5k gamma", NAMES, 0).orders[0].amount == 4_500


@pytest.mark.parametrize("space", [f"o{HUGE}", "o²", "o٣", "o01", "o-1", "o 1"])
def test_dotrun_space_names_never_crash(space):
    assert load("default").is_space(space) is False


def test_dotrun_refuses_a_5000_digit_space_as_it_is_read():
    with pytest.raises(Rejected) as refused:
        parse(f"start o{HUGE}")
    assert "spaces are named like o4" in refused.value.reason
    assert len(refused.value.reason) < 100


def test_orders_with_a_5000_digit_amount_are_answered(tmp_path):
    async def scenario():
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path) as here:
            await here.open_match()
            ann = here.players[0]
            report = await ann.letter("round 1")
            answer = await ann.answer(report, f"bribe {HUGE} gamma")
            assert f"amounts are at most ${MAX_AMOUNT:,}" in answer.text
            assert "nothing changed" in answer.text

    asyncio.run(scenario())


def test_a_2000_deep_multipart_from_a_known_sender_is_answered(tmp_path):
    async def scenario():
        async with world(f"sqlite:///{tmp_path / 'mail.db'}", tmp_path) as here:
            await here.open_match()
            bob = here.players[1]
            report = await bob.letter("round 1")
            port = here.settings.listen_port
            # To the seat's address: answered in the seat's thread, saying why.
            to = str(report.message["Reply-To"])
            await deliver(port, nested(bob.address, to), bob.address, [to])
            answer = await here.relay.wait(lambda: bob.mails("Re: deep"))
            assert "not read" in answer[0].text and "Nothing was changed" in answer[0].text
            # To the plain address: still answered, with why and how to play.
            before = len(bob.mails())
            await deliver(port, nested(bob.address, GM, depth=1_999), bob.address, [GM])
            answer = await here.relay.wait(lambda: bob.mails()[before:])
            assert "not read" in answer[0].text and "did not show which seat" in answer[0].text

    asyncio.run(scenario())
