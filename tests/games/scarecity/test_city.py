"""Phases 2 and 3: "Restore/Decommission Program Cards" and "Buying Phase"."""

from __future__ import annotations

from hacktable.games.scarecity.cards import BY_KEY

from .helpers import ADA, BRUNO, reopen


def arranged(table, **options):
    t = table(2, **options)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "smart_grid")
    t.city(ADA, "citizen_app", "cloud_storage", "sso", degraded=("citizen_app", "sso"))
    t.city(BRUNO)
    t.money(ADA, 40)
    t.money(BRUNO, 40)
    reopen(t, ADA, BRUNO)
    return t, shop


def test_restoring_costs_the_cards_cost_and_flips_it_blue(table):
    """"For restoring cards … the cost is the cost of that card. Once a card is restored it
    is flipped back over to its normal state"."""
    t, _ = arranged(table)
    t.pass_claims()
    app = t.number(ADA, "citizen_app")
    t.do(ADA, "restore", app)
    t.do(BRUNO, "done")
    t.do(ADA, "done")
    assert t.state["history"][-1]["money"][ADA] == 40 - BY_KEY["citizen_app"].cost + sum(
        BY_KEY[k].money for k in ("citizen_app", "cloud_storage"))


def test_only_one_restore_and_one_decommission_per_turn(table):
    """"you can only remove 1 card per turn", "you can only restore 1 card per turn"."""
    t, _ = arranged(table)
    t.pass_claims()
    t.do(ADA, "restore", t.number(ADA, "citizen_app"))
    assert "only 1" in t.rejected(ADA, "restore", t.number(ADA, "sso"))
    t.do(ADA, "decommission", t.number(ADA, "sso"))
    assert "only 1" in t.rejected(ADA, "decommission", t.number(ADA, "cloud_storage"))


def test_decommissioning_costs_5_and_discards_the_card(table):
    """"the cost to remove a card is $5. Once a card is decommissioned it is … placed in
    the discarded Program Cards pile"."""
    t, _ = arranged(table)
    t.pass_claims()
    sso = t.number(ADA, "sso")
    t.do(ADA, "decommission", sso)
    t.do(ADA, "done")
    t.do(BRUNO, "done")
    assert sso in t.state["discard"]
    assert all(s["card"] != sso for s in t.p(ADA)["city"])
    assert t.state["history"][-1]["money"][ADA] == 40 - 5 + BY_KEY["cloud_storage"].money


def test_a_blue_card_needs_no_restoring(table):
    t, _ = arranged(table)
    t.pass_claims()
    assert "not degraded" in t.rejected(ADA, "restore", t.number(ADA, "cloud_storage"))


def test_you_can_only_buy_what_you_claimed(table):
    """"Before buying a card you must "claim" it before being able to buy it later"."""
    t, shop = arranged(table)
    t.pass_claims()
    assert "claimed" in t.rejected(ADA, "buy", shop[0])


def test_buying_pays_the_cost_and_the_shop_is_refilled(table):
    """"if a card's cost is $30, then you need to spend $30", "For each card purchased, a
    new card is drawn from the Program deck to replace it in the shop"."""
    t, shop = arranged(table)
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    t.do(BRUNO, "buy", shop[0])
    t.do(BRUNO, "done")
    t.do(ADA, "done")
    assert shop[0] in [s["card"] for s in t.p(BRUNO)["city"]]
    assert len(t.state["shop"]) == 6 and shop[0] not in t.state["shop"]


def test_you_may_leave_a_claimed_card_unbought(table):
    """"You can also choose not to buy a card you had previously claimed"."""
    t, shop = arranged(table)
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    t.do(BRUNO, "done")
    t.do(ADA, "done")
    assert shop[0] in t.state["shop"] and not t.state["claims"]


def test_buying_needs_an_empty_slot_in_the_district(table):
    """"as long as you have an empty slot in the appropriate District"."""
    t, shop = arranged(table, district_slots=1)
    t.city(ADA)
    t.city(BRUNO, "mainframe")
    t.money(BRUNO, 40)
    reopen(t, ADA, BRUNO)
    t.do(BRUNO, "claim", shop[5])  # smart grid, CPU
    t.pass_claims()
    assert "Your CPU district is full (1 of 1): decommission a CPU card ($5) to buy Smart " \
        "Grid Controller" in t.rejected(BRUNO, "buy", shop[5])
    t.do(BRUNO, "decommission", t.number(BRUNO, "mainframe"))
    t.do(BRUNO, "buy", shop[5])


def test_buying_needs_the_money(table):
    """"you have enough Dollars to purchase them"."""
    t, shop = arranged(table)
    t.money(BRUNO, 30)
    t.do(BRUNO, "claim", shop[5])
    t.do(ADA, "pass")
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    t.do(BRUNO, "buy", shop[5])
    assert "costs $34 and you have $30" in t.rejected(BRUNO, "buy", shop[0])


def test_a_plan_is_secret_until_the_phase_closes(table):
    """"these phases can be done by all players at the same time"."""
    t, shop = arranged(table)
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    before = t.match.view(ADA)
    t.do(BRUNO, "buy", shop[0])
    assert t.match.view(ADA) == before
    assert t.match.view(BRUNO)["plan"]["buy"] == [shop[0]]


def test_cancel_undoes_the_plan_and_done(table):
    t, shop = arranged(table)
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    t.do(BRUNO, "buy", shop[0])
    t.do(BRUNO, "done")
    assert "cancel" in t.rejected(BRUNO, "buy", shop[0])
    t.do(BRUNO, "cancel")
    assert t.state["plans"][BRUNO] == {"restore": [], "decommission": [], "buy": [],
                                       "done": False}


def test_when_time_runs_out_the_plans_are_carried_out(table):
    t, shop = arranged(table)
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    t.do(BRUNO, "buy", shop[0])
    t.match.close_phase()
    assert shop[0] in [s["card"] for s in t.p(BRUNO)["city"]]
