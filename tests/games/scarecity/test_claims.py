"""Phase 1, "Claiming Program Cards"."""

from __future__ import annotations

from .helpers import ADA, BRUNO, CHIARA, reopen


def test_a_claim_places_one_token_and_turns_go_round(table):
    """"claim any wanted cards in turn by placing one of your player tokens on the card"."""
    t = table(3)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    for seat in range(3):
        t.city(seat)
        t.money(seat, 50)
    reopen(t, ADA, BRUNO, CHIARA)
    assert t.state["claim_turn"] == CHIARA
    t.do(CHIARA, "claim", shop[0])
    assert t.state["claim_turn"] == BRUNO
    t.do(BRUNO, "claim", shop[1])
    t.do(ADA, "claim", shop[2])
    assert t.state["claim_turn"] == CHIARA
    assert t.state["claims"] == [[shop[0], CHIARA], [shop[1], BRUNO], [shop[2], ADA]]


def test_a_player_has_5_tokens(table):
    """"5 player tokens for each player"."""
    t = table(2, shop_size=8)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data",
                  "two_factor", "phishing_sim")
    t.city(ADA)
    t.city(BRUNO)
    t.money(ADA, 99)
    t.money(BRUNO, 0)
    reopen(t, BRUNO, ADA)
    for card in shop[:5]:
        t.do(ADA, "claim", card)
    assert t.state["phase"] == "city", "no token left and Bruno cannot claim: claims end"


def test_a_claimed_card_cannot_be_claimed_by_another_player(table):
    t = table(2)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    t.money(ADA, 50)
    t.money(BRUNO, 50)
    reopen(t, ADA, BRUNO)
    t.do(BRUNO, "claim", shop[0])
    assert "already claimed by Bruno" in t.rejected(ADA, "claim", shop[0])


def test_shared_claims_let_the_lowest_ranked_buy_first(table):
    t = table(2, shared_claims=True)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    t.city(ADA)
    t.city(BRUNO)
    t.money(ADA, 50)
    t.money(BRUNO, 40)
    reopen(t, ADA, BRUNO)
    t.do(BRUNO, "claim", shop[0])
    t.do(ADA, "claim", shop[0])
    t.pass_claims()
    t.do(ADA, "buy", shop[0])
    t.do(BRUNO, "buy", shop[0])
    events = t.finish_round()
    kinds = [(e.kind, e.data.get("seat")) for e in events]
    assert ("buy", BRUNO) in kinds and ("sold_out", ADA) in kinds


def test_you_cannot_claim_a_card_already_on_your_city(table):
    """"you do not already have the card(s) on your City"."""
    t = table(2)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    t.city(BRUNO, "firewall")
    t.money(BRUNO, 50)
    reopen(t, ADA, BRUNO)
    assert "already have Firewall" in t.rejected(BRUNO, "claim", shop[0])


def test_claiming_needs_the_money_for_the_card(table):
    """"you have enough Dollars to purchase them" (ruled: checked at claiming too)."""
    t = table(2)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    t.money(BRUNO, 8)
    t.money(ADA, 50)
    reopen(t, ADA, BRUNO)
    assert "costs $9" in t.rejected(BRUNO, "claim", shop[0])


def test_passing_ends_your_claiming_for_the_round(table):
    t = table(2)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    t.money(ADA, 50)
    t.money(BRUNO, 50)
    reopen(t, ADA, BRUNO)
    t.do(BRUNO, "pass")
    t.do(ADA, "claim", shop[0])
    assert t.state["claim_turn"] == ADA
    assert "not your turn" in t.rejected(BRUNO, "claim", shop[1])


def test_a_placed_token_stays_unless_the_option_allows_moving_it(table):
    t = table(2)
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    t.money(ADA, 50)
    t.money(BRUNO, 50)
    reopen(t, ADA, BRUNO)
    t.do(BRUNO, "claim", shop[0])
    t.do(ADA, "pass")
    assert "stays" in t.rejected(BRUNO, "unclaim", shop[0])
    moving = table(2, move_tokens=True)
    shop = moving.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    moving.money(ADA, 50)
    moving.money(BRUNO, 50)
    reopen(moving, ADA, BRUNO)
    moving.do(BRUNO, "claim", shop[0])
    moving.do(ADA, "pass")
    moving.do(BRUNO, "unclaim", shop[0])
    moving.do(BRUNO, "claim", shop[1])
    assert moving.state["claims"] == [[shop[1], BRUNO]]


def test_all_at_once_claiming_keeps_the_turn_until_a_pass(table):
    t = table(2, claim_turns="all_at_once")
    shop = t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    t.money(ADA, 50)
    t.money(BRUNO, 50)
    reopen(t, ADA, BRUNO)
    t.do(BRUNO, "claim", shop[0])
    t.do(BRUNO, "claim", shop[1])
    assert t.state["claim_turn"] == BRUNO
    t.do(BRUNO, "pass")
    assert t.state["claim_turn"] == ADA


def test_running_out_of_time_passes(table):
    t = table(2)
    t.money(ADA, 50)
    t.money(BRUNO, 50)
    reopen(t, ADA, BRUNO)
    t.match.close_phase()
    assert t.p(BRUNO)["passed"] and t.state["claim_turn"] == ADA
