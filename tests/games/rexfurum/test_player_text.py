"""What players read: acknowledgements, notices and reports must be true and actionable."""

from __future__ import annotations

import pytest

from hacktable.engine import Match, Rejected
from hacktable.games import get_game
from hacktable.games.rexfurum.notation import parse_orders

from .helpers import ALPHA, BETA, GAMMA, NAMES

GAME = get_game("rexfurum")


def test_bribe_notice_says_it_can_be_accepted_this_round_only(table):
    """ "The bribe will only be around for one round, after which it will be invalid." """
    t = table([[ALPHA], [GAMMA], [GAMMA], [BETA]])
    t.play(arthur="bribe 50000 gamma")
    text = t.text("stephen")
    assert "accepted this round only (round 2)" in text
    assert "accept bribe 50000 from <name> to gamma" in text
    assert "Arthur" not in text.split("For your eyes only")[1].split("Standings")[0]


def test_the_report_gives_the_time_the_round_ends(table):
    """ "-Time when the Round ends" """
    t = table([[ALPHA], [BETA], [GAMMA], [ALPHA]])
    view = t.match.view(0)
    assert "Round 1 ends: 20 minutes after it began" in GAME.render(view)
    assert "Round 1 ends: 14:40 CET" in GAME.render(view, ends_at="14:40 CET")


def test_acknowledgement_lists_the_orders_points_and_replacement(table):
    """ "Actions will all be evaluated by the gamemaster by the end of the round" — and a
    second email replaces the first (our ruling), which the acknowledgement says."""
    t = table([[ALPHA], [BETA], [GAMMA], [ALPHA]])
    first = t.match.submit_text(0, "protect stephen embezzle amy")
    assert GAME.describe(first[0], t.state) == (
        "Round 1 orders received: protect Stephen, embezzle Amy (2 of 3 action points).")
    second = t.match.submit_text(0, "crash beta")
    assert GAME.describe(second[0], t.state).endswith(
        "(2 of 3 action points); these replace your earlier orders for this round.")


def test_final_report_names_the_winner_even_with_private_money(table):
    """ "Be the richest player at the end of 10 rounds." """
    t = table([[ALPHA], [BETA], [GAMMA], [ALPHA]], money=[50_000, 10_000, 10_000, 10_000],
              rounds=1, public_money=False)
    t.close()
    assert "The game is over: Arthur wins with $50,000." in t.text("amy")
    assert "The game is over: you win with $50,000." in t.text("arthur")


def test_a_crasher_fired_by_their_own_crash_is_not_told_they_paid_themselves(table):
    """ "'Crashes' targetcompany, which fires all players from it and gives 30k from each
    player to the crasher." """
    t = table([[ALPHA], [ALPHA], [BETA], [GAMMA]])
    t.play(arthur="crash alpha")
    t.play(arthur="crash alpha")
    assert "crashed_out" not in t.kinds("arthur")
    assert "crash_done" in t.kinds("arthur")
    assert t.notice("stephen", "crashed_out")["amount"] == 30_000


def test_notices_addressed_to_you_start_with_a_capital(table):
    """ "If two players backstab each other, the scandal will be so vicious that everyone
    will be notified" """
    t = table([[ALPHA], [BETA], [GAMMA], [ALPHA]])
    t.play(arthur="backstab stephen embezzle amy", stephen="backstab arthur", amy="protect self",
           tyler="protect amy")
    text = t.text("arthur")
    assert "Scandal! You and Stephen backstabbed each other" in text
    assert "You tried to embezzle from Amy, who was protected." in text


def test_money_from_a_bribe_accepted_in_the_same_orders_can_be_spent(table):
    """Playtest 2: "if a player can't afford something but could accept a bribe that will
    allow them to afford it, then they are allowed to buy it." """
    t = table([[ALPHA], [GAMMA], [BETA], [BETA]], money=[100_000, 15_000, 10_000, 10_000])
    t.play(arthur="bribe 50000 gamma")
    t.play(stephen="accept bribe 50000 from arthur to gamma invest 40000 amy")
    assert t.paid("bribe") == [(0, 1, 50_000)]
    assert t.paid("invest") == [(1, 2, 40_000)]


def test_a_bribe_that_fails_makes_the_investment_it_paid_for_bounce(table):
    """ "You can't invest more than your net worth." """
    t = table([[ALPHA], [GAMMA], [BETA], [BETA]], money=[100_000, 15_000, 10_000, 10_000])
    t.play(stephen="accept bribe 50000 from arthur to gamma invest 40000 amy")
    assert t.paid("invest") == []
    assert "invest_bounced" in t.kinds("stephen") and "invest_bounced" in t.kinds("amy")


def test_common_ways_of_writing_orders_are_read():
    """The seed's notation, written the ways people write email: hyphens, colons, "of",
    "in", numbered lists."""
    names = list(NAMES)
    cases = {
        "cover-up for arthur": "coverup for Arthur",
        "pink-slip arthur at beta": "pinkslip Arthur at beta",
        "Protect: amy": "protect Amy",
        "accept bribe of 4000 from arthur to beta": "accept bribe 4000 from Arthur to beta",
        "extort amy in alpha": "extort Amy at alpha",
        "1. embezzle amy\n2) protect tyler": "embezzle Amy protect Tyler",
    }
    for written, read in cases.items():
        assert parse_orders(written, names, 4).notation(names) == read


def test_self_targeting_refusals_read_as_english():
    match = Match(GAME, list(NAMES[:4]), seed=1)
    for text, sentence in (("invest 10 arthur", "You cannot invest in yourself."),
                           ("embezzle arthur", "You cannot embezzle from yourself."),
                           ("coverup for arthur", "You cannot cover up for yourself.")):
        with pytest.raises(Rejected) as caught:
            match.submit_text(0, text)
        assert caught.value.reason == sentence


def test_an_outed_investigator_shows_their_own_outing_among_their_moves(table):
    """ "You won't be revealed as the investigator" — by the outing's announcement; outing
    the investigator in turn shows "last round's moves", their outing included (ruling)."""
    t = table([[ALPHA], [BETA], [GAMMA], [ALPHA]])
    t.play(tyler="out amy", stephen="out tyler")
    announced = {event.data["target"]: event.data for event in t.events("outed")}
    assert set(announced) == {2, 3}
    assert announced[2]["moves"] == [] and "investigator" not in str(announced[2])
    assert announced[3]["moves"] == [{"do": "out", "target": 2}]
    assert all(3 not in event.data.values() for event in t.events("outed")
               if event.data["target"] == 2)
