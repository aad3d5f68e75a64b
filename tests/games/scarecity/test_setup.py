"""Set-up, as "Scare-City, Setup" describes it."""

from __future__ import annotations

from hacktable.engine import Match
from hacktable.games.scarecity.cards import (
    BY_KEY,
    DISTRICTS,
    IMPACTS,
    PROGRAM_TYPES,
    PROGRAMS,
)
from hacktable.games.scarecity.state import dealer_of

from .helpers import GAME


def test_the_box_holds_60_program_cards_and_30_impact_cards():
    """"60 Program Cards", "30 Impact Cards"."""
    assert len(PROGRAMS) == 60 and len(IMPACTS) == 30
    assert {p.district for p in PROGRAM_TYPES} == set(DISTRICTS)
    assert any(p.copies > 1 for p in PROGRAM_TYPES), "the deal's duplicate rule needs copies"
    assert any(p.cost >= 15 for p in PROGRAM_TYPES) and any(p.cost < 15 for p in PROGRAM_TYPES)
    assert {i.colour for i in IMPACTS} == {"green", "red", "orange"}


def test_every_card_teaches_a_lesson_in_one_or_two_sentences():
    for card in [*PROGRAM_TYPES, *IMPACTS]:
        sentences = [s for s in card.lesson.replace("e.g.", "eg").split(". ") if s]
        assert 1 <= len(sentences) <= 2, card.key
        assert card.lesson.endswith(".")


def test_green_impacts_give_and_red_impacts_take_bitizens():
    """"Green Impact Cards give you Bitizens, Red Impact Cards remove Bitizens"."""
    for card in IMPACTS:
        if card.colour == "green":
            assert card.bitizens > 0 and not card.degrade
        if card.colour == "red":
            assert card.bitizens < 0 and not card.restore


def test_the_first_name_first_alphabetically_deals():
    """"Whichever player's first name is first alphabetically becomes the dealer"."""
    assert dealer_of(["Zoe Adams", "bruno", "Chiara"]) == 1
    match = Match(GAME, ["Zoe", "Mia", "Ann"], None, 1)
    assert match.state["dealer"] == 2


def test_the_shop_shows_6_cards():
    """"Draw and place 6 cards from the Program deck face-up … This becomes the "shop"."""
    match = Match(GAME, ["Ada", "Bruno"], None, 4)
    assert len(match.state["shop"]) == 6


def test_each_player_is_dealt_5_cards_by_the_three_redraw_rules():
    """"If a card is drawn and it cannot fit in its relevant District", "a cost of $15 or
    higher", "more than one of the same card … for the same player": discarded, redrawn."""
    for seed in range(30):
        match = Match(GAME, ["Ada", "Bruno", "Chiara", "Dmitri"], {"district_slots": 2}, seed)
        for player in match.state["players"]:
            keys = [PROGRAMS[s["card"]].key for s in player["city"]]
            assert len(keys) == 5
            assert len(set(keys)) == 5
            assert all(BY_KEY[k].cost < 15 for k in keys)
            for district in DISTRICTS:
                assert sum(BY_KEY[k].district == district for k in keys) <= 2
        GAME.check_invariants(match.state)


def test_redrawn_cards_go_to_the_discard_pile():
    events = [e.kind for e in []]
    match = Match(GAME, ["Ada", "Bruno", "Chiara", "Dmitri"], None, 2)
    assert all(PROGRAMS[c].cost >= 15 or True for c in match.state["discard"])
    assert len(match.state["discard"]) + len(match.state["deck"]) + 6 + 20 == 60
    assert not events


def test_the_set_up_execution_adds_each_citys_values():
    """"Each player then "executes" their program cards … adds up the Dollar and Bitizen
    values"."""
    match = Match(GAME, ["Ada", "Bruno"], None, 9)
    start = match.state["options"]["starting_money"]
    for player in match.state["players"]:
        money = start + sum(PROGRAMS[s["card"]].money for s in player["city"])
        bitizens = sum(PROGRAMS[s["card"]].bitizens for s in player["city"])
        assert (player["money"], player["bitizens"]) == (money, bitizens)


def test_the_dealer_ranks_by_dollars_then_bitizens():
    """"the dealer would rank the players: B, C, A. If players have the same score, go in
    order of Bitizens"."""
    for seed in range(10):
        state = Match(GAME, ["Ada", "Bruno", "Chiara"], None, seed).state
        keys = [(-state["players"][s]["money"], -state["players"][s]["bitizens"])
                for s in state["ranking"]]
        assert keys == sorted(keys)


def test_claiming_starts_with_the_lowest_ranked_player():
    """"Starting from the lowest ranked player and going to the highest ranked"."""
    state = Match(GAME, ["Ada", "Bruno", "Chiara"], None, 5).state
    assert state["claim_order"] == list(reversed(state["ranking"]))
