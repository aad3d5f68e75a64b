"""Option schemas: defaults from the seed, validation with sentences a host can act on."""

import pytest

from hacktable.engine import Option, OptionError, OptionSchema

SCHEMA = OptionSchema((
    Option("rounds", 10, "Rounds.", 1, 100),
    Option("early_close", False, "Close early."),
    Option("mode", "replace", "Mode.", choices=("replace", "append")),
))


def test_defaults_fill_every_option_not_given():
    assert SCHEMA.resolve({}) == {"rounds": 10, "early_close": False, "mode": "replace"}


def test_strings_from_forms_and_command_lines_are_coerced():
    resolved = SCHEMA.resolve({"rounds": "12", "early_close": "yes", "mode": "APPEND"})
    assert resolved == {"rounds": 12, "early_close": True, "mode": "append"}


@pytest.mark.parametrize(("given", "says"), [
    ({"rounds": 0}, "at least 1"),
    ({"rounds": 101}, "at most 100"),
    ({"rounds": "ten"}, "whole number"),
    ({"rounds": True}, "whole number"),
    ({"early_close": "maybe"}, "true or false"),
    ({"mode": "merge"}, "one of: replace, append"),
    ({"colour": "red"}, "Unknown option 'colour'"),
])
def test_bad_values_are_rejected_with_a_sentence(given, says):
    with pytest.raises(OptionError, match=says):
        SCHEMA.resolve(given)


def test_every_registered_game_declares_valid_defaults():
    from hacktable.games import all_games

    for game in all_games():
        defaults = game.options.defaults()
        assert game.options.resolve(defaults) == defaults
        for option in game.options:
            assert option.help, f"{game.id}.{option.name} needs a help text"
