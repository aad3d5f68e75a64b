"""The rulings' options: each changes exactly what docs/rules/scarecity.md says."""

from __future__ import annotations

from hacktable.games.scarecity.cards import BY_KEY

from .helpers import ADA, BRUNO, reopen


def quiet(table, **options):
    t = table(2, **options)
    for seat in range(2):
        t.city(seat)
        t.money(seat, 30, 0)
    t.next_impact("patch_tuesday")
    reopen(t, ADA, BRUNO)
    return t


def test_impact_applies_hit_spares_the_untouched(table):
    t = quiet(table, impact_applies="hit")
    t.city(ADA, "cloud_storage")
    t.next_impact("ransomware")
    t.finish_round()
    assert t.p(BRUNO)["bitizens"] == 0
    assert t.p(ADA)["bitizens"] == BY_KEY["cloud_storage"].bitizens - 5


def test_protection_shields_cancel_a_negative_impact(table):
    t = quiet(table, protection_shields=True)
    t.city(ADA, "offline_backups")
    t.next_impact("ransomware")
    t.finish_round()
    assert t.p(ADA)["bitizens"] == BY_KEY["offline_backups"].bitizens + 1
    assert t.p(BRUNO)["bitizens"] == -5


def test_a_degraded_protection_protects_only_with_the_option(table):
    for protects in (False, True):
        t = quiet(table, degraded_protects=protects)
        t.city(ADA, "offline_backups", degraded=("offline_backups",))
        t.next_impact("ransomware")
        t.finish_round()
        row = next(r for r in t.state["reports"][-1]["players"] if r["seat"] == ADA)
        assert row["bonus"] == (1 if protects else 0)


def test_round_end_win_check_waits_for_the_impact_card(table):
    t = quiet(table, win_check="round_end")
    t.city(ADA, "firewall")
    t.money(ADA, 30, 199)
    t.next_impact("ransomware")
    t.finish_round()
    assert t.match.outcome() is None, "201 after the execution, 196 after the Impact Card"


def test_claiming_without_the_money_when_the_option_allows(table):
    t = quiet(table, claim_needs_money=False)
    shop = t.shop("smart_grid", "vpn", "antivirus", "web_server", "byod", "open_data")
    t.money(BRUNO, 3)
    reopen(t, ADA, BRUNO)
    t.do(BRUNO, "claim", shop[0])
    t.pass_claims()
    assert "costs $25 and you have $3" in t.rejected(BRUNO, "buy", shop[0])


def test_the_round_limit_ends_the_game_on_bitizens(table):
    t = quiet(table, round_limit=1)
    t.money(BRUNO, 30, 10)
    t.finish_round()
    outcome = t.match.outcome()
    assert outcome is not None and outcome.winners == (BRUNO,)


def test_nobody_goes_out_at_set_up(table):
    """At the very start every player has $0: the check is at the end of a round."""
    t = table(2, starting_cards=0)
    assert not any(p["out"] for p in t.state["players"])
    assert t.match.outcome() is None


def test_more_restores_per_round(table):
    t = quiet(table, restores_per_round=2)
    t.city(ADA, "citizen_app", "sso", degraded=("citizen_app", "sso"))
    t.pass_claims()
    t.do(ADA, "restore", t.number(ADA, "citizen_app"))
    t.do(ADA, "restore", t.number(ADA, "sso"))
