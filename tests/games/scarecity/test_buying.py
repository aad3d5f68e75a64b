"""A claim that cannot be bought says why, from the one rule the engine buys by.

The seed (Game Rounds, step 1): a player buys "as long as you: have an empty slot in the
appropriate District, you have enough Dollars to purchase them and you do not already have
the card(s) on your City", and claims before decommissioning (step 2), so a claim on a full
district is allowed and says how to make room; a claim nothing this round could make
buyable is refused with the seed's reason.
"""

from __future__ import annotations

from .helpers import ADA, BRUNO, GAME, reopen

SHOP = ("firewall", "firewall", "antivirus", "web_server", "byod", "open_data")
NETWORK_FULL = ("vpn", "ids", "public_wifi")


def arranged(table, bruno_money: int = 40, **options):
    """Bruno claims first; his Network district (Firewall's) is full, 3 of 3."""
    t = table(2, **options)
    shop = t.shop(*SHOP)
    t.city(ADA)
    t.city(BRUNO, *NETWORK_FULL)
    t.money(ADA, 40)
    t.money(BRUNO, bruno_money)
    reopen(t, ADA, BRUNO)
    return t, shop


def why(t, seat: int, card: int) -> str | None:
    """What the seat's own view says about a card it cannot buy (None: nothing)."""
    found = [row["why"] for row in t.match.view(seat)["unbuyable"] if row["card"] == card]
    return found[0] if found else None


def test_a_second_copy_of_a_card_you_claimed_is_refused_with_the_seeds_reason(table):
    """"you do not already have the card(s) on your City": two Firewalls in the shop, and
    only one could ever be bought, so the second token would only block it."""
    t, shop = arranged(table)
    t.city(BRUNO)
    t.do(BRUNO, "claim", shop[0])
    t.do(ADA, "pass")
    refusal = t.rejected(BRUNO, "claim", shop[1])
    assert refusal == ("You already claimed another Firewall and may buy only one: you may "
                       "buy a card only if \"you do not already have the card(s) on your "
                       "City\".")
    assert why(t, BRUNO, shop[1]) == refusal
    assert shop[1] not in [m.card for m in t.match.legal_actions(BRUNO)]


def test_claim_second_copy_allows_it_and_the_buy_says_why_not_the_second(table):
    t, shop = arranged(table, claim_second_copy=True)
    t.city(BRUNO)
    t.do(BRUNO, "claim", shop[0])
    t.do(ADA, "pass")
    t.do(BRUNO, "claim", shop[1])
    t.pass_claims()
    t.do(BRUNO, "buy", shop[0])
    refusal = t.rejected(BRUNO, "buy", shop[1])
    assert refusal.startswith("You are already buying another Firewall")
    assert why(t, BRUNO, shop[1]) == refusal


def test_a_claim_on_a_full_district_is_allowed_and_says_how_to_make_room(table):
    """Claiming (step 1) comes before decommissioning (step 2): the claim stands, and the
    card says what would make it buyable, when claiming and again when buying."""
    t, shop = arranged(table)
    t.do(BRUNO, "claim", shop[0])
    assert why(t, BRUNO, shop[0]) == ("Your Network district is full (3 of 3): decommission "
                                      "a Network card in the next phase ($5) to buy "
                                      "Firewall.")
    t.pass_claims()
    refusal = t.rejected(BRUNO, "buy", shop[0])
    assert refusal == ("Your Network district is full (3 of 3): decommission a Network card "
                       "($5) to buy Firewall.")
    assert why(t, BRUNO, shop[0]) == refusal
    assert ("buy", shop[0]) not in [(m.do, m.card) for m in t.match.legal_actions(BRUNO)]
    assert f"You cannot buy it now: {refusal}" in GAME.render(t.match.view(BRUNO))
    t.do(BRUNO, "decommission", t.number(BRUNO, "vpn"))
    assert why(t, BRUNO, shop[0]) is None
    assert ("buy", shop[0]) in [(m.do, m.card) for m in t.match.legal_actions(BRUNO)]
    t.do(BRUNO, "buy", shop[0])


def test_a_full_district_you_cannot_pay_to_clear_is_refused_at_claiming(table):
    """"you have enough Dollars to purchase them": with the district full, the card costs
    its price plus the $5 to decommission (ruled under claim_needs_money)."""
    t, shop = arranged(table, bruno_money=12)
    refusal = t.rejected(BRUNO, "claim", shop[0])
    assert refusal == ("Your Network district is full (3 of 3): making room costs $5 to "
                       "decommission a card there, so Firewall would cost $14 in all and you "
                       "have $12 (\"you have enough Dollars to purchase them\").")
    assert why(t, BRUNO, shop[0]) == refusal
    t, shop = arranged(table, bruno_money=12, claim_needs_money=False)
    t.do(BRUNO, "claim", shop[0])
    assert "would cost $14 in all" in why(t, BRUNO, shop[0])


def test_a_full_district_nobody_may_decommission_from_is_refused(table):
    """"have an empty slot in the appropriate District", and no decommission to make one."""
    t, shop = arranged(table, decommissions_per_round=0)
    refusal = t.rejected(BRUNO, "claim", shop[0])
    assert "no card may be decommissioned" in refusal
    assert "\"have an empty slot in the appropriate District\"" in refusal


def test_the_one_decommission_a_round_spent_elsewhere_says_so(table):
    """"you can only remove 1 card per turn": two claims in one full district, one room."""
    t = table(2)
    shop = t.shop("firewall", "email_filter", "antivirus", "web_server", "byod", "open_data")
    t.city(ADA)
    t.city(BRUNO, *NETWORK_FULL)
    t.money(ADA, 40)
    t.money(BRUNO, 40)
    reopen(t, ADA, BRUNO)
    t.do(BRUNO, "claim", shop[0])
    t.do(ADA, "pass")
    t.do(BRUNO, "claim", shop[1])
    t.pass_claims()
    t.do(BRUNO, "decommission", t.number(BRUNO, "vpn"))
    t.do(BRUNO, "buy", shop[0])
    refusal = t.rejected(BRUNO, "buy", shop[1])
    assert refusal == ("Your Network district is full (3 of 3 with your plan), and you may "
                       "decommission only 1 card(s) a round: change your plan to make room "
                       "for Email Filtering.")
    assert why(t, BRUNO, shop[1]) == refusal


def test_a_plan_that_leaves_too_little_says_so_on_the_card(table):
    t, shop = arranged(table, bruno_money=12)
    t.city(BRUNO)
    t.do(BRUNO, "claim", shop[0])
    t.do(ADA, "pass")
    t.do(BRUNO, "claim", shop[3])
    t.pass_claims()
    t.do(BRUNO, "buy", shop[0])
    refusal = t.rejected(BRUNO, "buy", shop[3])
    assert refusal == ("Your plan with City Web Server costs $15 and you have $12: take a "
                       "step out of your plan to buy it.")
    assert why(t, BRUNO, shop[3]) == refusal


def test_nobody_else_is_told_why_a_rival_cannot_buy(table):
    """A claim is public (a token on the card); the reason rests on the claimer's secret
    plan, so only the claimer's own view carries it."""
    t, shop = arranged(table)
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    assert why(t, ADA, shop[0]) is None
    assert "unbuyable" not in t.match.view("spectator")
    before = t.match.view(ADA)
    t.do(BRUNO, "decommission", t.number(BRUNO, "vpn"))
    assert t.match.view(ADA) == before


def test_a_turn_with_only_a_second_copy_left_is_skipped_as_nothing_to_claim(table):
    """The log and the screen say why the turn was passed over (claims.skip_reason)."""
    t = table(2, shop_size=2)
    shop = t.shop("firewall", "firewall")
    t.city(ADA)
    t.city(BRUNO)
    t.money(ADA, 40)
    t.money(BRUNO, 40)
    reopen(t, ADA, BRUNO)
    t.do(BRUNO, "claim", shop[0])
    t.do(ADA, "pass")
    assert t.p(BRUNO)["skipped"] == "nothing"
