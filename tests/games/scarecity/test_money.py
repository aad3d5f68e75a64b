"""The seed's losing rule, "If a player ever ends up with $0 or less than $0 then they are
out of the game and their Program Cards get added to the discard pile", checked the moment
spending takes a player there (`out_check=spend`, the default). Spending is the only way
down, so a step that would leave $0 or less is never silent: it is refused with a sentence
unless the move carries `confirm`."""

from __future__ import annotations

import pytest

from hacktable.engine import Rejected
from hacktable.engine.errors import NeedsConfirmation
from hacktable.games.scarecity.actions import Move
from hacktable.games.scarecity.cards import BY_KEY

from .helpers import ADA, BRUNO, CHIARA, reopen, snapshot


def broke(table, players=2, **options):
    """Bruno claims Firewall with exactly its cost in $."""
    t = table(players, **options)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    for seat in range(players):
        t.city(seat)
        t.money(seat, 30, 0)
    t.city(BRUNO, "cloud_storage")
    t.money(BRUNO, BY_KEY["firewall"].cost)
    t.next_impact("patch_tuesday")
    reopen(t, *[s for s in range(players) if s != BRUNO], BRUNO)  # Bruno claims first
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    return t, shop[0]


def test_a_step_that_leaves_zero_dollars_is_refused_without_confirmation(table):
    t, firewall = broke(table)
    reason = t.rejected(BRUNO, "buy", firewall)
    assert "leaves you with $0: you would be out of the game" in reason
    assert "Confirm" in reason


def test_the_refusal_carries_the_confirmed_move(table):
    t, firewall = broke(table)
    before = snapshot(t.state)
    with pytest.raises(NeedsConfirmation) as caught:
        t.match.submit(BRUNO, Move("buy", firewall))
    assert caught.value.confirmed == Move("buy", firewall, confirm=True)
    assert snapshot(t.state) == before


def test_confirmed_the_player_is_out_and_their_cards_go_to_the_discard_pile(table):
    t, firewall = broke(table, 3)
    cloud = t.number(BRUNO, "cloud_storage")
    events = t.match.submit(BRUNO, Move("buy", firewall, confirm=True))
    assert any(e.kind == "plan" and e.data["out"] for e in events)
    t.do(ADA, "done")
    t.do(CHIARA, "done")
    t.do(BRUNO, "done")
    assert t.p(BRUNO)["out"] and not t.p(BRUNO)["city"]
    assert {firewall, cloud} <= set(t.state["discard"])
    assert BRUNO not in t.state["ranking"] and BRUNO not in t.match.prompts()
    assert t.state["out_order"] == [BRUNO]


def test_going_out_happens_when_the_plan_is_carried_out_before_the_execution(table):
    """Ruled: a plan is carried out all at once; only its last step can reach $0 (a plan
    never costs more than the player has), so the player is out at once, before the
    execution could pay them: they earn nothing that round."""
    t, firewall = broke(table, 3)
    t.match.submit(BRUNO, Move("buy", firewall, confirm=True))
    for seat in (ADA, CHIARA, BRUNO):
        t.do(seat, "done")
    assert t.state["history"][-1]["earned"][BRUNO] == [0, 0]
    assert t.p(BRUNO)["money"] == 0


def test_last_player_left_wins_when_spending_puts_the_other_out(table):
    t, firewall = broke(table)
    t.match.submit(BRUNO, Move("buy", firewall, confirm=True))
    t.do(BRUNO, "done")
    t.do(ADA, "done")
    outcome = t.match.outcome()
    assert outcome is not None and outcome.winners == (ADA,)


def test_a_step_that_leaves_a_dollar_needs_no_confirmation(table):
    t, firewall = broke(table)
    t.money(BRUNO, BY_KEY["firewall"].cost + 1)
    t.do(BRUNO, "buy", firewall)
    t.do(BRUNO, "done")
    t.do(ADA, "done")
    assert not t.p(BRUNO)["out"]


def test_a_player_at_zero_who_spends_nothing_stays_in(table):
    """Only spending puts a player out at once; $0 from set-up is not spending."""
    t, _ = broke(table)
    t.money(BRUNO, 0)
    t.do(BRUNO, "done")
    t.do(ADA, "done")
    assert not t.p(BRUNO)["out"]


def test_legal_moves_offer_the_confirmed_form_only_where_it_is_needed(table):
    t, firewall = broke(table)
    legal = t.match.legal_actions(BRUNO)
    assert Move("buy", firewall, confirm=True) in legal
    assert Move("buy", firewall) not in legal
    decommission = [m for m in legal if m.do == "decommission"]
    assert decommission and not any(m.confirm for m in decommission)


def test_with_the_round_end_option_spending_to_zero_asks_nothing(table):
    t, firewall = broke(table, out_check="round_end")
    t.do(BRUNO, "buy", firewall)
    t.do(BRUNO, "done")
    t.do(ADA, "done")
    assert not t.p(BRUNO)["out"]  # the execution paid Bruno before the check


def test_with_eliminations_off_nothing_asks(table):
    t, firewall = broke(table, out_money=-1)
    t.do(BRUNO, "buy", firewall)


def test_confirm_is_only_for_moves_that_spend():
    with pytest.raises(Rejected):
        Move("pass", confirm=True)
    with pytest.raises(Rejected):
        Move.from_json({"do": "buy", "card": 3, "confirm": "yes"})
    move = Move.from_json({"do": "buy", "card": 3, "confirm": True})
    assert move.to_json() == {"do": "buy", "card": 3, "confirm": True}
    assert Move("buy", 3).to_json() == {"do": "buy", "card": 3}


def test_a_written_move_confirms_with_a_last_word(table):
    t, firewall = broke(table)
    assert t.match.game.parse(t.state, BRUNO, "buy firewall confirm") == \
        Move("buy", firewall, confirm=True)
