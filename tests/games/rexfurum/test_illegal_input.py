"""Illegal input: every refusal raises `Rejected` with a sentence a player can act on, and
leaves the match exactly as it was."""

from __future__ import annotations

import pytest

from hacktable.engine import Match, Rejected
from hacktable.games import get_game
from hacktable.games.rexfurum.orders import (
    AcceptBribe,
    Embezzle,
    Invest,
    Protect,
    Submit,
    order_from_json,
    submit_from_json,
)

from .helpers import ALPHA, ARTHUR, BETA, DELTA, GAMMA, NAMES, snapshot

REFUSED_TEXTS = [
    ("embezle stephen", "Did you mean 'embezzle'"),
    ("protect nobody", "player's name"),
    ("quit omega", "a company"),
    ("bribe lots beta", "amount of money"),
    ("embezzle stephen out amy protect self backstab tyler", "4 action points"),
    ("crash beta crash gamma", "4 action points"),
    ("embezzle arthur", "yourself"),
    ("out arthur", "yourself"),
    ("pinkslip arthur at alpha", "yourself"),
    ("extort arthur at alpha", "yourself"),
    ("backstab arthur", "yourself"),
    ("coverup for arthur", "yourself"),
    ("invest 1000 arthur", "yourself"),
    ("protect amy protect amy", "already ordered"),
    ("embezzle amy embezzle amy", "more than once"),
    ("invest 1000 amy invest 1000 amy", "one investment"),
    ("invest 100000 amy", "under $100,000"),
    ("invest 60000 amy invest 60000 tyler", "net worth"),
    ("bribe 100001 beta", "net worth"),
    ("bribe 0 beta", "positive"),
    ("bribe 1000 alpha", "already work"),
    ("bribe 1000 beta bribe 2000 beta", "already offered"),
    ("enter empty beta", "empty company"),
    ("quit beta", "do not work"),
    ("accept bribe 1000 from stephen to beta", "must work for Beta"),
    ("accept bribe 1000 from arthur to alpha", "own bribe"),
    ("quit alpha accept bribe 1000 from stephen to alpha", "quitting"),
]


@pytest.mark.parametrize(("text", "words"), REFUSED_TEXTS)
def test_illegal_orders_are_refused_and_change_nothing(table, text, words):
    """Orders the rules do not allow ("You cannot embezzle from the same player more than once
    per round", "Cannot target oneself", "amount is limited to under 100k", "You can't invest
    more than your net worth", "Your bribe cannot exceed your net worth", "the company must
    be empty when sending the action", "You must be working for targetcompany at time of
    accepting", "Players have three action points per round") are refused with a sentence,
    and the match is left as it was."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.match.submit_text(ARTHUR, "protect self")
    reason = t.rejected("arthur", text)
    assert words in reason
    # The earlier, valid orders still stand.
    assert t.state["orders"][ARTHUR] == [{"do": "protect", "target": ARTHUR}]


BAD_JSON = [
    None,
    [],
    {"orders": "embezzle stephen"},
    {"orders": [], "extra": 1},
    {"orders": [{"do": "steal", "target": 1}]},
    {"orders": [{"do": "embezzle"}]},
    {"orders": [{"do": "embezzle", "target": "stephen"}]},
    {"orders": [{"do": "embezzle", "target": True}]},
    {"orders": [{"do": "embezzle", "target": 1.0}]},
    {"orders": [{"do": "embezzle", "target": 1, "amount": 5}]},
    {"orders": [{"do": "embezzle", "target": 9}]},
    {"orders": [{"do": "embezzle", "target": -1}]},
    {"orders": [{"do": "quit", "company": 4}]},
    {"orders": [{"do": "invest", "amount": -5, "target": 1}]},
    {"orders": [{"do": "accept", "amount": 5, "briber": 7, "company": 1}]},
    {"orders": [{"do": "protect", "target": 1}] * 65},
    {"orders": ["protect"]},
]


@pytest.mark.parametrize("payload", BAD_JSON)
def test_illegal_json_is_refused_and_changes_nothing(table, payload):
    """"sending actions in this notation will help the game go a lot smoother": orders that arrive
    as JSON (a browser, a bot) are checked as strictly as written ones."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    before = snapshot(t.state)
    with pytest.raises(Rejected) as caught:
        t.match.submit_json(ARTHUR, payload)
    assert snapshot(t.state) == before
    assert caught.value.reason.endswith(".")
    assert t.match.log == []


def test_illegal_orders_built_in_code_are_refused():
    """"All the actions have specific notation that the gamemaster will read": orders whose fields
    are not whole numbers could not be written to the match log and read back, so they are
    refused when built."""
    for build in (lambda: Embezzle("stephen"), lambda: Embezzle(True), lambda: Invest(1.5, 2),
                  lambda: AcceptBribe(100, None, 1), lambda: Submit(("protect",)),
                  lambda: Submit(None)):
        with pytest.raises(Rejected):
            build()
    assert Submit([Protect(1)]).orders == (Protect(1),)
    with pytest.raises(Rejected):
        order_from_json({"do": "protect", "target": 1, "company": 2})
    with pytest.raises(Rejected):
        submit_from_json({"orders": [{"do": "crash", "company": "beta"}]})


def test_illegal_seat_and_action_type(table):
    """"inside the game all you will do is send the gamemaster actions": only a seat at the table
    may send orders, and only orders."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    before = snapshot(t.state)
    for seat, action in ((9, Submit(())), (-1, Submit(())), (ARTHUR, "embezzle stephen"),
                         (ARTHUR, None)):
        with pytest.raises(Rejected):
            t.match.submit(seat, action)
    assert snapshot(t.state) == before


def test_illegal_orders_after_the_game_is_over(table):
    """"Be the richest player at the end of 10 rounds." – no orders after the last round."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], rounds=1)
    t.play()
    assert t.state["over"]
    reason = t.rejected("arthur", "protect self")
    assert "over" in reason
    before = snapshot(t.state)
    with pytest.raises(Rejected):
        t.match.close_phase()
    assert snapshot(t.state) == before


def test_illegal_names_and_options_are_refused():
    """"Players have **three** action points per round": options must be in range; player names
    must be readable in orders."""
    game = get_game("rexfurum")
    with pytest.raises(Rejected):
        Match(game, ["Amy", "amy", "Bob", "Cy"])
    with pytest.raises(Rejected):
        Match(game, ["Amy", "Self", "Bob", "Cy"])
    with pytest.raises(Rejected):
        Match(game, NAMES[:3])
    with pytest.raises(Rejected):
        Match(game, NAMES[:5], {"action_points": 0})
    with pytest.raises(Rejected):
        Match(game, NAMES[:5], {"no_such_rule": 1})


def test_illegal_accept_is_never_refused_for_a_wrong_briber(table):
    """The bribe is announced "anonymously": ruling, an acceptance naming any briber is
    accepted at submission (so nobody can probe who bribed) and fails at resolution if no such
    bribe exists."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.match.submit_text(ARTHUR, "accept bribe 1234 from stephen to alpha")
    t.close()
    assert t.notice("arthur", "accept_failed")["reason"] == "no_such_bribe"
    assert t.jobs("stephen") == [BETA]
    assert BETA not in t.jobs("arthur")
