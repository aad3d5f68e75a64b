"""Every view a viewer receives is what its game says it is: the view type each game
declares (`BaseGame[S, A, V]`'s V, the `TypedDict`s of its `views.py`) is checked against
real matches, the bots' whole games under every option set the hidden-information check
plays and the shared fuzzer's, for every seat, the gamemaster and a spectator. A key the
view lacks, one it has that the type does not declare, or a value of another type fails,
with the path to it."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hacktable.engine import Match
from hacktable.engine.contract import GM, SPECTATOR, BaseGame
from hacktable.engine.testing import fuzz_match, option_sets
from hacktable.games import all_games, get_game
from hacktable.sim.runner import play_match


def declared_view(game: object) -> Any:
    """The view type a game declares as its third type parameter (`BaseGame[S, A, V]`),
    or None where it declares none."""
    for base in getattr(type(game), "__orig_bases__", ()):
        if get_origin(base) is BaseGame:
            view = get_args(base)[2]
            return None if view is Any else view
    return None


TYPED: dict[str, type] = {game.id: view for game in all_games()
                          if (view := declared_view(game)) is not None}
"""Every registered game that declares its view type, and that type. The screen builders
are held to it by the type checker (tests/test_types.py: strict on every game's views and
screen); this test holds the games' real views to it."""


def test_every_game_of_the_package_declares_its_view_type():
    ours = sorted(game.id for game in all_games()
                  if type(game).__module__.startswith("hacktable.games."))
    assert sorted(set(ours) & set(TYPED)) == ours
    assert all(_is_typed_dict(TYPED[game_id]) for game_id in ours)


def _is_typed_dict(kind: Any) -> bool:
    return isinstance(kind, type) and typing.is_typeddict(kind)


def _fields(kind: type) -> tuple[dict[str, Any], set[str]]:
    """A TypedDict's keys with their types, and which of them are required (read from the
    annotations: `NotRequired` under postponed annotations is not in `__required_keys__`)."""
    hints = get_type_hints(kind, include_extras=True)
    fields, required = {}, set()
    for key, hint in hints.items():
        if get_origin(hint) is NotRequired:
            fields[key] = get_args(hint)[0]
        else:
            fields[key] = hint
            if kind.__total__ or key in kind.__required_keys__:
                required.add(key)
    return fields, required


def problems(value: Any, kind: Any, path: str = "view") -> list[str]:
    """Where `value` is not of type `kind` (empty when it is)."""
    if kind is Any:
        return []
    if kind is None or kind is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    origin = get_origin(kind)
    if origin is Literal:
        allowed = get_args(kind)
        return [] if value in allowed and type(value) in {type(a) for a in allowed} else [
            f"{path}: {value!r} is not one of {list(allowed)}"]
    if origin in (Union, types.UnionType):
        found = [problems(value, option, path) for option in get_args(kind)]
        return [] if any(not f for f in found) else min(found, key=len)
    if _is_typed_dict(kind):
        return _dict_problems(value, kind, path)
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__} is not a list"]
        (item,) = get_args(kind)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} is not a dict"]
        key_kind, item = get_args(kind)
        return [p for k, v in value.items()
                for p in problems(k, key_kind, f"{path} key") + problems(v, item, f"{path}.{k}")]
    if kind is dict or kind is list:
        return [] if isinstance(value, kind) else [f"{path}: {value!r} is not a {kind.__name__}"]
    if kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind)
    return [] if ok else [f"{path}: {value!r} is not {getattr(kind, '__name__', kind)}"]


def _dict_problems(value: Any, kind: type, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: {type(value).__name__} is not a {kind.__name__}"]
    fields, required = _fields(kind)
    found = [f"{path}: {kind.__name__} lacks {key!r}" for key in sorted(required - set(value))]
    found += [f"{path}: {key!r} is not a key of {kind.__name__}"
              for key in sorted(set(value) - set(fields))]
    for key, item in fields.items():
        if key in value:
            found += problems(value[key], item, f"{path}.{key}")
    return found


def viewers(match: Match) -> list[Any]:
    return [*range(len(match.seats)), GM, SPECTATOR]


def check_views(match: Match, kind: type) -> None:
    for viewer in viewers(match):
        view = match.view(viewer)
        found = problems(view, kind, f"view({viewer!r})")
        assert not found, "\n".join(found[:10])


def test_the_checker_finds_a_missing_an_extra_and_a_mistyped_key():
    class Small(typing.TypedDict):
        a: int
        b: list[str] | None
        c: NotRequired[float]

    assert problems({"a": 1, "b": None}, Small) == []
    assert problems({"a": 1, "b": ["x"], "c": 2}, Small) == []
    assert problems({"b": None}, Small) == ["view: Small lacks 'a'"]
    assert problems({"a": 1, "b": None, "d": 0}, Small) == ["view: 'd' is not a key of Small"]
    assert problems({"a": True, "b": [3]}, Small) == ["view.a: True is not int",
                                                      "view.b[0]: 3 is not str"]
    assert problems("gm", Literal["gm", "seat"]) == []
    assert problems("host", Literal["gm", "seat"]) == ["view: 'host' is not one of ['gm', 'seat']"]


@pytest.mark.parametrize("game_id", sorted(TYPED))
def test_every_view_of_the_bots_games_is_its_typed_view(game_id: str):
    game = get_game(game_id)
    kind = TYPED[game_id]
    personalities = sorted(game.bots())
    checked = 0
    widest = min(game.max_seats, game.min_seats + 2)
    for number, options in enumerate(option_sets(game, game.playthrough_options)):
        # the fewest and most seats under the defaults; one count under each other option set
        for seats in sorted({game.min_seats, widest} if number == 0 else {widest}):
            bots = [personalities[i % len(personalities)] for i in range(seats)]
            full = play_match(game, bots, options, seats).match
            match = Match(game, full.seats, options, seats)
            check_views(match, kind)
            for entry in full.log:
                match.apply_entry(entry)
                check_views(match, kind)
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("game_id", sorted(TYPED))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_view_of_a_fuzzed_match_is_its_typed_view(game_id: str, data: st.DataObject):
    game = get_game(game_id)

    def check(match: Match) -> None:
        check_views(match, TYPED[game_id])

    fuzz_match(game, data, words=game.fuzz_words, invariants=check)
