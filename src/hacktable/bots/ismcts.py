"""The thinker: information-set Monte Carlo tree search over the engine contract, for any game.

Why it is fair. A bot decides from its seat's view (docs/architecture.md, Bots) and must
never read hidden state. Search needs whole states to play forward, so the runner (the
simulator, or the table) hands the thinker a *sampler*: a callable that returns
`game.redeal(true_state, seat, rng)`, a state the seat cannot tell from the true one with
every hidden part dealt anew. The hidden-information checker (`engine/testing.py`,
`check_hidden_information`) proves for every game that a re-dealt state leaves the seat's
view, prompt and legal moves unchanged; so a sample carries no more information about the
hidden parts than the view does, *provided the game's redeal re-deals every hidden part*.
Where `redeal` returns None the game hides nothing and the sample is a copy of the state.
Where a game's redeal knowingly keeps a hidden part as it is (it says so in its docstring,
and names it in its `sampler_gap`), a sample would reveal that part, so the thinker is not
offered for that game until it has a proper sampler.

How the offered thinker searches (`thinker`, `portfolio=True`): a determinized search among
the moves the game's own heuristic bots would make from this seat's view (`bots.policy`).
Where they all agree there is nothing to search. Otherwise each iteration samples one state
and plays every candidate forward from it with one shared stream of chance, every seat
after that move played as the game's strongest heuristic bot would play it (the opponent
model); the candidate with the highest total reward wins, the strongest bot's own move on a
tie. The comparison is paired (same sample, same dice), so a small budget tells moves
apart that independent playouts could not. The reward is half win credit and half score
margin over the best other seat (`margin_reward`): a move that ends richer but still second
is preferred, so gains made one decision at a time add up to wins. Where the game's redeal
is not enough for search (other seats' pending moves should be left for the opponent
model to choose), the game's own `search_sample` says what a search may imagine.

The ISMCTS tree (`thinker-tree`, `thinker-guided`; single-observer ISMCTS after Cowling,
Powley and Whitehouse's paper "Information Set Monte Carlo Tree Search", 2012), also used
where a game's bots propose no move: each iteration samples a state, walks a
tree of moves shared by all samples (every seat's moves are in it, keyed by seat and move),
choosing among the moves legal in this sample by UCB1 with availability counts, adds one
node, then plays random legal moves to the end or to a depth cap, and backs up each seat's
reward (a win credit shared by tied winners, blended with the seat's rank). Where the open
phase has a clock, letting it run out ("pass") is one of the moves, as it is for a person.
Randomness the game needs while searching comes from the bot's own generator, so with an
iteration budget the thinker is deterministic given its rng. A time budget (the table's,
optional) makes it stop early; games never read a clock, the bot does.

Where the game cannot list a seat's moves (`legal_actions` is None), or lists at most one
(a typed answer cannot be listed without giving it away), the thinker asks the game's own
heuristic bot for that decision. Elsewhere the heuristic's move joins the root's candidates:
some games list only part of what a seat may do (Rex Furum lists single orders, while a
seat may send three at once), and the search should never consider less than the heuristic
would play.
"""

from __future__ import annotations

import functools
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from hacktable.bots.policy import BotPolicy, clocked, proposals
from hacktable.engine.contract import Action, BaseBot, Prompt, State
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.engine.parts import AnyGame

PASS = "\x00pass"
"""The key of 'hand in nothing and let the phase's time run out'."""

DEFAULT_ITERATIONS = 64
VISITS_PER_MOVE = 4
MIN_WIDTH = 4
"""The root searches at most iterations / VISITS_PER_MOVE of the listed moves (at least
MIN_WIDTH), drawn at random, plus the heuristic's move: a budget far below the number of
moves would otherwise try each once and pick by the luck of one playout."""
DEFAULT_DEPTH = 400
"""Moves and timeouts a playout makes before it is scored as a draw (1/seats each)."""
EXPLORATION = 0.7
EPSILON = 0.0
"""In a portfolio search's playouts, the share of moves made at random instead of by the
opponent model."""
MARGIN_WEIGHT = 0.5
"""The share of a portfolio playout's reward that is score margin (the rest: win credit)."""
MARGIN = 0.0
"""A portfolio search leaves the strongest bot's move only for one whose mean reward over
the same samples is higher by more than this."""
WIN_WEIGHT = 0.75
"""The reward is this much win credit and the rest rank (1 first, 0 last): the rank keeps a
signal alive in many-seat games where a random playout rarely wins."""

SampleState = Callable[[random.Random], State]


@dataclass(frozen=True)
class Sampler:
    """What a seat may use to imagine the hidden parts: the game, the seat, and re-dealt
    copies of the position. It is built by the runner from the true state; the bot sees
    only what `sample` returns, which is indistinguishable from the truth for this seat."""

    game: AnyGame
    seat: int
    seats: int
    sample: SampleState


def sampler_for(game: AnyGame, state: State, seat: int, seats: int) -> Sampler:
    """A sampler for `seat` at `state`; states are re-dealt lazily, one per call, by the
    game's `search_sample` (its `redeal`, unless search needs more)."""

    def sample(rng: random.Random) -> State:
        dealt = game.search_sample(state, seat, rng)
        return tree_copy(state) if dealt is None else dealt

    return Sampler(game, seat, seats, sample)


def searchable(game: AnyGame) -> bool:
    """The thinker can sit at games that list legal moves and have a faithful sampler."""
    from hacktable.engine.contract import BaseGame

    lists = type(game).legal_actions is not BaseGame.legal_actions
    return lists and game.sampler_gap is None


@dataclass(slots=True)
class Node:
    """Statistics of one move in the shared tree, from the mover's point of view."""

    seat: int
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[tuple[int, str], Node] = field(default_factory=dict)


def action_key(game: AnyGame, action: Action | None) -> str:
    """Moves are compared by their JSON, the one form every game's actions have."""
    if action is None:
        return PASS
    return json.dumps(game.action_to_json(action), sort_keys=True, separators=(",", ":"))


def rewards(game: AnyGame, state: State, seats: int) -> list[float]:
    """Each seat's reward at the end of a playout (a draw if it stopped at the cap)."""
    outcome = game.outcome(state)
    if outcome is None or seats == 0:
        return [1.0 / max(seats, 1)] * seats
    result = [0.0] * seats
    winners = outcome.winners
    for seat in winners:
        if 0 <= seat < seats:
            result[seat] += WIN_WEIGHT / len(winners)
    place = 0
    for group in outcome.ranking:
        rank = 1.0 - place / (seats - 1) if seats > 1 else 1.0
        for seat in group:
            if 0 <= seat < seats:
                result[seat] += (1 - WIN_WEIGHT) * rank
        place += len(group)
    return result


def margin_reward(game: AnyGame, state: State, seats: int, seat: int) -> float:
    """The portfolio search's reward: half the win credit, half how far the seat's score is
    ahead of (or behind) the best other score, relative to their size. Among rival moves
    that all win or all lose, the one that ends richer is preferred, so that gains made one
    decision at a time add up to a win."""
    outcome = game.outcome(state)
    if outcome is None or seats <= 1:
        return 1.0 / max(seats, 1)
    winners = outcome.winners
    win = 1.0 / len(winners) if seat in winners else 0.0
    mine = float(outcome.scores.get(seat, 0.0))
    best = max((float(v) for k, v in outcome.scores.items() if k != seat), default=mine)
    size = abs(mine) + abs(best)
    lead = (mine - best) / size if size else 0.0
    return MARGIN_WEIGHT * (1 + lead) / 2 + (1 - MARGIN_WEIGHT) * win


class Playout:
    """One sampled state played forward the way the simulator's runner plays a match:
    seats that have not handed in are asked in turn; when nobody is left, time runs out."""

    def __init__(self, game: AnyGame, state: State, rng: random.Random) -> None:
        self.game, self.state, self.rng = game, state, rng
        self.declined: dict[int, Prompt] = {}
        self.steps = 0

    def next_decision(self, depth: int) -> tuple[int, Prompt] | None:
        """The next seat to decide and its prompt, closing phases nobody will act in;
        None once the match is over or the depth cap is reached."""
        game = self.game
        while self.steps < depth and game.outcome(self.state) is None:
            prompts = game.prompts(self.state)
            for seat, prompt in prompts.items():
                if not prompt.submitted and self.declined.get(seat) != prompt:
                    return seat, prompt
            self.steps += 1
            try:
                game.timeout(self.state, self.rng)
            except Rejected:  # an untimed phase nobody acts in: the playout ends here
                return None
            self.declined.clear()
        return None

    def make(self, seat: int, prompt: Prompt, action: Action | None) -> None:
        """Hand in `action` (None passes); a refused move counts as a pass, as at a table."""
        self.steps += 1
        if action is None:
            self.declined[seat] = prompt
            return
        try:
            self.game.apply(self.state, seat, action, self.rng)
        except Rejected:
            self.declined[seat] = prompt
            return
        self.declined.pop(seat, None)


class ThinkerBot(BaseBot):
    """Search over the contract, a portfolio of the game's bots' moves or the ISMCTS tree;
    `sampler` must be set by the runner before `act`."""

    personality: ClassVar[str] = "thinker"
    wants_legal: ClassVar[bool] = True
    wants_sampler: ClassVar[bool] = True
    wants_media: ClassVar[bool] = True

    def __init__(self, game: AnyGame | None = None, iterations: int = DEFAULT_ITERATIONS,
                 time_budget: float | None = None, depth: int = DEFAULT_DEPTH,
                 exploration: float = EXPLORATION, guided: bool = False,
                 portfolio: bool = False, epsilon: float = EPSILON,
                 margin: float = MARGIN) -> None:
        self.game = game
        self.guided = guided
        self.portfolio = portfolio
        self.epsilon = epsilon
        self.margin = margin
        self._helpers: dict[int, Any] = {}
        self.iterations = iterations
        self.time_budget = time_budget
        self.depth = depth
        self.exploration = exploration
        self.sampler: Sampler | None = None
        self.media: Callable[[str], Any] | None = None
        self.last_iterations = 0

    # -- the decision ---------------------------------------------------------------------

    def act(self, view: Any, prompt: Prompt, legal: Sequence[Action] | None,
            rng: random.Random) -> Action | None:
        """The searched move (a pass is returned as None)."""
        if legal is None or len(legal) <= 1 or self.sampler is None:
            return self.fallback(view, prompt, legal, rng)
        if self.portfolio:
            return self._portfolio(view, prompt, legal, rng)
        return self._tree(view, prompt, legal, rng)

    def _tree(self, view: Any, prompt: Prompt, legal: Sequence[Action],
              rng: random.Random) -> Action | None:
        """ISMCTS proper: the most visited root move after the budget."""
        sampler = self.sampler
        assert sampler is not None
        game = sampler.game
        root = Node(seat=-1)
        moves: dict[str, Action | None] = {action_key(game, a): a for a in legal}
        if clocked(game, sampler.sample(rng)):
            moves[PASS] = None
        widest = max(MIN_WIDTH, self.iterations // VISITS_PER_MOVE)
        if len(moves) > widest:  # search fewer moves well rather than many once each
            keys = sorted(moves)
            moves = {key: moves[key] for key in rng.sample(keys, widest)}
        prior: str | None = None
        helper = heuristic_bot(self.game)
        if helper is not None:  # its move may be one the list cannot hold (several orders)
            proposal = self._ask(helper, view, prompt, legal, random.Random(rng.random()))
            if proposal is not None and self._accepted(sampler, proposal, rng):
                prior = action_key(game, proposal)
                moves[prior] = proposal
        clock = time.perf_counter
        deadline = clock() + self.time_budget if self.time_budget else None
        done = 0
        while done < self.iterations and (deadline is None or clock() < deadline):
            self._iterate(root, moves, sampler, prompt, rng, prior)
            done += 1
        self.last_iterations = done
        def score(key: str) -> tuple[int, float, bool]:
            child = root.children.get((sampler.seat, key))
            if child is None or child.visits == 0:
                return (-1, 0.0, key == prior)
            return (child.visits, child.reward / child.visits, key == prior)

        best = max(moves, key=score)
        if prior is not None and score(best)[0] <= 1:
            return moves[prior]  # nothing was searched twice: keep the heuristic's move
        return moves[best]

    def _portfolio(self, view: Any, prompt: Prompt, legal: Sequence[Action],
                   rng: random.Random) -> Action | None:
        """Choose among the moves the game's own bots propose (`bots.policy`) by playing
        each forward in the same sampled states, every seat then following the strongest
        bot; where they agree there is nothing to search. A game whose bots propose no move
        it accepts is searched with the tree instead."""
        sampler = self.sampler
        assert sampler is not None
        game = sampler.game
        moves: dict[str, Action | None] = {}
        for action in proposals(self.game or game, view, prompt, legal, rng, self.media):
            if action is None or self._accepted(sampler, action, rng):
                moves.setdefault(action_key(game, action), action)
        if all(action is None for action in moves.values()):
            return self._tree(view, prompt, legal, rng)
        keys = list(moves)
        first = keys[0]
        self.last_iterations = 0
        if len(keys) == 1:
            return moves[first]
        totals = dict.fromkeys(keys, 0.0)
        clock = time.perf_counter
        deadline = clock() + self.time_budget if self.time_budget else None
        done = 0
        while done < self.iterations and (deadline is None or clock() < deadline):
            # One sample and one stream of chance for every candidate: the playouts differ
            # by the move (a paired comparison), not by the luck of the draw.
            state, seed = sampler.sample(rng), rng.getrandbits(64)
            for key in keys:
                totals[key] += self._rollout(tree_copy(state), prompt, moves[key],
                                             random.Random(seed))
            done += 1
        self.last_iterations = done
        best = max(keys, key=lambda key: (totals[key], key == first))
        if totals[best] - totals[first] <= self.margin * done:
            return moves[first]  # not clearly better than the strongest bot's move
        return moves[best]

    def _rollout(self, state: State, prompt: Prompt, action: Action | None,
                 rng: random.Random) -> float:
        """This seat's reward after `action`, every seat then following the model."""
        sampler = self.sampler
        assert sampler is not None
        policy = BotPolicy(sampler.game, self.epsilon)
        playout = Playout(sampler.game, state, rng)
        playout.make(sampler.seat, prompt, action)
        decider = playout.next_decision(self.depth)
        while decider is not None:
            mover, asked = decider
            playout.make(mover, asked, policy.move(playout.state, mover, asked, rng))
            decider = playout.next_decision(self.depth)
        return margin_reward(sampler.game, playout.state, sampler.seats, sampler.seat)

    def _iterate(self, root: Node, moves: dict[str, Action | None], sampler: Sampler,
                 prompt: Prompt, rng: random.Random, prior: str | None = None) -> None:
        game, seat = sampler.game, sampler.seat
        state = sampler.sample(rng)
        playout = Playout(game, state, rng)
        path: list[Node] = []
        node = root
        # The root is this seat's decision, with the moves the true position lists.
        decider: tuple[int, Prompt] | None = (seat, prompt)
        options: dict[str, Action | None] | None = moves
        in_tree = True
        while decider is not None:
            mover, asked = decider
            if in_tree:
                if options is None:
                    options = self._options(game, playout.state, mover)
                keys = list(options)
                for key in keys:
                    child = node.children.get((mover, key))
                    if child is not None:
                        child.available += 1
                untried = [key for key in keys if (mover, key) not in node.children]
                if untried:
                    key = (prior if node is root and prior in untried
                           else untried[rng.randrange(len(untried))])
                    child = Node(mover, available=1)
                    node.children[(mover, key)] = child
                    in_tree = False
                else:
                    key = max(keys, key=lambda k: self._ucb(node.children[(mover, k)]))
                    child = node.children[(mover, key)]
                path.append(child)
                node = child
                playout.make(mover, asked, options[key])
            else:
                playout.make(mover, asked, self._playout_move(playout, mover, asked, rng))
            options = None
            decider = playout.next_decision(self.depth)
        reward = rewards(game, playout.state, sampler.seats)
        for visited in path:
            visited.visits += 1
            if 0 <= visited.seat < len(reward):
                visited.reward += reward[visited.seat]

    def _playout_move(self, playout: Playout, seat: int, prompt: Prompt,
                      rng: random.Random) -> Action | None:
        """A random legal move, or with guided playouts the heuristic bot's move from the
        seat's view of the sampled state (random where it would pass in an untimed phase)."""
        game, state = playout.game, playout.state
        if self.guided:
            helper = self._helpers.get(seat)
            if helper is None:
                helper = self._helpers[seat] = heuristic_bot(game)
            if helper is not None:
                if helper.wants_media:
                    helper.media = functools.partial(game.media, state, seat)
                legal = (game.legal_actions(state, seat)
                         if helper.wants_legal else None)
                action = helper.act(game.view(state, seat), prompt, legal, rng)
                if action is not None or clocked(game, state):
                    return action
        legal = game.legal_actions(state, seat) or []
        return legal[rng.randrange(len(legal))] if legal else None

    def _options(self, game: AnyGame, state: State, seat: int) -> dict[str, Action | None]:
        options: dict[str, Action | None] = {
            action_key(game, a): a for a in game.legal_actions(state, seat) or []}
        if clocked(game, state) or not options:
            options[PASS] = None
        return options

    def _ucb(self, child: Node) -> float:
        if child.visits == 0:
            return math.inf
        return (child.reward / child.visits
                + self.exploration * math.sqrt(math.log(max(child.available, 1))
                                               / child.visits))

    # -- when there is nothing to search ----------------------------------------------

    def fallback(self, view: Any, prompt: Prompt, legal: Sequence[Action] | None,
                 rng: random.Random) -> Action | None:
        """The game's own heuristic bot decides (the first of its bots that is not random);
        with none, the only listed move, else nothing."""
        helper = heuristic_bot(self.game)
        if helper is not None:
            return self._ask(helper, view, prompt, legal, rng)
        return legal[0] if legal else None

    @staticmethod
    def _accepted(sampler: Sampler, action: Action, rng: random.Random) -> bool:
        """Whether the game takes this move in a sampled position (a seat's own moves are
        judged only on what it can see, so one sample tells)."""
        try:
            sampler.game.apply(sampler.sample(rng), sampler.seat, action, rng)
        except Rejected:
            return False
        return True

    def _ask(self, helper: Any, view: Any, prompt: Prompt, legal: Sequence[Action] | None,
             rng: random.Random) -> Action | None:
        if helper.wants_media:
            helper.media = self.media
        return helper.act(view, prompt, legal, rng)


def heuristic_bot(game: AnyGame | None) -> Any | None:
    """The game's best-known heuristic: its first own bot that is not a random one."""
    if game is None:
        return None
    for name, cls in game.bots().items():
        if "random" not in name:
            return cls()
    return None

