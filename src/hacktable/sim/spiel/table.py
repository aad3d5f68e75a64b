"""One hacktable match driven the way OpenSpiel sees a game: a seed, then numbered actions.

This is the plain-Python half of the OpenSpiel state (no pyspiel in it), so it can be
copied, pickled and tested on its own. It plays the match exactly as the simulator's
runner and the PettingZoo environment do (`hacktable.sim.zoo`): the seat asked is the next
one with an open prompt that has not handed in or passed on that very prompt (a pass
holds until the phase closes, by its clock or by a turn passing); when nobody is left to
ask, the phase's time runs out (`timeout`). Entry `k` of the match draws from
`rng_for(seed, k)`, as in `Match`, so a seed and a list of moves always replay the same
match.

Action numbers are the PettingZoo environment's: 0 hands in nothing (allowed where the
open phase has a clock, or where the seat has no listed move), i >= 1 is the (i-1)-th move
of `game.legal_actions` in the game's order, cut at `MAX_ACTIONS - 1` moves.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from hacktable.bots.ismcts import clocked
from hacktable.engine.contract import Action, Event, Prompt, Viewer
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.engine.parts import AnyGame
from hacktable.engine.rng import rng_for
from hacktable.engine.seats import seat_names
from hacktable.games import get_game
from hacktable.sim.encoding import MAX_ACTIONS

PASS = 0
"""The action that hands in nothing."""


def view_json(view: Any) -> str:
    """A view as canonical text: the same view always gives the same string."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


@dataclass(slots=True)
class Table:
    """The match behind one OpenSpiel state. `seed` is None until the chance node deals."""

    game_id: str
    players: int
    max_moves: int
    seed: int | None = None
    state: Any = None
    entries: int = 0
    """Log entries made so far (accepted moves and timeouts), as `len(Match.log)`."""
    moves: int = 0
    """Player actions taken (passes and refused moves included): the length cap counts these."""
    history: list[int] = field(default_factory=list)
    """Every action applied, the seed first: the replay that rebuilds this table."""
    declined: dict[int, Prompt] = field(default_factory=dict)
    """Seats that passed on exactly this prompt: not asked again until the phase closes."""
    handed_in: set[int] = field(default_factory=set)
    """Seats that acted in the phase now open."""
    recall: list[str] = field(default_factory=list)
    """Per seat, a running digest of its memory: its view when the match was dealt, then
    every event it was told (the events whose audience includes it, as the table shows
    them) and every action number it chose."""
    asked: int | None = None
    listed: list[Action] = field(default_factory=list)
    over: bool = False
    exact: bool = True
    """False for a re-dealt copy (a search's guess at the hidden parts): its history no
    longer rebuilds it, so it is pickled whole."""

    @property
    def game(self) -> AnyGame:
        return get_game(self.game_id)

    # -- moving -------------------------------------------------------------------------

    def deal(self, seed: int) -> None:
        """The chance node's outcome: set the match up from `seed`, as `Match` would."""
        game = self.game
        self.seed = seed
        self.history.append(seed)
        options = game.options.resolve(None)
        self.state = game.setup(seat_names(self.players), options, rng_for(seed, 0))
        self.recall = [_digest("", view_json(game.view(self.state, seat)))
                       for seat in range(self.players)]
        self._advance()

    def legal(self) -> list[int]:
        """The asked seat's action numbers, ascending."""
        if self.over or self.asked is None:
            return []
        listed = range(1, 1 + len(self.listed))
        if not self.listed or clocked(self.game, self.state):
            return [PASS, *listed]
        return list(listed)

    def play(self, action: int) -> None:
        """The asked seat takes action number `action`; a refused move counts as a pass."""
        seat = self.asked
        assert seat is not None and self.seed is not None
        game = self.game
        prompt = game.prompts(self.state)[seat]
        self.recall[seat] = _digest(self.recall[seat], f"chose {action}")
        self.history.append(action)
        self.moves += 1
        if 1 <= action <= len(self.listed):
            try:
                events = game.apply(self.state, seat, self.listed[action - 1],
                                    rng_for(self.seed, self.entries + 1))
                self.entries += 1
                self.declined.pop(seat, None)
                self.handed_in.add(seat)
                self._tell(events)
            except Rejected:
                self.declined[seat] = prompt
        else:
            self.declined[seat] = prompt
        self._advance()

    def _tell(self, events: list[Event]) -> None:
        """Fold what each seat is told (the events it may see) into its recall."""
        texts = [(event, view_json([event.kind, event.data])) for event in events]
        for seat in range(self.players):
            told = [text for event, text in texts if event.visible_to(seat)]
            if told:
                self.recall[seat] = _digest(self.recall[seat], "\n".join(told))

    def _advance(self) -> None:
        """Pick the next seat to ask, letting time run out where nobody is left; the match
        is over at an outcome, at the move cap, or in an untimed phase nobody acts in."""
        game, state = self.game, self.state
        self.asked, self.listed = None, []
        while self.moves < self.max_moves:
            prompts = game.prompts(state)
            if any(seat not in prompts or not prompts[seat].submitted
                   for seat in self.handed_in):
                # A seat that acted is asked again or no longer listed: the phase closed
                # by itself (a turn passed), so everyone may be asked afresh.
                self.handed_in.clear()
                self.declined.clear()
            if game.outcome(state) is not None:
                break
            for seat, prompt in prompts.items():
                if not prompt.submitted and self.declined.get(seat) != prompt:
                    self.asked = seat
                    self.listed = list(game.legal_actions(state, seat) or [])[:MAX_ACTIONS - 1]
                    return
            try:
                events = game.timeout(state, rng_for(self.seed, self.entries + 1))  # type: ignore[arg-type]
            except Rejected:
                break
            self.entries += 1
            self._tell(events)
            self.declined.clear()
            self.handed_in.clear()
        self.over = True

    # -- reading ------------------------------------------------------------------------

    def view(self, viewer: Viewer) -> Any:
        return self.game.view(self.state, viewer)

    def prompt(self, seat: int) -> Prompt | None:
        return self.game.prompts(self.state).get(seat)

    def returns(self) -> list[float]:
        """Win credit at the end: 1/k to each of k tied winners (1 to every seat of a
        co-operative win), 0 otherwise and to everyone in a match cut short."""
        outcome = None if self.state is None else self.game.outcome(self.state)
        if outcome is None:
            return [0.0] * self.players
        winners = outcome.winners
        share = 1.0 if len(winners) == self.players else 1.0 / max(len(winners), 1)
        return [share if seat in winners else 0.0 for seat in range(self.players)]

    # -- copies -------------------------------------------------------------------------

    def resample(self, seat: int, rng: random.Random, seeds: int) -> Table:
        """A copy that `seat` cannot tell from this one: hidden parts re-dealt by the game's
        own `search_sample` (as the thinker's samples are),
        and the randomness still to come drawn from a fresh seed (the true
        seed would tell a search the dice ahead)."""
        new = tree_copy(self)
        dealt = self.game.search_sample(self.state, seat, rng)
        if dealt is not None:
            new.state = dealt
        new.seed = rng.randrange(seeds)
        new.exact = False
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return Table(self.game_id, self.players, self.max_moves, self.seed,
                     tree_copy(self.state), self.entries, self.moves, list(self.history),
                     dict(self.declined), set(self.handed_in), list(self.recall),
                     self.asked, self.listed,
                     self.over, self.exact)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (OpenSpiel's serialisation) as the seed and the moves, replayed on load;
        a re-dealt copy, which no history rebuilds, as itself."""
        if self.exact:
            return (replay, (self.game_id, self.players, self.max_moves, list(self.history)))
        fields = {name: getattr(self, name) for name in self.__slots__}
        return (_restore, (fields,))


def replay(game_id: str, players: int, max_moves: int, history: list[int]) -> Table:
    """The table after `history` (the seed, then the action numbers)."""
    table = Table(game_id, players, max_moves)
    if history:
        table.deal(history[0])
        for action in history[1:]:
            table.play(action)
    return table


def _restore(fields: dict[str, Any]) -> Table:
    return Table(**fields)


def _digest(previous: str, seen: str) -> str:
    text = f"{previous}\x1f{seen}".encode()
    return hashlib.blake2b(text, digest_size=12).hexdigest()
