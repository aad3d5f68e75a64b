"""The Scare-City screen, rendered from real matches: cities by district with empty slots,
the shop with its tokens and claim buttons posting the engine's own JSON, both sides of
every card and its lesson, the Impact Card with who was hit and protected, the score sheet,
the debrief; and that no screen carries the decks' order or another seat's plan."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from hacktable.engine import GM, SPECTATOR, Match, Rejected
from hacktable.games import get_game
from hacktable.games.scarecity.actions import Move
from hacktable.games.scarecity.cards import CATALOGUE, DISTRICT_NAMES, program
from hacktable.sim.runner import play_match
from hacktable.web import render_screen

from .helpers import parse_html, table_context

NAMES = ["alice", "bruno", "cyborg"]
GAME = get_game("scarecity")


def context(match: Match, viewer: Any) -> dict[str, Any]:
    ctx = table_context(match, viewer)
    ctx["legal"] = None
    if isinstance(viewer, int) and ctx["prompt"] is not None:
        ctx["legal"] = [GAME.action_to_json(a) for a in match.legal_actions(viewer)]
    return ctx


def html(match: Match, viewer: Any) -> str:
    return render_screen("scarecity", context(match, viewer))


def posted(form) -> dict[str, Any]:
    return json.loads(form.find("input", name="action").get("value"))


def test_the_claimer_sees_a_claim_button_per_legal_claim_and_a_pass():
    match = Match(GAME, NAMES, None, 4)
    seat = match.state["claim_turn"]
    tree = parse_html(html(match, seat))
    legal = sorted(json.dumps(GAME.action_to_json(a), sort_keys=True)
                   for a in match.legal_actions(seat))
    offered = sorted(json.dumps(posted(f), sort_keys=True)
                     for f in tree.find_all("form", class_="sc-act"))
    assert offered == legal
    assert tree.find_all("form", data_verb="pass")


def test_the_city_shows_four_districts_with_their_slots():
    match = Match(GAME, NAMES, None, 4)
    tree = parse_html(html(match, 0))
    mine = tree.find_all("section", class_="sc-mine")[0]
    districts = mine.find_all("section", class_="sc-district")
    assert [d.find_all("h3")[0].text.split()[0] for d in districts] == \
        ["CPU", "Network", "User", "Memory"]
    cards = mine.find_all("article", class_="sc-card")
    empties = sum(int(p.get("data-empty")) for p in mine.find_all("p", class_="sc-empty"))
    assert len(cards) == 5 and len(cards) + empties == 12


def test_every_card_can_be_flipped_to_both_sides_and_its_lesson():
    match = Match(GAME, NAMES, None, 4)
    page = html(match, 0)
    tree = parse_html(page)
    for article in tree.find_all("article", class_="sc-card"):
        key = article.get("data-key")
        flip = article.find_all("details", class_="sc-flip")[0]
        assert "Red side" in flip.text and "Blue side" in flip.text
        assert CATALOGUE["programs"][key]["lesson"].split(".")[0] in flip.text
    ids = re.findall(r'id="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "duplicate ids"


def test_the_impact_card_names_who_was_hit_and_who_was_protected():
    match = play_match(GAME, ["growth", "security", "random"], None, 2).match
    tree = parse_html(html(match, 0))
    impact = tree.find_all("article", class_="sc-impact")[0]
    report = match.state["reports"][-1]
    assert CATALOGUE["impacts"][report["key"]]["name"] in impact.text
    rows = impact.find_all("li")
    assert len(rows) == len(report["players"])


def test_the_end_shows_the_ranking_score_sheet_chart_and_a_debrief():
    match = play_match(GAME, ["growth", "security", "random"], None, 2).match
    assert match.outcome() is not None
    tree = parse_html(html(match, 1))
    assert tree.find_all("section", class_="sc-outcome")
    assert tree.find_all("svg", class_="sc-chart")
    debrief = tree.find_all("section", class_="sc-debrief")[0]
    assert "What would have protected you" in debrief.text or "No threat" in debrief.text
    sheet = tree.find_all("table", class_="sc-sheet")[0]
    assert len(sheet.find_all("tr")) == 1 + len(match.state["history"])


def test_no_screen_shows_the_decks_order_or_anothers_plan():
    match = Match(GAME, NAMES, None, 4)
    while match.state["phase"] == "claim":
        match.submit_json(match.state["claim_turn"], {"do": "pass"})
    city = match.state["players"][1]["city"][0]["card"]
    match.submit_json(1, {"do": "decommission", "card": city})
    top = CATALOGUE["impacts"][GAME.view(match.state, GM)["impact_order"][0]]["name"]
    for viewer in (0, 2, SPECTATOR):
        page = html(match, viewer)
        assert "you will decommission" not in page
        assert "Impact deck, top first" not in page
    assert "you will decommission it" in html(match, 1)
    assert top in html(match, GM)


def test_a_card_the_claimer_cannot_claim_says_why():
    """Every shop card with no Claim button and no token on it says the engine's reason
    (the seat's view, from the rule the engine refuses the claim by)."""
    said = 0
    for seed in range(4, 12):
        match = Match(GAME, NAMES, None, seed)
        seat = match.state["claim_turn"]
        reasons = {row["card"]: row["why"] for row in GAME.view(match.state, seat)["unbuyable"]}
        shop = parse_html(html(match, seat)).find_all("section", class_="sc-shop")[0]
        for article in shop.find_all("article", class_="sc-card"):
            card = int(article.get("data-card"))
            if article.find_all("form"):
                continue
            assert reasons[card] in article.find_all("p", class_="sc-why")[0].text
            with pytest.raises(Rejected) as refused:
                match.submit(seat, Move("claim", card))
            assert refused.value.reason == reasons[card]
            said += 1
    assert said, "no seed put a card the claimer may not claim in the shop"


# -- what a first-timer needs -------------------------------------------------------------

def test_how_a_round_works_lists_the_five_phases_and_highlights_the_current_one():
    """"Each round has 5 phases" (Game Rounds): claiming now is phase 1; phases 2 and 3
    are played together."""
    match = Match(GAME, NAMES, None, 4)
    panel = parse_html(html(match, 0)).find_all("details", class_="sc-how")[0]
    items = panel.find_all("li")
    assert len(items) == 5 and "How a round works" in panel.text
    assert [i for i, li in enumerate(items) if "is-now" in (li.get("class") or [])] == [0]
    while match.state["phase"] == "claim":
        match.submit_json(match.state["claim_turn"], {"do": "pass"})
    items = parse_html(html(match, 0)).find_all("details", class_="sc-how")[0].find_all("li")
    assert [i for i, li in enumerate(items) if "is-now" in (li.get("class") or [])] == [1, 2]


def test_card_faces_show_district_and_kind_without_flipping():
    match = Match(GAME, NAMES, None, 4)
    tree = parse_html(html(match, 0))
    for article in tree.find_all("article", class_="sc-card"):
        info = CATALOGUE["programs"][article.get("data-key")]
        face = article.find_all("p", class_="sc-kind")[0]
        flip = article.find_all("details", class_="sc-flip")[0]
        assert face not in flip.find_all("p", class_="sc-kind")
        kind = "security control" if info["kind"] == "control" else "city service"
        assert kind in face.text and DISTRICT_NAMES[info["district"]] in face.text


def test_a_flipped_card_shows_its_source_and_a_control_no_red_penalty():
    match = Match(GAME, NAMES, None, 4)
    tree = parse_html(html(match, 0))
    for article in tree.find_all("article", class_="sc-card"):
        info = CATALOGUE["programs"][article.get("data-key")]
        flip = article.find_all("details", class_="sc-flip")[0]
        assert info["source"] in flip.text
        if info["kind"] == "control":
            assert "never degraded" in flip.text and "−" not in flip.text
            assert not article.find_all("button", class_="danger")


def test_the_ranking_is_labelled_the_claiming_order_and_the_race_is_apart():
    match = Match(GAME, NAMES, None, 4)
    tree = parse_html(html(match, 0))
    assert "Claiming order (ranked by $)" in tree.find_all("section", class_="sc-ranking")[0].text
    race = tree.find_all("section", class_="sc-race")[0]
    bitizens = [int(re.search(r": (-?\d+) Bitizens", li.text).group(1))
                for li in race.find_all("li")]
    assert bitizens == sorted(bitizens, reverse=True)


def test_the_winners_screen_never_says_rank_2():
    """The seed ranks by $ ("the dealer would rank the players: B, C, A"), but the
    election is the Bitizen race; and when several reach 200 at once, "the player with the
    most Scare-City Dollars remaining is the winner", who may have fewer Bitizens: the
    winner's screen says Mayor, never a second place."""
    for seed in range(6):
        match = play_match(GAME, ["growth", "security", "random"], None, seed).match
        for winner in match.state["winners"]:
            page = parse_html(html(match, winner))
            status = page.find_all("section", class_="sc-status")[0].text
            assert "Rank" not in status and "2nd" not in status
            assert "you are Mayor" in status
            assert not page.find_all("section", class_="sc-ranking")


def test_a_held_protection_says_it_earned_one_bitizen_against_this():
    match = play_match(GAME, ["growth", "security", "random"], None, 2).match
    for seat in range(3):
        for report in match.state["reports"]:
            row = next((r for r in report["players"] if r["seat"] == seat), None)
            if row and row["protected"]:
                from hacktable.games.scarecity.screen.builder import impact_row

                numbered = {n: program(n).key for n in range(60)}
                line = impact_row(report, NAMES, numbered, seat)
                mine = next(p for p in line["players"] if p["you"])
                assert mine["earned"].startswith("Your ")
                assert mine["earned"].endswith("earned you +1 Bitizen against this")
                return
    raise AssertionError("no protection in the game")


def test_a_move_that_leaves_zero_dollars_asks_to_confirm_on_the_screen():
    """"If a player ever ends up with $0 or less than $0 then they are out": the button
    carries the confirmed move and a dialog that says so."""
    match = Match(GAME, NAMES, None, 4)
    seat = match.state["claim_turn"]
    state = match.state
    card = next(c for c in state["shop"]
                if program(c).key not in {program(s["card"]).key
                                          for s in state["players"][seat]["city"]}
                and sum(program(s["card"]).district == program(c).district
                        for s in state["players"][seat]["city"]) < 3)
    state["players"][seat]["money"] = program(card).cost
    match.submit_json(seat, {"do": "claim", "card": card})
    while match.state["phase"] == "claim":
        match.submit_json(match.state["claim_turn"], {"do": "pass"})
    tree = parse_html(html(match, seat))
    form = tree.find_all("form", id=f"sc-buy-{card}")[0]
    assert posted(form) == {"do": "buy", "card": card, "confirm": True}
    assert "This leaves you with $0: you would be out of the game" in form.get("data-confirm")
    assert "out of the game" in form.text


def test_a_skipped_claiming_turn_says_why_on_the_screen():
    match = Match(GAME, NAMES, None, 4)
    state = match.state
    for p in state["players"]:
        p["money"] = 1
    from hacktable.games.scarecity.claims import open_claims

    open_claims(state, [])
    page = parse_html(html(match, 0))
    assert "Your claiming turn was skipped: you cannot afford any card left in the shop." \
        in page.find_all("p", class_="sc-skipped")[0].text


def test_a_held_protection_says_which_cards_it_spared():
    """By default (`impact_reading` = lessons) a protection keeps the city's listed cards
    blue; the Impact Card's row says so, to its owner and to everyone else, and the log
    sentence names the spared cards."""
    from hacktable.games.scarecity.screen.builder import impact_row
    from hacktable.games.scarecity.text import impact_sentence

    for seed in range(8):
        match = play_match(GAME, ["growth", "security", "random"], None, seed).match
        for report in match.state["reports"]:
            row = next((r for r in report["players"] if r["spared"] and r["bonus"]), None)
            if row is None:
                continue
            numbered = {n: program(n).key for n in range(60)}
            spared = ", ".join(program(c).name for c in row["spared"])
            mine = next(p for p in impact_row(report, NAMES, numbered, row["seat"])["players"]
                        if p["you"])
            assert f"spared your {spared} and earned you +1 Bitizen" in mine["earned"]
            theirs = next(p for p in impact_row(report, NAMES, numbered, None)["players"]
                          if p["name"] == NAMES[row["seat"]])
            assert f"spared their {spared} and earned" in theirs["earned"]
            assert "spared " + program(row["spared"][0]).name in impact_sentence(
                report, list(NAMES))
            return
    raise AssertionError("no protection spared a card in eight games")


def test_the_protections_label_says_what_a_protection_does_under_each_reading():
    """Default: a protection spares its city; `impact_reading=seed`: it only earns +1."""
    for reading, label in (("lessons", "Protections (spare their city, +1 Bitizen):"),
                           ("seed", "Protections (+1 Bitizen):")):
        match = play_match(GAME, ["growth", "security"], {"impact_reading": reading}, 1).match
        text = " ".join(parse_html(html(match, 0)).text.split())
        assert label in text
        if reading == "seed":
            assert "spare their city" not in text
