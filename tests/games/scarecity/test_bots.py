"""The bots play whole games from their seat's view, without a rejected move."""

from __future__ import annotations

import pytest

from hacktable.sim.runner import play_match

from .helpers import GAME


@pytest.mark.parametrize("bots", [("growth", "security"), ("security", "random", "growth"),
                                  ("random", "random", "random", "random")])
def test_bots_finish_games_without_errors(bots):
    for seed in range(3):
        played = play_match(GAME, bots, None, seed)
        assert played.finished
        heuristic = {name: count for name, count in played.bot_errors.items()
                     if name != "random"}
        assert not heuristic, played.error_reasons


def test_every_event_of_a_game_reads_as_a_sentence():
    match = play_match(GAME, ("growth", "security", "random"), None, 7).match
    for logged in match.events:
        text = GAME.describe(logged.event, match.state)
        assert text.endswith((".", "!")) and ": {" not in text, text
    assert "Impact Card" in GAME.render(GAME.view(match.state, 0))


def claims_and_buys(match):
    """(round, seat, card) of every claim and every purchase."""
    claimed, bought, round_ = set(), set(), 0
    for logged in match.events:
        event = logged.event
        if event.kind == "round":
            round_ = event.data["round"]
        elif event.kind in ("claim", "buy"):
            (claimed if event.kind == "claim" else bought).add(
                (round_, event.data["seat"], event.data["card"]))
    return claimed, bought


def test_bots_claim_only_what_they_then_buy():
    """A token on a card blocks it for everyone ("claim any wanted cards … by placing one
    of your player tokens on the card"), so a bot claims only what its plan will buy."""
    for seed in range(6):
        match = play_match(GAME, ("growth", "security", "security"), None, seed).match
        claimed, bought = claims_and_buys(match)
        assert claimed and claimed <= bought


def test_bots_spend_down_but_never_put_themselves_out():
    """The seed's "$0 or less … they are out": a bot spends to its last dollar when that
    pays, and no further."""
    for seed in range(6):
        match = play_match(GAME, ("growth", "security"), None, seed).match
        assert not match.state["out_order"]
