"""Which press each game allows (`Game.press`, engine/press.py), as docs/rules/<game>.md
say: Rex Furum's `press` option, Rules for Runners' whispers with the gamemaster, the
whole-table channel of the others and the host's switch for it."""

from __future__ import annotations

import pytest

from hacktable.engine.press import reveals
from hacktable.games import get_game


def rule(game_id: str, **options):
    game = get_game(game_id)
    return game.press(None, game.options.resolve(options))


def test_rex_furum_lets_the_host_pick_full_public_or_gunboat():
    full = rule("rexfurum")
    assert full.refusal(0, [1], 5) is None  # private
    assert full.refusal(0, [1, 2], 5) is None  # a group
    assert full.refusal(0, None, 5) is None  # the whole table
    public = rule("rexfurum", press="public")
    assert public.refusal(0, None, 5) is None
    assert "Private messages are not allowed" in public.refusal(0, [1], 5)
    assert "group" in public.refusal(0, [1, 2], 5)
    gunboat = rule("rexfurum", press="none")
    assert all(gunboat.refusal(0, to, 5) for to in (None, [1], [1, 2]))


def test_runners_whisper_with_the_gamemaster_only():
    whispers = rule("runners")
    assert whispers.refusal(0, [2], 4) is None  # the GM to a runner
    assert whispers.refusal(2, [0], 4) is None  # a runner to the GM
    assert "only to the gamemaster" in whispers.refusal(1, [2], 4)
    assert whispers.refusal(0, [1, 2], 4) is not None  # no groups: one runner at a time
    assert whispers.refusal(3, None, 4) is None
    assert whispers.correspondents(2, 4) == [0]
    assert whispers.correspondents(0, 4) == [1, 2, 3]


@pytest.mark.parametrize("game_id", ["cpu", "scarecity", "dotrun", "dotrun_companion"])
def test_the_other_games_talk_at_the_whole_table_unless_turned_off(game_id):
    table = rule(game_id)
    assert table.refusal(0, None, 2) is None
    assert "Private messages are not allowed" in table.refusal(0, [1], 2)
    assert rule(game_id, press="none").refusal(0, None, 2) is not None


@pytest.mark.parametrize("game_id", ["cpu", "scarecity", "dotrun", "dotrun_companion",
                                     "rexfurum", "runners"])
def test_every_game_has_the_reveal_option_off_by_default(game_id):
    game = get_game(game_id)
    assert reveals(game.options.resolve({})) is False
    assert reveals(game.options.resolve({"reveal_press": True})) is True


def test_no_seat_writes_to_itself_twice_or_to_nobody():
    full = rule("rexfurum")
    assert "yourself" in full.refusal(2, [2], 5)
    assert "once" in full.refusal(2, [1, 1], 5)
    assert "no seat 9" in full.refusal(2, [8], 5)
    assert "at least one" in full.refusal(2, [], 5)
