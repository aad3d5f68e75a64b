"""The box, the deal and the data file of cards (seed §2, §3, §4, §12)."""

from __future__ import annotations

from collections import Counter

import pytest

from hacktable.engine import Match
from hacktable.games import get_game
from hacktable.games.cpu.cards import BY_KEY, TYPES, deck
from hacktable.games.cpu.options import OPTIONS

from .helpers import GAME, NAMES

# name: (kind, attack, defence, reaction), transcribed from the seed's section 12.
SEED_CARDS = {
    "Dual Channel": ("rom", 0, 0, 0), "In The Cloud": ("rom", 0, 0, 0),
    "DDR4": ("rom", 0, 0, 0), "Jam It In": ("rom", 0, 0, 0), "JIT compiler": ("rom", 0, 0, 0),
    "nmap": ("source", 2, 0, 0), "iptables": ("source", 0, 3, 0), "gdb": ("source", 2, 2, 0),
    "traceroute": ("source", 1, 2, 0), "telnet": ("source", 2, 0, 0),
    "perl": ("source", 3, 2, 0), "ssh": ("source", 2, 0, 0), "ping": ("source", 1, 0, 1),
    "fail2ban": ("source", 0, 2, 1), "whois": ("source", 2, 0, 2),
    "libao": ("library", 0, 1, 0), "libcrypt": ("library", 0, 2, 0),
    "libparted": ("library", 2, 0, 0), "libcaca": ("library", 0, 0, 2),
    "libnotify": ("library", 0, 1, 0), "libvideo": ("library", 1, 0, 0),
    "Computing Time": ("special", 0, 0, 0), "SuperHyperUltraGlobalMegaNet": ("special", 0, 0, 0),
    "Digital Economy Act": ("special", 0, 0, 0), "DDoS": ("special", 0, 0, 0),
    "RKHunter": ("special", 0, 0, 0),
}


def test_every_card_of_the_seed_is_in_the_data_file():
    """"12. Cards" – every listed card exists with its attack, defence and reaction values
    ("nmap 2,0,0 - Allows you to see the open ports of a target machine")."""
    found = {card.name: (card.kind, card.attack, card.defence, card.reaction) for card in TYPES}
    assert found == SEED_CARDS
    assert BY_KEY["nmap"].text == "Allows you to see the open ports of a target machine"
    assert "Abysmal Code" in BY_KEY["perl"].text and "Disassembler" in BY_KEY["gdb"].text


def test_the_deck_has_128_cards():
    """"128 Cards: 20 Option ROM cards, 40 Source Code cards, 48 Linked Library cards,
    20 Special Action cards" – "Option Rom (4 of)", "Source Code (4 of)", "Linked Library
    (8 of)", "Special Action (4 of)"."""
    cards = deck(OPTIONS.defaults())
    assert len(cards) == 128
    assert Counter(card.kind for card in cards) == {"rom": 20, "source": 40, "library": 48,
                                                    "special": 20}
    assert Counter(card.key for card in cards)["libcaca"] == 8
    assert Counter(card.key for card in cards)["ddos"] == 4


def test_the_data_file_ships_inside_the_package():
    """The card list is a data file read with importlib.resources, so an installed wheel
    has it too."""
    from importlib import resources

    assert resources.files("hacktable.games.cpu").joinpath("cards.toml").is_file()


def test_starting_hand():
    """"Each player starts with 10 cycles (or actions) 6 memory slots (places on the table to
    play cards) and 2 Option ROM slots" and "6 Cards in Backing Store (hand)"."""
    match = Match(GAME, NAMES[:3], {"first_player": "seat1"}, 1)
    for seat in range(3):
        me = match.view(seat)["machines"][seat]
        assert me["cycles"] == 10 and me["hand"] == 6
        assert me["memory_slots"] == 6 and me["rom_slots"] == 2
        assert me["memory"] == [] and me["roms"] == [] and me["status"] == "running"
        assert len(match.view(seat)["hand"]) == 6
    assert match.view(0)["draw_pile"] == 128 - 18
    assert match.view(0)["supply"] == 50


@pytest.mark.parametrize("players", range(2, 7))
def test_everyone_starts_with_ten_cycles_at_every_table_size(players):
    """"Each player starts with 10 cycles" (CPU, §4) – at every table size: the 50 counters
    of §2 are the supply In The Cloud borrows from, not a cap on the starting cycles."""
    match = Match(GAME, NAMES[:players], None, 1)
    assert [m["cycles"] for m in match.state["machines"]] == [10] * players
    assert match.state["supply"] == 50
    GAME.check_invariants(match.state)


@pytest.mark.parametrize(("players", "each", "left"), [(2, 10, 30), (5, 10, 0), (6, 8, 2)])
def test_fifty_cycle_counters_are_a_finite_supply(players, each, left):
    """"50 Cycle Counters" read literally (option counter_box): when the box cannot give
    everyone 10, everyone gets the same smaller share."""
    match = Match(GAME, NAMES[:players], {"counter_box": True}, 1)
    assert [m["cycles"] for m in match.state["machines"]] == [each] * players
    assert match.state["supply"] == left


def test_credits_name_the_author_and_licence():
    """"CPU by Næþ'n Lasseter is licensed under a Creative Commons Attribution-ShareAlike 3.0
    Unported License." """
    game = get_game("cpu")
    assert "Næþ'n Lasseter" in game.credits and "CC BY-SA 3.0" in game.credits


def test_every_seed_number_is_an_option():
    """Every number of the seed is a rule option with the seed's value as its default."""
    defaults = OPTIONS.defaults()
    expected = {"starting_cycles": 10, "cycle_counters": 50, "hand_size": 6, "memory_slots": 6,
                "rom_slots": 2, "rom_copies": 4, "source_copies": 4, "library_copies": 8,
                "special_copies": 4, "bios_cycles": 1, "rom_boot_cycles": 1,
                "dual_channel_loads": 2, "cloud_cycles": 5, "ddr4_slots": 10, "jam_slots": 2,
                "gdb_cycles": 1, "perl_idled_cycles": 3, "meganet_cycles": 2,
                "meganet_factor": 2, "ddos_cycles": 4, "rkhunter_restore": 10}
    assert {name: defaults[name] for name in expected} == expected


def test_smaller_decks_deal_what_there_is():
    """Options may shrink the deck below what a deal needs: everyone is dealt what is left."""
    match = Match(GAME, NAMES[:6], {"rom_copies": 0, "source_copies": 1, "library_copies": 0,
                                    "special_copies": 0, "hand_size": 20}, 3)
    GAME.check_invariants(match.state)
    assert sum(len(m["hand"]) for m in match.state["machines"]) == 10
