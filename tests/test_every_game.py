"""Checks every registered game must pass: the contract fuzzer, hidden information, and
its playthrough golden files. A new game is covered here the moment it is registered."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hacktable.engine import Match
from hacktable.engine.contract import BaseGame
from hacktable.engine.errors import Rejected
from hacktable.engine.playthrough import first_difference, read, render, replay
from hacktable.engine.testing import (
    check_hidden_counts,
    check_hidden_information,
    check_public_events,
    check_screens_follow_known,
    fuzz_match,
    option_sets,
)
from hacktable.games import all_games, get_game
from hacktable.sim.runner import play_match

PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
GAMES = all_games()
IDS = [game.id for game in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_input_never_breaks_the_contract(game, data):
    fuzz_match(game, data, words=game.fuzz_words)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_no_seat_sees_what_it_may_not(game):
    """Under the defaults and under every option set the checker derives or the game
    declares (an option can make something secret, e.g. CPU's compile_in=backing_store)."""
    changed = counted = 0
    personalities = sorted(game.bots())
    bots = [personalities[i % len(personalities)] for i in range(game.min_seats + 1)]
    for number, options in enumerate(option_sets(game, game.playthrough_options)):
        for seed in range(3 if number == 0 else 1):
            full = play_match(game, bots, options, seed).match
            rng = random.Random(seed)
            match = Match(game, full.seats, options, seed)
            for entry in full.log:
                changed += check_hidden_information(match, rng)
                counted += check_hidden_counts(match, rng)
                check_public_events(match, rng)
                match.apply_entry(entry)
    assert changed > 0, "the re-deal never changed anything: the check would be vacuous"
    if type(game).hidden_moves is not BaseGame.hidden_moves:
        assert counted > 0, "no hidden move was ever made: the count check is vacuous"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_entry_that_tells_a_viewer_nothing_changes_nothing_they_see(game):
    """The server rebuilds a viewer's screen only when their own count of the log moved
    (docs/server.md, "Pushes"): so an entry they may not know of must leave their view,
    prompt and legal moves as they were, under every option set the checker plays. A game
    that says otherwise (`views_follow_known = False`) must really need it."""
    untold = 0
    personalities = sorted(game.bots())
    bots = [personalities[i % len(personalities)] for i in range(game.min_seats + 1)]
    for options in option_sets(game, game.playthrough_options):
        full = play_match(game, bots, options, seed=1).match
        match = Match(game, full.seats, options, 1)
        try:
            for entry in full.log:
                untold += check_screens_follow_known(match, entry)
        except AssertionError:
            if game.views_follow_known:
                raise
            return  # the game said so: the server rebuilds every screen after every entry
    assert game.views_follow_known, (
        "views_follow_known is False, yet no entry changed what an untold viewer sees")
    if type(game).hidden_moves is not BaseGame.hidden_moves or game.id == "rexfurum":
        assert untold > 0, "no entry ever told a viewer nothing: the check is vacuous"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_events_words_never_change_once_logged(game):
    """The server keeps each event's words once said (a screen shows the latest sixty
    events on every push): so describing an event later in the match must say what it
    said when the event was logged."""
    personalities = sorted(game.bots())
    bots = [personalities[i % len(personalities)] for i in range(game.min_seats + 1)]
    said = []
    for options in option_sets(game, game.playthrough_options):
        full = play_match(game, bots, options, seed=2).match
        match = Match(game, full.seats, options, 2)
        for entry in full.log:
            said += [(match, event, game.describe(event, match.state))
                     for event in match.apply_entry(entry)]
    assert said, "no event was ever logged: the check is vacuous"
    for match, event, words in said:
        assert game.describe(event, match.state) == words, (
            f"{event.kind} was {words!r} when logged, later "
            f"{game.describe(event, match.state)!r}")


NAME_PIECES = ("Ann", "ann", "Bob", "J.R.", "J R", "me", "self", "protect", "alpha", "to",
               "42", "...", "Zoë", "Bruno", "O'Neil", "  Cy  ", "Cy", "embezzle", "a")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_checking_names_says_what_a_set_up_would(game, data):
    """The server checks names as each player sits down with `check_names`, which a game
    may answer by one rule of its own instead of a trial set-up: it must refuse exactly
    the names a set-up refuses, in the same words."""
    count = data.draw(st.integers(game.min_seats, min(game.max_seats, 8)))
    names = data.draw(st.lists(st.sampled_from(NAME_PIECES), min_size=count, max_size=count))
    options = game.options.resolve({})

    def answer(ask) -> str | None:
        try:
            ask()
        except Rejected as error:
            return error.reason
        return None

    assert answer(lambda: game.check_names(names, options)) == answer(
        lambda: game.setup(names, options, random.Random(0)))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_has_a_playthrough(game):
    files = sorted((PLAYTHROUGHS / game.id).glob("*.txt"))
    assert files, (f"{game.id} has no playthrough: run "
                   f"`uv run python scripts/regenerate_playthroughs.py --new {game.id}`")


PLAYTHROUGH_FILES = sorted(PLAYTHROUGHS.glob("*/*.txt"))


@pytest.mark.parametrize("path", PLAYTHROUGH_FILES,
                         ids=[f"{p.parent.name}/{p.name}" for p in PLAYTHROUGH_FILES])
def test_playthrough_replays_to_the_recorded_views(path):
    expected = path.read_text()
    scenario, entries = read(expected)
    actual = render(replay(get_game(scenario.game), scenario, entries), scenario)
    assert actual == expected, (
        f"{path.name} no longer matches ({first_difference(expected, actual)}); if the change "
        "is deliberate, run scripts/regenerate_playthroughs.py and review the diff")
