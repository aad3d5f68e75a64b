"""Illegal input, the written notation, views and hidden information."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hacktable.engine import GM, SPECTATOR, Match, Rejected
from hacktable.engine.testing import check_hidden_information
from hacktable.games.cpu.actions import Move
from hacktable.sim.runner import play_match

from .helpers import ADA, BRUNO, GAME, NAMES, snapshot

BAD_JSON = [
    None, 3, "download", [], {}, {"do": 7}, {"do": "hack"}, {"do": "download", "x": 1},
    {"do": "idle"}, {"do": "idle", "n": True}, {"do": "idle", "n": "3"}, {"do": "idle", "n": 0},
    {"do": "idle", "n": 99}, {"do": "load", "cards": []}, {"do": "load", "cards": 5},
    {"do": "load", "cards": [999]}, {"do": "free", "item": -1}, {"do": "compile"},
    {"do": "execute", "item": 1}, {"do": "execute", "item": 1, "target": 9},
    {"do": "daemonise", "item": None}, {"do": "play", "item": 2, "target": 0},
    {"do": "retake", "target": 1, "n": 2}, {"do": "discard", "item": 1}, {"do": "react"},
    {"do": "download", "target": 1}, {"do": "install", "item": 3},
]


@pytest.mark.parametrize("payload", BAD_JSON, ids=[json.dumps(p) for p in BAD_JSON])
def test_illegal_json_is_refused_and_changes_nothing(table, payload):
    """Moves arriving as JSON (a browser, a bot) are checked completely before anything
    changes; the reason is a sentence."""
    t = table()
    t.give(ADA, "nmap")
    before = snapshot(t.state)
    with pytest.raises(Rejected) as caught:
        t.match.submit_json(ADA, payload)
    assert snapshot(t.state) == before and t.match.log == []
    assert caught.value.reason.rstrip().endswith(".")


def test_moves_out_of_turn_are_refused(table):
    """"There is only one phase to your turn" – only the active machine spends cycles."""
    t = table()
    assert "not your turn" in t.rejected(BRUNO, "download")
    with pytest.raises(Rejected):
        t.match.submit(7, Move("download"))
    with pytest.raises(Rejected):
        t.match.submit(ADA, "download")


def test_rejected_moves_leave_the_state_unchanged_under_random_play():
    """Every refused move, at any moment of a real game, changes nothing."""
    match = Match(GAME, NAMES[:3], None, 11)
    rng = random.Random(4)
    bad = [Move("idle", n=50), Move("free", 0), Move("execute", 0, target=0),
           Move("play", 1, target=1), Move("react"), Move("done"), Move("discard", 2)]
    for _ in range(120):
        if match.outcome():
            break
        for seat in range(3):
            for move in bad:
                before = snapshot(match.state)
                try:
                    GAME.check_invariants(match.state)
                    match.submit(seat, move)
                except Rejected:
                    assert snapshot(match.state) == before
                else:
                    GAME.check_invariants(match.state)
        seat = list(match.prompts())[-1]  # the seat whose move the game waits for
        legal = match.legal_actions(seat)
        match.submit(seat, legal[rng.randrange(len(legal))])


def test_notation_reads_the_board_positions(table):
    """Text moves: `compile 2 5 6`, `execute 1 at bruno`, positions from 1."""
    t = table()
    source, lib = t.put(ADA, "nmap", "libparted")
    assert GAME.parse(t.state, ADA, "compile 1 2") == Move("compile", source, cards=(lib,))
    assert GAME.parse(t.state, ADA, "idle all") == Move("idle", n=10)
    assert GAME.parse(t.state, ADA, "execute 1 at 2") == Move("execute", source, target=BRUNO)
    assert GAME.parse(t.state, ADA, "fire 1 at Bruno") == Move("fire", source, target=BRUNO)
    for text, word in (("hack", "hack"), ("compile 9", "9"), ("execute 1 at zed", "zed"),
                       ("download now", "now"), ("", "a move")):
        with pytest.raises(Rejected) as caught:
            GAME.parse(t.state, ADA, text)
        assert word in caught.value.reason
    with pytest.raises(Rejected) as caught:
        GAME.parse(t.state, ADA, "downlaod")
    assert "download" in caught.value.reason


def test_notation_reads_positions_as_the_screen_labels_them(table):
    """The screen labels memory slots m1, m2… and backing store h1, h2…: those labels are
    read too, and one of the wrong zone is refused with the labels to use."""
    t = table()
    source, _library = t.put(ADA, "nmap", "libparted")
    assert GAME.parse(t.state, ADA, "compile m1 m2") == GAME.parse(t.state, ADA, "compile 1 2")
    assert GAME.parse(t.state, ADA, "execute m1 at bruno") == Move("execute", source,
                                                                  target=BRUNO)
    with pytest.raises(Rejected) as caught:
        GAME.parse(t.state, ADA, "execute h1 at bruno")
    assert "a memory position (m1, m2" in caught.value.reason


def test_moves_round_trip_through_json():
    """Moves are small JSON records: what is logged reads back the same."""
    moves = [Move("idle", n=2), Move("download"), Move("load", cards=(3, 4)), Move("free", 5),
             Move("compile", 6, cards=()), Move("compile", 6, cards=(7, 8)),
             Move("execute", 1, target=2, disassemble=3), Move("daemonise", 1),
             Move("fire", 1, target=0), Move("play", 9, target=1, n=2), Move("shutdown"),
             Move("install", 4), Move("uninstall", 4), Move("retake", target=1, n=3),
             Move("done"), Move("discard", 2), Move("nullify"), Move("allow"), Move("react"),
             Move("decline")]
    for move in moves:
        data = GAME.action_to_json(move)
        assert GAME.action_from_json(json.loads(json.dumps(data))) == move


def test_memory_is_public_and_backing_stores_are_secret(table):
    """Ruling: memory is "places on the table to play cards" (face up); a backing store
    (hand) is its owner's secret."""
    t = table()
    hand = t.give(BRUNO, "ddos", "nmap")
    t.put(BRUNO, "libao")
    mine, theirs, spectator, gm = (t.view(BRUNO), t.view(ADA), t.view(SPECTATOR), t.view(GM))
    assert [item["id"] for item in mine["hand"]] == hand
    assert theirs["machines"][BRUNO]["hand"] == 2 and "hand" in theirs
    assert [item["id"] for item in theirs["hand"]] == []
    assert "hand" not in spectator and "draw_order" not in spectator
    text = json.dumps(theirs)
    assert theirs["machines"][BRUNO]["memory"][0]["key"] == "libao"
    assert all(f'"id": {n}, "key": "ddos"' not in text for n in hand)
    assert [item["id"] for item in gm["hands"][BRUNO]] == hand


def test_render_and_describe_speak_plainly(table):
    """The board in words and every event as a sentence."""
    t = table()
    t.put(ADA, "nmap")
    t.do(ADA, "compile 1")
    text = GAME.render(t.view(ADA), "21:00")
    assert "Ada to play" in text and "nmap" in text and "21:00" in text
    assert GAME.describe(t.events[0], t.state) == "Ada compiles nmap."


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_conservation_and_replay_under_random_play(seed, players):
    """"128 Cards" and "50 Cycle Counters": under random play every card and counter is
    always somewhere, exactly once; and the log replays to the live state."""
    bots = ["random", "aggressive", "turtle", "hoarder"]
    match = Match(GAME, NAMES[:players], {"round_limit": 12}, seed)
    played = play_match(GAME, [bots[(seed + i) % 4] for i in range(players)],
                        {"round_limit": 12}, seed)
    rebuilt = Match.replay(GAME, played.match.seats, played.match.options, seed,
                           played.match.log)
    assert snapshot(rebuilt.state) == snapshot(played.match.state)
    for entry in played.match.log:
        match.apply_entry(entry)
        GAME.check_invariants(match.state)
    assert played.finished and not played.bot_errors


def test_redeal_hides_other_hands_and_draw_order():
    """What a seat sees is a function of what it may know."""
    played = play_match(GAME, ["aggressive", "turtle", "random"], {"round_limit": 2}, 3)
    match = Match(GAME, played.match.seats, {"round_limit": 2}, 3)
    changed = 0
    for entry in played.match.log[:60]:
        changed += check_hidden_information(match, random.Random(entry.seq))
        match.apply_entry(entry)
    assert changed
