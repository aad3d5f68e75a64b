"""The seed's notation: "All the actions have specific notation that the gamemaster will read,
and sending actions in this notation will help the game go a lot smoother." """

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hacktable.engine import Rejected
from hacktable.games.rexfurum.notation import parse_orders
from hacktable.games.rexfurum.orders import (
    AcceptBribe,
    Backstab,
    Bribe,
    CoverUp,
    Crash,
    Embezzle,
    EnterEmpty,
    Extort,
    Invest,
    Out,
    PinkSlip,
    Protect,
    Quit,
    Submit,
)
from hacktable.games.rexfurum.rules import check_names

from .helpers import ALPHA, AMY, ARTHUR, BETA, DELTA, GAMMA, NAMES, STEPHEN, TYLER

SEAT = 4  # Felix writes the orders


def parse(text: str, names=NAMES, seat: int = SEAT) -> tuple:
    return parse_orders(text, names, seat).orders


def test_notation_the_example_email():
    """"bribe 4000 gamma protect stephen pinkslip arthur at beta ... This means: Send a bribe
    offer of 4k so that someone may hire me into Gamma, give Stephen (presumably my ally)
    protection this round, and try to pinkslip Arthur at Beta" """
    assert parse("bribe 4000 gamma protect stephen pinkslip arthur at beta") == (
        Bribe(4000, GAMMA), Protect(STEPHEN), PinkSlip(ARTHUR, BETA))


@pytest.mark.parametrize(("text", "order"), [
    ("embezzle stephen", Embezzle(STEPHEN)),
    ("Out tyler", Out(TYLER)),
    ("Pinkslip arthur at beta", PinkSlip(ARTHUR, BETA)),
    ("Extort Amy at Alpha", Extort(AMY, ALPHA)),
    ("Crash gamma", Crash(GAMMA)),
    ("Backstab stephen", Backstab(STEPHEN)),
    ("Protect amy", Protect(AMY)),
    ("Protect self", Protect(SEAT)),
    ("Coverup for Arthur", CoverUp(ARTHUR)),
    ("bribe 4000 beta", Bribe(4000, BETA)),
    ("Accept bribe 4000 from arthur to beta", AcceptBribe(4000, ARTHUR, BETA)),
    ("Enter empty alpha", EnterEmpty(ALPHA)),
    ("Quit gamma", Quit(GAMMA)),
    ("Invest 20000 tyler", Invest(20_000, TYLER)),
])
def test_notation_every_example_of_the_ruleset(text, order):
    """Each action's "notation" and "(ex. ...)" in the Final Ruleset, e.g. "out targetplayer
    (ex. Out tyler)", "accept bribe X from targetplayer to targetcompany (ex. Accept bribe 4000
    from arthur to beta)", "invest X targetplayer (ex. Invest 20000 tyler)"."""
    assert parse(text) == (order,)


def test_notation_round_trips_through_its_written_form():
    """"All the actions have specific notation that the gamemaster will read": every order
    written back in the notation reads as the same order."""
    orders = (Embezzle(STEPHEN), Out(TYLER), PinkSlip(ARTHUR, BETA), Extort(AMY, ALPHA),
              Crash(GAMMA), Backstab(STEPHEN), Protect(SEAT), Protect(AMY), CoverUp(ARTHUR),
              Bribe(4000, DELTA), AcceptBribe(4000, ARTHUR, BETA), EnterEmpty(ALPHA),
              Quit(GAMMA), Invest(20_000, TYLER))
    for order in orders:
        assert parse(order.notation(NAMES)) == (order,)
    assert parse(Submit(orders).notation(NAMES)) == orders


def test_notation_two_word_forms_and_amounts():
    """"pink slip" and "cover up" are the actions' names in the seed's headings ("Pink Slip -
    1 action", "Cover up - 1 action"); amounts may be written 4k, $4,000."""
    assert parse("pink slip arthur at beta, cover up for amy") == (
        PinkSlip(ARTHUR, BETA), CoverUp(AMY))
    assert parse("bribe 4k beta; invest $4,000 tyler and invest 2.5k amy") == (
        Bribe(4000, BETA), Invest(4000, TYLER), Invest(2500, AMY))


def test_notation_crash_written_twice_is_one_crash():
    """Playtest 4 (Luke): "because crashing takes two action points, I wasn't sure if I should
    write "crash gamma" once or twice. Turns out it wouldn't matter" – both read as one crash."""
    assert parse("crash gamma crash gamma") == (Crash(GAMMA),)
    assert parse("crash gamma protect self crash gamma") == (Crash(GAMMA), Protect(SEAT))


def test_notation_unreadable_word_is_named_with_a_suggestion():
    """"sending actions in this notation will help the game go a lot smoother": orders that
    cannot be read are refused with a sentence naming the word."""
    with pytest.raises(Rejected) as caught:
        parse("embezle stephen")
    assert "'embezle'" in caught.value.reason and "embezzle" in caught.value.reason
    with pytest.raises(Rejected) as caught:
        parse("protect stefen")
    assert "'stefen'" in caught.value.reason and "stephen" in caught.value.reason
    with pytest.raises(Rejected) as caught:
        parse("pinkslip arthur at")
    assert "end too early" in caught.value.reason
    with pytest.raises(Rejected):
        parse("bribe 4.5 beta")
    with pytest.raises(Rejected):
        parse("crash omega")


def test_notation_a_misspelt_self_is_offered_where_protect_takes_it():
    """"protect targetplayer (ex. Protect amy) (ex. Protect self)": "protect sefl" names
    "self" among what it expected and suggests it; an order that cannot target its sender
    (embezzle) lists the players only."""
    with pytest.raises(Rejected) as caught:
        parse("protect sefl")
    assert "'sefl'" in caught.value.reason and "or self." in caught.value.reason
    assert "Did you mean 'self'?" in caught.value.reason
    with pytest.raises(Rejected) as caught:
        parse("embezzle sefl")
    assert "self" not in caught.value.reason.replace("'sefl'", "")


def test_notation_companies_out_of_play_are_unreadable():
    """"There are four companies that players can be a part of": with fewer companies in play,
    Delta is not a company of the game."""
    with pytest.raises(Rejected) as caught:
        parse_orders("crash delta", NAMES, SEAT, companies=3)
    assert "alpha, beta, gamma" in caught.value.reason


def test_notation_empty_text_is_no_orders():
    """Playtest 1: "Tom only did 2 actions the entire game" – a player may send no orders and
    do nothing that round."""
    assert parse("") == ()
    assert parse("  \n ") == ()


def test_notation_names_of_several_words_and_punctuation():
    """Players are named as the gamemaster reads them: a name of several words, or with a full
    stop or an "and" in it, is matched against the words written."""
    names = ("Mary Ann", "Mary", "J.R. Ewing", "Tom and Jerry", "Self Made")
    assert parse("protect mary ann protect mary", names, 0) == (Protect(0), Protect(1))
    assert parse("embezzle j.r. ewing", names, 0) == (Embezzle(2),)
    assert parse("out tom and jerry", names, 0) == (Out(3),)
    assert parse("protect self made protect self", names, 0) == (Protect(4), Protect(0))


def test_player_names_must_read_as_distinct_words():
    """"embezzle targetplayer (embezzle stephen)": orders name their targets, so names must be
    distinct as the orders read them and must not be a word of the notation."""
    with pytest.raises(Rejected):
        check_names(["J.R.", "j r"])
    with pytest.raises(Rejected):
        check_names(["Amy", "amy"])
    for bad in ("self", "Alpha", "embezzle", "then", "42"):
        with pytest.raises(Rejected):
            check_names([bad, "Amy"])
    assert check_names(["  Mary   Ann ", "Bob"]) == ["Mary Ann", "Bob"]


def test_notation_is_case_insensitive():
    """The seed writes both "Out tyler" and "out targetplayer"."""
    assert parse("EMBEZZLE Stephen") == parse("embezzle stephen")


VOCABULARY = ["embezzle", "out", "pinkslip", "pink", "slip", "extort", "crash", "backstab",
              "protect", "coverup", "cover", "up", "for", "bribe", "accept", "enter", "empty",
              "quit", "invest", "at", "from", "to", "self", "me", "alpha", "beta", "gamma",
              "delta", "arthur", "stephen", "amy", "4000", "4k", "$4,000", "2.5k", "0", ",",
              ";", "and", "\n", "9" * 20]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(VOCABULARY), max_size=12), st.text(max_size=40))
def test_notation_any_text_reads_or_is_refused(words, noise):
    """"sending actions in this notation will help the game go a lot smoother": whatever a player
    writes, the gamemaster either reads orders or answers with a sentence naming what could
    not be read – never a crash."""
    for text in (" ".join(words), noise, " ".join(words) + noise):
        try:
            submit = parse(text)
        except Rejected as refused:
            assert refused.reason.endswith((".", "?"))
        else:
            assert isinstance(submit, tuple)
