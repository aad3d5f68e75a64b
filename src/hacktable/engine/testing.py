"""Checks every game must pass, shared by every game's tests.

- `fuzz_match`: plays a game with random legal and illegal input and timeouts, checking
  that nothing but `Rejected` escapes, that a rejection changes nothing, that legal actions
  are accepted, that every view, prompt and event is plain JSON, and that replaying the log
  rebuilds the live state.
- `check_hidden_information`: what a seat sees is a function of what it may know, and a
  move's events tell the others no more than their views show.
- `option_sets`: the rule options those checks play: the defaults, every value of every
  choice and switch, and the option sets a game declares (`check_option_sets`).
- `check_screens_follow_known`: an entry that tells a viewer nothing changes nothing they
  see (the server rebuilds a screen only when the viewer's count of the log moved).
- `contract_suite`: the checks above and the others every game must pass, each a function
  of the game, by name, so every game's tests run the same suite.

These need `hypothesis` (a test dependency); they are imported by tests only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hacktable.engine.contract import GM, SPECTATOR, Event, Viewer
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.engine.match import Entry, Match
from hacktable.engine.parts import AnyGame, supplies
from hacktable.engine.seats import seat_names

JSON_SCALARS = st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=12)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


def option_values(game: AnyGame) -> st.SearchStrategy[dict[str, Any]]:
    """Rule options drawn near their defaults, so the fuzzer explores the rulings too."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for option in game.options:
        if option.kind == "bool":
            fields[option.name] = st.booleans()
        elif option.kind == "choice":
            fields[option.name] = st.sampled_from(option.choices or (option.default,))
        else:
            default = int(option.default)
            low = option.minimum if option.minimum is not None else default - 3
            high = option.maximum if option.maximum is not None else default + 3
            fields[option.name] = st.integers(max(low, min(default, 1) if low <= 1 else low),
                                              min(high, max(default * 2, default + 3)))
    return st.fixed_dictionaries({}, optional=fields)


def canonical(value: Any) -> str:
    """One string per JSON value; raises if the value is not plain JSON."""
    text = json.dumps(value, sort_keys=True, allow_nan=False)
    if json.loads(text) != value:
        raise AssertionError(f"value does not survive a JSON round trip: {value!r:.200}")
    return text


def viewers(match: Match) -> list[Viewer]:
    return [*range(len(match.seats)), SPECTATOR, GM]


def check_plain_json(match: Match, events: Sequence[Event]) -> None:
    """Views, prompts, events and the outcome must all be plain JSON."""
    for viewer in viewers(match):
        canonical(match.view(viewer))
    for prompt in match.prompts().values():
        canonical(prompt.to_json())
    for event in events:
        canonical(event.to_json())
    outcome = match.outcome()
    if outcome is not None:
        canonical(outcome.to_json())


def check_replay(match: Match) -> None:
    """The serialised log replays to the same state, bit for bit."""
    text = json.dumps(match.to_json())
    rebuilt = Match.from_json(json.loads(text), game=match.game)
    assert canonical(rebuilt.state) == canonical(match.state), "replay differs from live state"
    assert [e.event for e in rebuilt.events] == [e.event for e in match.events]


def check_preview(match: Match, seat: int, action: Any) -> None:
    """Reading a legal move back changes nothing and tells only the seat that asked."""
    before = canonical(match.state)
    try:
        events = match.game.preview(match.state, seat, action)
    except Rejected as rejected:
        raise AssertionError(f"the preview of a legal action was rejected: {rejected}") from None
    assert canonical(match.state) == before, "a preview changed the state"
    for event in events:
        assert event.audience == (seat,), f"a preview told more than the seat: {event}"


def _mutations(payload: Any, rng: random.Random) -> Any:
    """A legal action's JSON with one part broken: the likeliest shape of a bad request."""
    broken = tree_copy(payload)
    containers: list[dict[Any, Any] | list[Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            containers.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            containers.append(node)
            for value in node:
                walk(value)

    walk(broken)
    if not containers:
        return rng.choice([None, -1, "x", [], {}])
    node = rng.choice(containers)
    junk: Any = rng.choice([None, -1, 10**9, "", "???", True, [], {}, 3])
    if isinstance(node, dict) and node:
        key = rng.choice(sorted(node, key=str))
        if rng.random() < 0.3:
            del node[key]
        else:
            node[key] = junk
    elif isinstance(node, list) and node and rng.random() < 0.5:
        node[rng.randrange(len(node))] = junk
    elif isinstance(node, list):
        node.append(junk)
    else:
        node["unexpected"] = junk
    return broken


def _expect_rejected_or_ok(match: Match, attempt: Callable[..., list[Event]], *args: Any
                           ) -> tuple[bool, list[Event]]:
    """Run one input; a rejection must leave the state exactly as it was."""
    before = canonical(match.state)
    log_length = len(match.log)
    try:
        events = attempt(*args)
    except Rejected as rejected:
        assert rejected.reason and rejected.reason.strip(), "a rejection needs a sentence"
        assert canonical(match.state) == before, f"rejected input changed the state: {rejected}"
        assert len(match.log) == log_length, "rejected input was logged"
        return False, []
    return True, events


def fuzz_match(
    game: AnyGame,
    data: st.DataObject,
    *,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 60,
    words: tuple[str, ...] = (),
    invariants: Callable[[Match], None] | None = None,
    vary_options: bool = True,
) -> Match:
    """Drive one match with hypothesis-chosen input and check the contract at every step.

    Unless `options` are given, they are drawn near the game's defaults."""
    if options is None and vary_options:
        options = data.draw(option_values(game), label="options")
    seats = data.draw(st.integers(game.min_seats, min(game.max_seats, game.min_seats + 3)),
                      label="seats")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    match = Match(game, seat_names(seats), options, seed)
    rng = random.Random(seed)
    vocabulary = words + tuple(name.lower() for name in match.seats)
    for _ in range(max_steps):
        if match.outcome() is not None:
            break
        prompts = match.prompts()
        kind = data.draw(st.sampled_from(
            ("legal", "legal", "legal", "legal", "mutated", "junk", "text", "seat", "timeout")),
            label="kind")
        seat = data.draw(st.sampled_from(sorted(prompts) or [0]), label="seat")
        if kind == "legal":
            legal = match.legal_actions(seat)
            if not legal:
                continue
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
            check_preview(match, seat, action)
            try:
                events = match.submit(seat, action)
            except Rejected as rejected:
                raise AssertionError(f"a legal action was rejected: {rejected}") from None
        elif kind == "mutated":
            legal = match.legal_actions(seat) or [None]
            base = legal[data.draw(st.integers(0, len(legal) - 1), label="base")]
            payload = _mutations(game.action_to_json(base) if base is not None else None, rng)
            _, events = _expect_rejected_or_ok(match, match.submit_json, seat, payload)
        elif kind == "junk":
            payload = data.draw(JSON_VALUES, label="junk")
            _, events = _expect_rejected_or_ok(match, match.submit_json, seat, payload)
        elif kind == "text":
            text = " ".join(data.draw(st.lists(
                st.sampled_from(vocabulary) | st.from_regex(r"[a-z0-9$,]{0,8}", fullmatch=True)
                if vocabulary else st.text(max_size=8), max_size=8), label="text"))
            _, events = _expect_rejected_or_ok(match, match.submit_text, seat, text)
        elif kind == "seat":
            bad = data.draw(st.sampled_from([-1, len(match.seats), 99, "0", None]), label="bad")
            _, events = _expect_rejected_or_ok(match, match.submit, bad, None)
        else:
            _, events = _expect_rejected_or_ok(match, match.close_phase)
        check_plain_json(match, events)
        game.check_invariants(match.state)
        if invariants is not None:
            invariants(match)
    check_replay(match)
    return match


def option_sets(game: AnyGame, base: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Option sets a hidden-information check should play, each over `base`: the defaults;
    then as few sets as give every choice and switch option each of its other values (the
    k-th set takes every option's k-th other value); then the game's `check_option_sets`,
    for combinations that matter together (e.g. what becomes secret under an option)."""
    base = dict(base or {})
    others: list[tuple[str, list[Any]]] = []
    for option in game.options:
        if option.kind == "bool":
            values: list[Any] = [not option.default]
        elif option.kind == "choice":
            values = [v for v in option.choices or () if v != option.default]
        else:
            continue
        if values:
            others.append((option.name, values))
    sets = [base]
    for k in range(max((len(values) for _, values in others), default=0)):
        sets.append({**base, **{name: values[k] for name, values in others if k < len(values)}})
    sets += [{**base, **dict(extra)} for extra in game.check_option_sets]
    return sets


def _sample(actions: list[Any], labels: Callable[[Any], list[str]], per_label: int,
            rng: random.Random) -> list[Any]:
    """A few actions of every kind (by the game's action labels) that has more than one:
    only two moves of the same kind are compared."""
    groups: dict[str, list[Any]] = {}
    for action in actions:
        key = (labels(action) or ["?"])[0]
        groups.setdefault(key, []).append(action)
    picked = []
    for group in groups.values():
        if len(group) > 1:
            picked += group if len(group) <= per_label else rng.sample(group, per_label)
    return picked


def _scalars(value: Any, found: set[str]) -> set[str]:
    """Every number and string in a JSON value (not the keys): what a view lets one know."""
    if isinstance(value, dict):
        for item in value.values():
            _scalars(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _scalars(item, found)
    elif isinstance(value, int | float | str) and not isinstance(value, bool):
        found.add(repr(value))
    return found


def _masked(value: Any, secret: set[str]) -> Any:
    """A move's JSON as someone sees it for whom the values in `secret` are hidden (a card
    in the mover's hand, say): those become "?"."""
    if isinstance(value, dict):
        return {key: _masked(item, secret) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_masked(item, secret) for item in value]
    if isinstance(value, bool) or value is None or repr(value) not in secret:
        return value
    return "?"


def check_public_events(match: Match, rng: random.Random, per_label: int = 2) -> int:
    """A turn-based move may be secret in part (which cards of a hidden hand it uses); then
    its events must not tell others what they cannot see. For a few legal moves of each kind
    (the game's action labels) of each prompted seat: two moves that differ only in what a
    viewer cannot see (their JSON is the same once every value the mover's view shows and
    the viewer's does not is masked) and that leave the viewer's view and prompt the same
    must have told that viewer the same events. Returns how many pairs were compared."""
    game, state = match.game, match.state
    viewers_ = [*range(len(match.seats)), SPECTATOR]
    labels = game.action_labels
    known = {viewer: _scalars(game.view(state, viewer), set()) for viewer in viewers_}
    compared = 0
    for actor, prompt in game.prompts(state).items():
        if prompt.simultaneous:
            continue  # covered by check_hidden_information's first part
        outcomes: list[tuple[Any, dict[Viewer, tuple[str, str, str]]]] = []
        for action in _sample(game.legal_actions(state, actor) or [], labels, per_label, rng):
            trial = tree_copy(state)
            try:
                events = game.apply(trial, actor, action, random.Random(0))
            except Rejected:
                continue
            prompts = game.prompts(trial)
            payload = game.action_to_json(action)
            seen = {}
            for viewer in viewers_:
                if viewer == actor:
                    continue
                prompt_after = prompts.get(viewer) if isinstance(viewer, int) else None
                secret = known[actor] - known[viewer]
                looks = canonical([labels(action)[:1], _masked(payload, secret),
                                   game.view(trial, viewer),
                                   prompt_after.to_json() if prompt_after else None])
                told = canonical([e.to_json() for e in events if e.visible_to(viewer)])
                seen[viewer] = (looks, told, canonical(payload))
            outcomes.append((action, seen))
        for i, (first, seen_first) in enumerate(outcomes):
            for second, seen_second in outcomes[i + 1:]:
                for viewer, (looks, told, _) in seen_first.items():
                    if seen_second[viewer][0] != looks:
                        continue
                    compared += 1
                    assert seen_second[viewer][1] == told, (
                        f"seat {actor}'s moves {first!r} and {second!r} differ only in what "
                        f"{viewer!r} cannot see, yet its events tell them apart: {told} vs "
                        f"{seen_second[viewer][1]}")
    return compared


def check_hidden_information(match: Match, rng: random.Random, redeals: int = 2) -> int:
    """Check, at the match's current position, that no seat can see what it may not.

    1. A secret submission in a simultaneous phase that leaves everyone else's prompt alone
       must not change anyone else's view, nor produce an event anyone else may see.
    2. Re-dealing what a seat cannot know (`game.redeal`) must leave that seat's view,
       prompt and legal actions, and the spectator's view, unchanged.

    Returns how many re-deals actually changed the state (so a caller can make sure the
    check was not vacuous).
    """
    game, state = match.game, match.state
    seats = range(len(match.seats))
    prompts = game.prompts(state)
    for actor, prompt in prompts.items():
        if not prompt.simultaneous:
            continue
        for action in (game.legal_actions(state, actor) or [])[:4]:
            trial = tree_copy(state)
            try:
                events = game.apply(trial, actor, action, rng)
            except Rejected:
                continue
            after = game.prompts(trial)
            if any(after.get(s) != prompts.get(s) for s in seats if s != actor):
                continue  # the submission closed the phase; views may change legitimately
            others: list[Viewer] = [*[s for s in seats if s != actor], SPECTATOR]
            for other in others:
                assert canonical(game.view(trial, other)) == canonical(game.view(state, other)), (
                    f"seat {actor}'s secret submission changed what {other!r} sees")
                leaked = [e for e in events if e.visible_to(other)]
                assert not leaked, f"seat {actor}'s secret submission told {other!r}: {leaked}"
    changed = 0
    spectator = canonical(game.view(state, SPECTATOR))
    for seat in seats:
        view = canonical(game.view(state, seat))
        legal = game.legal_actions(state, seat)
        for _ in range(redeals):
            redealt = game.redeal(state, seat, rng)
            if redealt is None:
                return changed
            if canonical(redealt) != canonical(state):
                changed += 1
            assert canonical(game.view(redealt, seat)) == view, (
                f"seat {seat}'s view depends on something it may not know")
            assert canonical(game.view(redealt, SPECTATOR)) == spectator, (
                "the spectator's view depends on hidden state")
            assert game.prompts(redealt).get(seat) == prompts.get(seat), (
                f"seat {seat}'s prompt depends on something it may not know")
            assert game.legal_actions(redealt, seat) == legal, (
                f"seat {seat}'s legal actions depend on something it may not know")
    return changed


def check_hidden_counts(match: Match, rng: random.Random) -> int:
    """Moves a seat may not see must leave no trace it could count: the game's own
    `hidden_moves` (a gamemaster's hidden guard or secret roll), and every other seat's
    secret submissions in a simultaneous phase, made one after another, must tell the seat
    nothing (no event, so its own numbering of the log does not move; see `Match.known`) and
    change neither its view, its prompt nor its legal moves. Returns how many such moves
    were made (so a caller can make sure the check was not vacuous)."""
    game, state = match.game, match.state
    made = 0
    prompts = game.prompts(state)
    for seat in range(len(match.seats)):
        moves = list(game.hidden_moves(state, seat, rng))
        for actor, prompt in prompts.items():
            if actor != seat and prompt.simultaneous:
                moves += [(actor, action) for action in (game.legal_actions(state, actor)
                                                         or [])[:2]]
        if not moves:
            continue
        trial = tree_copy(state)
        before = (canonical(game.view(state, seat)), prompts.get(seat),
                  game.legal_actions(state, seat))
        moved: set[int] = set()
        for actor, action in moves:
            try:
                events = game.apply(trial, actor, action, rng)
            except Rejected:
                continue
            moved.add(actor)
            now = game.prompts(trial)
            if any(now.get(s) != prompts.get(s) for s in range(len(match.seats))
                   if s not in moved):
                # the phase closed (everyone has sent): what follows is public. A seat
                # that is out of the game has no prompt to show it, so the prompts of
                # the seats that did not move tell.
                break
            made += 1
            told = [event for event in events if event.visible_to(seat)]
            assert not told, f"seat {actor}'s hidden move {action!r} told seat {seat}: {told}"
            after = (canonical(game.view(trial, seat)), game.prompts(trial).get(seat),
                     game.legal_actions(trial, seat))
            assert after == before, (
                f"seat {actor}'s hidden move {action!r} changed what seat {seat} sees")
    return made


def check_screens_follow_known(match: Match, entry: Entry) -> int:
    """Apply `entry`, checking that whoever it told nothing sees nothing new: a viewer whose
    own count of the log (`Match.known`) did not move keeps the same view, prompt and legal
    moves. Anything else would let them notice, by their screen changing, an entry they may
    not know of; and the server relies on it (it rebuilds a viewer's screen only when that
    count, the room or the clock moved). Returns how many viewers the entry told nothing
    (so a caller can make sure the check was not vacuous)."""
    game = match.game
    watched: list[Viewer] = [*range(len(match.seats)), SPECTATOR]

    def screen(viewer: Viewer) -> tuple[str, Any, Any]:
        prompt = game.prompts(match.state).get(viewer) if isinstance(viewer, int) else None
        legal = game.legal_actions(match.state, viewer) if isinstance(viewer, int) else None
        return canonical(game.view(match.state, viewer)), prompt, legal

    before = {viewer: (match.known(viewer), screen(viewer)) for viewer in watched}
    match.apply_entry(entry)
    untold = 0
    for viewer, (count, shown) in before.items():
        if match.known(viewer) != count:
            continue
        untold += 1
        assert screen(viewer) == shown, (
            f"entry {entry.seq} ({entry.kind}) told {viewer!r} nothing, yet changed what "
            f"{viewer!r} sees")
    return untold


# -- the contract suite: every check every game must pass, by name ----------------------

ContractCheck = Callable[[AnyGame], None]
"""One check of the contract suite: it raises AssertionError where the game fails it."""

NAME_PIECES = ("Ann", "ann", "Bob", "J.R.", "J R", "me", "self", "protect", "alpha", "to",
               "42", "...", "Zoë", "Bruno", "O'Neil", "  Cy  ", "Cy", "embezzle", "a")
"""Pieces of players' names: words of some game's notation, and names alike but for case,
dots or spaces."""


Play = Callable[[AnyGame, Sequence[str], Mapping[str, Any], int], Match]
"""Plays a match of the named bots, one a seat, under these options and seed, to its end
(the simulator's `sim.runner.play`, which the engine, below the bots, cannot import)."""


def bot_match(game: AnyGame, play: Play, options: Mapping[str, Any], seed: int) -> Match:
    """A match of the game's own bots, taken in turn by name, in one seat more than the
    fewest where the game allows it."""
    personalities = sorted(game.bots())
    seats = min(game.min_seats + 1, game.max_seats)
    return play(game, [personalities[i % len(personalities)] for i in range(seats)],
                options, seed)


def fuzzed_input_never_breaks_the_contract(game: AnyGame) -> None:
    """`fuzz_match`, forty times, under options drawn near the game's defaults."""

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def fuzzed(data: st.DataObject) -> None:
        fuzz_match(game, data, words=tuple(game.fuzz_words))

    fuzzed()


def no_seat_sees_what_it_may_not(game: AnyGame, play: Play) -> None:
    """`check_hidden_information`, `check_hidden_counts` and `check_public_events` before
    every entry of bot matches, under the defaults and under every option set the checker
    derives or the game declares (an option can make something secret, e.g. CPU's
    compile_in=backing_store)."""
    changed = counted = 0
    for number, options in enumerate(option_sets(game, game.playthrough_options)):
        for seed in range(3 if number == 0 else 1):
            full = bot_match(game, play, options, seed)
            rng = random.Random(seed)
            match = Match(game, full.seats, options, seed)
            for entry in full.log:
                changed += check_hidden_information(match, rng)
                counted += check_hidden_counts(match, rng)
                check_public_events(match, rng)
                match.apply_entry(entry)
    assert changed > 0, "the re-deal never changed anything: the check would be vacuous"
    if supplies(game, "hidden_moves"):
        assert counted > 0, "no hidden move was ever made: the count check is vacuous"


def an_entry_that_tells_a_viewer_nothing_changes_nothing_they_see(game: AnyGame, play: Play
                                                                  ) -> None:
    """The server rebuilds a viewer's screen only when their own count of the log moved
    (docs/server.md, "Pushes"): so an entry they may not know of must leave their view,
    prompt and legal moves as they were (`check_screens_follow_known`), under every option
    set the checker plays. A game that says otherwise (`views_follow_known = False`) must
    really need it."""
    untold = 0
    for options in option_sets(game, game.playthrough_options):
        full = bot_match(game, play, options, seed=1)
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
    if supplies(game, "hidden_moves") or game.id == "rexfurum":
        assert untold > 0, "no entry ever told a viewer nothing: the check is vacuous"


def an_events_words_never_change_once_logged(game: AnyGame, play: Play) -> None:
    """The server keeps each event's words once said (a screen shows the latest sixty
    events on every push): so describing an event later in the match must say what it
    said when the event was logged."""
    said: list[tuple[Match, Event, str]] = []
    for options in option_sets(game, game.playthrough_options):
        full = bot_match(game, play, options, seed=2)
        match = Match(game, full.seats, options, 2)
        for entry in full.log:
            said += [(match, event, game.describe(event, match.state))
                     for event in match.apply_entry(entry)]
    assert said, "no event was ever logged: the check is vacuous"
    for match, event, words in said:
        assert game.describe(event, match.state) == words, (
            f"{event.kind} was {words!r} when logged, later "
            f"{game.describe(event, match.state)!r}")


def checking_names_says_what_a_set_up_would(game: AnyGame) -> None:
    """The server checks names as each player sits down with `check_names`, which a game
    may answer by one rule of its own instead of a trial set-up: it must refuse exactly
    the names a set-up refuses, in the same words (sixty draws of `NAME_PIECES`)."""
    options = game.options.resolve({})

    def answer(ask: Callable[[], object]) -> str | None:
        try:
            ask()
        except Rejected as error:
            return error.reason
        return None

    @settings(max_examples=60, deadline=None)
    @given(data=st.data())
    def names_checked(data: st.DataObject) -> None:
        count = data.draw(st.integers(game.min_seats, min(game.max_seats, 8)))
        names = data.draw(st.lists(st.sampled_from(NAME_PIECES), min_size=count,
                                   max_size=count))
        assert answer(lambda: game.check_names(names, options)) == answer(
            lambda: game.setup(names, options, random.Random(0)))

    names_checked()


def contract_suite(play: Play) -> dict[str, ContractCheck]:
    """Every check of the contract a game must pass, by name, those that replay bot matches
    playing them with `play`. A game's tests run each one on it (`tests/test_every_game.py`
    for the registered games, a game's own folder for a game registered only by its tests),
    so every game goes through the same checks and pytest names each one for each game."""
    return {
        "fuzzed_input_never_breaks_the_contract": fuzzed_input_never_breaks_the_contract,
        "no_seat_sees_what_it_may_not": partial(no_seat_sees_what_it_may_not, play=play),
        "an_entry_that_tells_a_viewer_nothing_changes_nothing_they_see": partial(
            an_entry_that_tells_a_viewer_nothing_changes_nothing_they_see, play=play),
        "an_events_words_never_change_once_logged": partial(
            an_events_words_never_change_once_logged, play=play),
        "checking_names_says_what_a_set_up_would": checking_names_says_what_a_set_up_would,
    }
