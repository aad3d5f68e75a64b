"""What the polite live region says as a match goes on, from the screens' own markup: each
`[data-announce-event]` is said once when it appears (table.js): "your turn" for a seat the
game asks and who has not answered, "the round closed" in Rex Furum, and Scare-City's Impact
Card with its colour in words."""

from __future__ import annotations

from hacktable.engine import SPECTATOR
from hacktable.games import get_game
from hacktable.games.scarecity.cards import CATALOGUE
from hacktable.sim.runner import play_match
from hacktable.web import render_screen

from .helpers import new_match, parse_html, table_context


def events(game: str, match, viewer) -> dict[str, str]:
    """Each event's key (your turn: keyed by the prompt, so a new turn is said again)."""
    tree = parse_html(render_screen(game, table_context(match, viewer)))
    return {node.get("data-announce-event").split(":")[0]: node.text.strip()
            for node in tree.iter() if node.get("data-announce-event")}


def test_your_turn_is_said_to_the_seat_asked_until_it_answers():
    match = new_match()
    said = events("rexfurum", match, 0)
    assert said["your-turn"].startswith("Your turn")
    assert "your-turn" not in events("rexfurum", match, SPECTATOR)
    match.submit_text(0, "protect self")
    assert "your-turn" not in events("rexfurum", match, 0)


def test_rex_furum_says_the_round_closed():
    match = new_match()
    assert not [key for key in events("rexfurum", match, 1) if key.startswith("closed")]
    match.close_phase()
    said = events("rexfurum", match, 1)
    assert said["closed-2"] == "The round closed; round 2 begins."
    assert said["your-turn"].startswith("Your turn")


def test_scare_city_says_the_impact_card_in_words():
    match = play_match(get_game("scarecity"), ["growth", "security", "random"], None, 2).match
    report = match.state["reports"][-1]
    card = CATALOGUE["impacts"][report["key"]]
    said = events("scarecity", match, SPECTATOR)[f"impact-{report['round']}"]
    assert f"Impact Card: {card['name']}" in said
    assert card["colour"] in said  # the colour in words, not by colour alone
