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


def test_the_security_bot_values_a_protection_by_what_it_spares_its_own_city():
    """With `impact_reading` = lessons a held protection keeps the city's services from
    degrading, so the security bot values DDoS protection more in a city with a web
    server, and counts the web server's DDoS risk as gone once it holds the service;
    with the seed's reading a protection spares nothing and the city plays no part."""
    from hacktable.games.scarecity.bots import BOTS, DEGRADES
    from hacktable.games.scarecity.cards import BY_KEY, PROGRAMS

    def slot(key):
        return {"id": next(n for n, p in enumerate(PROGRAMS) if p.key == key), "key": key,
                "degraded": False}

    bot = BOTS["security"]()
    lessons, seed = {"options": {"impact_reading": "lessons"}}, \
        {"options": {"impact_reading": "seed"}}
    server = {"city": [slot("web_server")]}
    guarded = {"city": [slot("web_server"), slot("ddos_protection")]}
    assert bot.in_city(lessons, server, BY_KEY["ddos_protection"], 1.0)[1] > 0
    assert bot.in_city(lessons, {"city": []}, BY_KEY["ddos_protection"], 1.0)[1] == 0
    assert bot.in_city(lessons, guarded, BY_KEY["web_server"], 1.0)[0] == \
        DEGRADES["web_server"] - 1
    assert bot.in_city(seed, server, BY_KEY["ddos_protection"], 1.0) == (None, 0.0)
