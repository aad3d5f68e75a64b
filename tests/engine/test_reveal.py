"""The reveal of a finished match, for every game: built from the log replayed through the
game, in the game's own words with names (never seat numbers), and with what each game hides
said at last (Rex Furum's orders and ledger, CPU's hands and draw order, Scare-City's plans,
./Run's tasks and answers, Rules for Runners' hidden NPCs and secret DCs)."""

from __future__ import annotations

import re

import pytest

from hacktable.engine import reveal
from hacktable.engine.contract import Event
from hacktable.games import all_games, get_game
from hacktable.sim.runner import play

GAMES = [game.id for game in all_games()]

EXPECTED = {
    "rexfurum": ["sent orders:", "The gamemaster's ledger, in words", "was paid a salary of",
                 "Money and jobs, round by round", "works for"],
    "cpu": ["Hands as dealt", "The draw pile as shuffled, in draw order", "Hands at the end",
            "You downloaded"],
    "scarecity": ["'s secret plan: "],
    "dotrun": ["the right answer:"],
    "runners": ["against DC", "(the gamemaster)", "[hidden]", "Who played whom"],
}


def _played(game_id: str):
    game = get_game(game_id)
    seats = max(game.min_seats, min(4, game.max_seats))
    match = play(game, [next(iter(game.bots()))] * seats, game.playthrough_options, seed=3)
    assert match.outcome() is not None
    return game, match


def _text(told: reveal.Reveal) -> str:
    lines = [f"{r.label} {line.who} {line.told} {line.text}"
             for r in told.rounds for line in r.lines]
    return "\n".join([*lines, *(f"{t}\n{x}" for t, x in told.sections), told.summary])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_reveal_tells_the_whole_match_in_names(game_id: str) -> None:
    game, match = _played(game_id)
    told = reveal.build(game, match.seats, match.options, match.seed, match.log)
    text = _text(told)
    assert told.rounds and told.rounds[0].first == 1
    assert told.summary == match.outcome().summary
    assert [r.label for r in told.rounds] == _dedupe(reveal.marks(game, match))
    assert sum(1 for r in told.rounds for line in r.lines if line.kind == "event") == sum(
        1 for logged in match.events if logged.event.kind not in ("host", "seat"))
    assert not re.search(r"\bseat \d", text, re.IGNORECASE)
    assert any(name in text for name in match.seats)
    for wanted in EXPECTED.get(game_id, []):
        assert wanted in text, (game_id, wanted)
    assert told.messages == []  # a table that keeps messages adds them; none by default


def _dedupe(labels: list[str]) -> list[str]:
    found: list[str] = []
    for label in labels:
        if not found or found[-1] != label:
            found.append(label)
    return found


def test_who_was_told_is_said_in_names() -> None:
    players = ["Ann", "Bob", "Cy"]
    assert reveal.told_to(Event("x", {}), players) == "everyone"
    assert reveal.told_to(Event("x", {}, "gm"), players) == "the gamemaster only"
    assert reveal.told_to(Event("x", {}, (0, 2)), players) == "told to Ann, Cy"
    assert reveal.told_to(Event("x", {}, (1, "spectator")), players) == \
        "told to Bob and onlookers"
    assert reveal.told_to(Event("x", {}, (0,)), players, referee=0) == \
        "told to Ann (the gamemaster)"


def test_rex_furum_ledger_lines_say_who_did_what_to_whom() -> None:
    from hacktable.games.rexfurum.reveal import ledger_words

    names = ["Ann", "Bob"]
    line = {"round": 1, "from": 0, "to": 1, "amount": 10000}
    assert ledger_words({**line, "rule": "embezzle"}, names) == "Bob embezzled $10,000 from Ann."
    assert ledger_words({**line, "rule": "backstab"}, names) == \
        "Bob backstabbed Ann and took $10,000."
    assert ledger_words({**line, "rule": "bribe"}, names) == "Bob took Ann's bribe: $10,000."
    assert ledger_words({**line, "rule": "invest"}, names) == "Ann invested $10,000 in Bob."
