"""What a first-timer needs to follow the table: why a claiming turn was skipped, totals
that agree everywhere, card names on any word, and the terminal showing what the screen
shows (risks, lessons, the debrief)."""

from __future__ import annotations

import re

from hacktable.games.scarecity.cards import BY_KEY, IMPACT_BY_KEY
from hacktable.games.scarecity.parse import parse
from hacktable.sim.runner import play_match

from .helpers import ADA, BRUNO, GAME, reopen


def test_a_skipped_claiming_turn_says_why(table):
    """"claim any wanted cards in turn … as long as you … have enough Dollars": a player
    who can afford nothing in the shop is passed over, and told so."""
    t = table(2)
    t.shop("smart_grid", "compute_cluster", "big_data", "e_voting", "mesh_5g", "hsm")
    for seat in (ADA, BRUNO):
        t.city(seat)
    t.money(ADA, 30)
    t.money(BRUNO, 3)
    events = []
    from hacktable.games.scarecity.claims import open_claims

    t.state["ranking"] = [ADA, BRUNO]
    open_claims(t.state, events)
    skip = [e for e in events if e.kind == "skip"]
    assert [(e.data["seat"], e.data["reason"]) for e in skip] == [(BRUNO, "money")]
    sentence = GAME.describe(skip[0], t.state)
    assert sentence == ("Bruno's claiming turn is skipped: they cannot afford any card left "
                        "in the shop.")
    view = t.match.view(BRUNO)
    assert view["players"][BRUNO]["skipped"] == "money"
    assert "Your claiming turn was skipped: you cannot afford any card left in the shop." \
        in GAME.render(view)


def test_a_player_who_passed_is_not_told_they_were_skipped(table):
    t = table(2)
    for seat in (ADA, BRUNO):
        t.city(seat)
        t.money(seat, 30)
    reopen(t, ADA, BRUNO)
    t.pass_claims()
    assert not any(e.event.kind == "skip" for e in t.match.events)
    assert all(p["skipped"] is None for p in t.state["players"])


def totals_in_log(text: str, name: str) -> int:
    return int(re.search(rf"{name}: [^.]*?([+-]\d+) Bitizens in all\.", text).group(1))


def test_debrief_reveal_and_log_agree_on_every_total_the_protection_included(table):
    """Step 2's "+1 Bitizen" and step 3's Bitizen Impact, added up the same way in the
    Impact reveal, the log and the debrief."""
    t = table(2)
    for seat in (ADA, BRUNO):
        t.city(seat)
        t.money(seat, 30, 0)
    t.city(ADA, "two_factor", "citizen_app")
    t.next_impact("credential_stuffing")
    reopen(t, ADA, BRUNO)
    events = t.finish_round()
    report = next(e for e in events if e.kind == "impact").data
    row = next(r for r in report["players"] if r["seat"] == ADA)
    assert row["bonus"] == 1 and row["impact"] == -3
    log = GAME.describe(next(e for e in events if e.kind == "impact"), t.state)
    assert totals_in_log(log, "Ada") == -2 and totals_in_log(log, "Bruno") == -3
    from hacktable.games.scarecity.debrief import debrief

    ada = debrief(t.state)[ADA]
    assert ada["impact_bitizens"] == -2 and ada["protection_bitizens"] == 1
    assert ada["hits"][0]["bitizens"] == -2


def test_over_whole_games_the_debrief_adds_up_to_the_reveals():
    match = play_match(GAME, ("growth", "security", "random"), None, 11).match
    state = match.state
    from hacktable.games.scarecity.debrief import debrief

    for entry in debrief(state):
        reveals = sum(r["impact"] + r["bonus"] for report in state["reports"]
                      for r in report["players"] if r["seat"] == entry["seat"])
        assert entry["impact_bitizens"] == reveals


def test_card_names_match_on_any_word(table):
    t = table(2)
    shop = t.shop("public_wifi", "vpn", "antivirus", "web_server", "byod", "open_data")
    reopen(t, ADA, BRUNO)
    seat = t.state["claim_turn"]
    for words in ("wi-fi", "wifi", "Wi-Fi", "public", "public wi"):
        assert parse(t.state, seat, f"claim {words}").card == shop[0]
    assert parse(t.state, seat, "claim server").card == shop[3]
    assert parse(t.state, seat, "claim own device").card == shop[4]


def test_two_cards_fitting_a_word_are_named_back(table):
    t = table(2)
    t.shop("cloud_storage", "compute_cluster", "antivirus", "web_server", "byod", "open_data")
    reopen(t, ADA, BRUNO)
    reason = t.match.game.parse
    try:
        reason(t.state, t.state["claim_turn"], "claim cloud")
    except Exception as error:
        assert "Cloud Computing Cluster or Cloud Storage" in str(error)
    else:
        raise AssertionError("an ambiguous name was accepted")


def test_the_terminal_shows_risks_lessons_sources_and_the_debrief():
    match = play_match(GAME, ("growth", "security"), None, 4).match
    text = GAME.render(GAME.view(match.state, 0))
    assert "Debrief: the threats that hit each city" in text
    assert "Lesson:" in text and "would have protected" in text
    from hacktable.engine import Match

    board = GAME.render(GAME.view(Match(GAME, ["Ada", "Bruno"], None, 4).state, 0))
    assert "degraded by" in board or "never degraded" in board
    assert "Lesson:" in board
    assert "Claiming order (by $" in board


def test_the_terminal_names_a_controls_protections_and_no_red_side():
    from hacktable.games.scarecity.text import risk_line

    assert risk_line("ddos_protection") == ("security control, never degraded; protects "
                                            "against DDoS Attack")
    assert risk_line("mainframe").startswith("city service, degraded by 3 of 30")
    assert BY_KEY["ddos_protection"].red == 0
    assert IMPACT_BY_KEY["ddos"].protect == ("ddos_protection",)
