"""Phases 4 and 5, winning, losing and the Notes: "Execution Phase", "Impact Phase",
"Winning the game", "Losing the game"."""

from __future__ import annotations

from hacktable.engine import SPECTATOR
from hacktable.games.scarecity.cards import BY_KEY, IMPACT_BY_KEY

from .helpers import ADA, BRUNO, CHIARA, reopen


def quiet(table, players=2, **options):
    """Cities emptied, plenty of $, an Impact Card that touches nobody on top."""
    t = table(players, **options)
    for seat in range(players):
        t.city(seat)
        t.money(seat, 30, 0)
    t.next_impact("patch_tuesday")
    reopen(t, *range(players))
    return t


def test_execution_adds_blue_values_and_red_cards_cost_bitizens(table):
    """"totals up the Dollar and Bitizen values … if a Program Card is degraded you can lose
    Bitizens"."""
    t = quiet(table)
    t.city(ADA, "firewall", "citizen_app", degraded=("citizen_app",))
    t.next_impact("security_audit")
    t.finish_round()
    fw, app = BY_KEY["firewall"], BY_KEY["citizen_app"]
    line = t.state["history"][-1]
    assert line["earned"][ADA] == [fw.money, fw.bitizens - app.red]


def test_impact_degrades_listed_blue_cards(table):
    """"Step 1: if you have any of the Program Cards listed in the Degrade Cards section
    … flip these cards over to their degraded state"."""
    t = quiet(table)
    t.city(ADA, "cloud_storage", "firewall")
    t.next_impact("ransomware")
    t.finish_round()
    city = {s["card"]: s["degraded"] for s in t.p(ADA)["city"]}
    assert city[t.number(ADA, "cloud_storage")] and not city[t.number(ADA, "firewall")]


def test_impact_restores_listed_red_cards(table):
    """"if you have any Program Cards listed in the Restore Cards section … and they are
    degraded … flip these cards over to their normal state": by default (`impact_reading`
    = lessons) in a city holding one of the card's protections; read plainly (seed), in
    every city."""
    t = quiet(table)
    t.city(ADA, "web_server", "secure_dev", degraded=("web_server",))
    t.city(BRUNO, "web_server", degraded=("web_server",))
    t.next_impact("bug_bounty")
    t.finish_round()
    assert not t.p(ADA)["city"][0]["degraded"] and t.p(BRUNO)["city"][0]["degraded"]
    t = quiet(table, impact_reading="seed")
    t.city(BRUNO, "web_server", degraded=("web_server",))
    t.next_impact("bug_bounty")
    t.finish_round()
    assert not t.p(BRUNO)["city"][0]["degraded"]


def test_a_held_protection_stops_the_degrade_unless_the_seed_reading_is_chosen(table):
    """The DDoS Protection Service "absorbs floods … before they reach the city's
    servers": with it the web server stays blue (`impact_reading` = lessons)."""
    for reading, hit in (("lessons", False), ("seed", True)):
        t = quiet(table, impact_reading=reading)
        t.city(ADA, "ddos_protection", "web_server")
        t.next_impact("ddos")
        t.finish_round()
        assert t.p(ADA)["city"][1]["degraded"] is hit


def test_protections_give_one_bitizen_and_are_named(table):
    """"If any player has any cards … listed in the Impact cards Protections section, they
    receive 1 Bitizen. These players must say out loud which card they have"."""
    t = quiet(table)
    t.city(ADA, "offline_backups", "edr")
    t.next_impact("ransomware")
    t.finish_round()
    report = t.state["reports"][-1]
    row = next(r for r in report["players"] if r["seat"] == ADA)
    assert row["bonus"] == 1
    assert sorted(row["protected"]) == sorted([t.number(ADA, "offline_backups"),
                                               t.number(ADA, "edr")])
    other = next(r for r in report["players"] if r["seat"] == BRUNO)
    assert other["bonus"] == 0 and other["protected"] == []


def test_the_bitizen_impact_reaches_every_player(table):
    """"Step 3: … either add or remove the amount of Bitizens written on the card"."""
    t = quiet(table)
    t.next_impact("ransomware")
    t.finish_round()
    assert [p["bitizens"] for p in t.state["players"]] == [-5, -5]


def test_a_just_restored_card_can_be_degraded_again_unless_the_option_says(table):
    for immune in (False, True):
        t = quiet(table, restored_immune=immune)
        t.city(ADA, "cloud_storage", degraded=("cloud_storage",))
        t.next_impact("ransomware")
        t.pass_claims()
        t.do(ADA, "restore", t.number(ADA, "cloud_storage"))
        t.do(ADA, "done")
        t.do(BRUNO, "done")
        assert t.p(ADA)["city"][0]["degraded"] is (not immune)


def test_the_impact_card_goes_to_its_discard_pile_and_the_ranking_is_updated(table):
    """"place it in the discarded Impact cards pile … the dealer updates the ranking"."""
    t = quiet(table)
    t.money(BRUNO, 50)
    t.finish_round()
    assert t.state["impact_discard"][-1] == list(IMPACT_BY_KEY).index("patch_tuesday")
    assert t.state["ranking"] == [BRUNO, ADA]


def test_first_to_200_bitizens_wins(table):
    """"The first player to reach 200 Bitizens wins the game"."""
    t = quiet(table)
    t.money(ADA, 30, 198)
    t.city(ADA, "firewall")
    t.finish_round()
    outcome = t.match.outcome()
    assert outcome is not None and outcome.winners == (ADA,)


def test_several_at_200_the_most_dollars_wins_and_equal_dollars_draw(table):
    """"if more than one player reaches 200 Bitizens then the player with the most
    Scare-City Dollars remaining is the winner … the same amount of Dollars, then the game
    is a draw"."""
    t = quiet(table)
    t.city(ADA, "firewall")
    t.city(BRUNO, "vpn")
    t.money(ADA, 30, 198)
    t.money(BRUNO, 31, 198)
    t.finish_round()
    assert t.match.outcome().winners == (BRUNO,)
    d = quiet(table)
    d.city(ADA, "firewall")
    d.city(BRUNO, "vpn")
    d.money(ADA, 30, 198)
    d.money(BRUNO, 30, 198)
    d.finish_round()
    assert d.match.outcome().winners == (ADA, BRUNO)
    assert "draw" in d.match.outcome().summary


def test_zero_dollars_at_round_end_puts_a_player_out_with_the_option(table):
    """`out_check=round_end` (the earlier ruling): "If a player ever ends up with $0 or less
    than $0 then they are out of the game and their Program Cards get added to the discard
    pile", checked after the Impact Card."""
    t = quiet(table, 3, out_check="round_end")
    t.city(CHIARA, "web_server", degraded=("web_server",))
    t.money(CHIARA, 0)
    card = t.p(CHIARA)["city"][0]["card"]
    t.finish_round()
    assert t.p(CHIARA)["out"] and card in t.state["discard"]
    assert CHIARA not in t.state["ranking"] and CHIARA not in t.match.prompts()


def test_the_last_player_left_wins(table):
    t = quiet(table, out_check="round_end")
    t.city(BRUNO)
    t.money(BRUNO, 0)
    t.finish_round()
    assert t.match.outcome().winners == (ADA,)


def test_an_empty_deck_takes_the_shuffled_discard_pile(table):
    """"If you run out of either Program Cards or Impact Cards … shuffle the respective
    discarded cards pile and use that as the deck"."""
    t = quiet(table)
    t.state["discard"] += t.state["deck"]
    t.state["deck"] = []
    shop = t.state["shop"]
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    t.do(BRUNO, "buy", shop[0])
    events = t.finish_round()
    assert any(e.kind == "reshuffle" for e in events)
    assert len(t.state["shop"]) == 6


def test_nobody_sees_the_decks_order_or_the_next_impact(table):
    t = quiet(table)
    for viewer in (ADA, BRUNO, SPECTATOR):
        view = t.match.view(viewer)
        assert isinstance(view["deck"], int) and isinstance(view["impact_deck"], int)
        assert "deck_order" not in view and "impact_order" not in view
    assert t.match.view("gm")["impact_order"][0] == "patch_tuesday"


def test_written_moves_name_cards_by_name_or_number(table):
    t = quiet(table)
    t.shop("firewall", "vpn", "antivirus", "web_server", "byod", "open_data")
    reopen(t, ADA, BRUNO)
    t.match.submit_text(BRUNO, "claim fire")
    assert t.state["claims"][0][1] == BRUNO
    t.match.submit_text(ADA, f"claim {t.state['shop'][1]}")
    assert len(t.state["claims"]) == 2
