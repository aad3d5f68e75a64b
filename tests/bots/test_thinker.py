"""The thinker as offered (a search among the game's own bots' moves): it avoids the move a
heuristic blunders with, and it decides only from what its seat can see, through samples
that agree with what the seat was told."""

from __future__ import annotations

import random

from tests.sim.toys import Race

from hacktable.bots.ismcts import ThinkerBot, action_key, margin_reward, sampler_for
from hacktable.bots.registry import make_bot
from hacktable.engine import BaseBot, Match
from hacktable.games import get_game
from hacktable.sim.runner import play_match


class Greedy(BaseBot):
    """Always adds 2: the race's strongest-looking bot, which throws away a won race."""

    personality = "greedy"

    def act(self, view, prompt, legal, rng):
        return 2


class Cautious(BaseBot):
    """Always adds 1."""

    personality = "cautious"

    def act(self, view, prompt, legal, rng):
        return 1


class CoachedRace(Race):
    """The toy race with two heuristic bots, the greedy one first (the model of the others)."""

    id = "coached-race"

    def bots(self):
        return {"greedy": Greedy, "cautious": Cautious}


def decide(match: Match, seat: int, bot: ThinkerBot, seed: int = 0):
    bot.sampler = sampler_for(match.game, match.state, seat, len(match.seats))
    return bot.act(match.view(seat), match.prompts()[seat], match.legal_actions(seat),
                   random.Random(seed))


def test_it_refuses_the_greedy_blunder_its_own_model_would_make():
    """From 6, adding 2 lets a greedy opponent reach 10; adding 1 leaves it 9, and the
    thinker's own next 2 wins. The thinker sees this in its playouts and adds 1."""
    game = CoachedRace()
    match = Match(game, ["A", "B"], None, 1)
    match.state["total"] = 6
    assert Greedy().act(match.view(0), match.prompts()[0], None, random.Random(0)) == 2
    bot = make_bot(game, "thinker:4")
    assert bot.portfolio
    assert decide(match, 0, bot) == 1
    assert bot.last_iterations == 4


def test_where_the_bots_agree_there_is_nothing_to_search():
    game = CoachedRace()
    match = Match(game, ["A", "B"], None, 1)
    match.state["total"] = 8  # both bots' moves are legal; 2 wins, 1 does not
    bot = make_bot(game, "thinker:4")
    assert decide(match, 0, bot) == 2


def test_without_bots_that_propose_a_move_it_searches_the_tree():
    """The plain race's bots never propose a legal move, so the thinker falls back to the
    ISMCTS tree, which still finds the winning move."""
    match = Match(Race(), ["A", "B"], None, 1)
    match.state["total"] = 8
    assert decide(match, 0, make_bot(Race(), "thinker:30")) == 2


def test_the_score_margin_prefers_the_richer_loss():
    """Two playouts that both lose: the one that ends nearer the winner scores higher."""
    game = CoachedRace()
    match = Match(game, ["A", "B"], None, 1)
    match.state["total"], match.state["winner"] = 10, 1
    lost = margin_reward(game, match.state, 2, 0)
    won = margin_reward(game, match.state, 2, 1)
    assert 0 <= lost < won <= 1


def rexfurum_after(rounds: int, seed: int = 3) -> Match:
    """A Rex Furum table of opportunists after a few rounds: outings have been announced."""
    game = get_game("rexfurum")
    match = Match(game, ["A", "B", "C", "D"], None, seed)
    bot = game.bots()["opportunist"]()
    rng = random.Random(seed)
    for _ in range(rounds):
        for seat in range(4):
            match.submit(seat, bot.act(match.view(seat), match.prompts()[seat], None, rng))
        if all(prompt.submitted for prompt in match.prompts().values()):
            match.close_phase()  # the round's time runs out (no early close by default)
    assert match.state["round"] == rounds + 1
    return match


def test_a_rexfurum_sample_depends_only_on_what_the_seat_can_see():
    """Samples from two positions the seat cannot tell apart (one re-dealt from the other)
    are the same, other players' reports included: nothing of the true hidden state
    survives into what the search plays with."""
    match = rexfurum_after(2)
    game = match.game
    other = game.redeal(match.state, 0, random.Random(4))
    assert other != match.state
    samples = [sampler_for(game, state, 0, 4).sample(random.Random(9))
               for state in (match.state, other)]
    assert samples[0] == samples[1]


def test_a_rexfurum_sample_keeps_what_an_outing_announced():
    match = rexfurum_after(2)
    game = match.game
    announced = {notice["target"]: notice["companies"]
                 for report in match.state["reports"][0] for notice in report["notices"]
                 if notice["kind"] == "outed" and notice["target"] != 0}
    assert announced
    sample = sampler_for(game, match.state, 0, 4).sample(random.Random(1))
    for player, companies in announced.items():
        assert set(companies) <= set(sample["jobs"][player])
    assert sample["jobs"][0] == match.state["jobs"][0]


def test_the_thinker_move_depends_only_on_what_the_seat_can_see():
    match = rexfurum_after(2)
    game = match.game
    other = game.redeal(match.state, 1, random.Random(4))
    moves = []
    for state in (match.state, other):
        bot = make_bot(game, "thinker:4")
        bot.sampler = sampler_for(game, state, 1, 4)
        moves.append(action_key(game, bot.act(game.view(state, 1), match.prompts()[1],
                                              match.legal_actions(1), random.Random(9))))
    assert moves[0] == moves[1]


def test_it_plays_whole_games_through_the_runner():
    for name, bots in (("rexfurum", ["thinker:2", "opportunist", "loyal", "crasher"]),
                       ("cpu", ["thinker:2", "aggressive"])):
        played = play_match(get_game(name), bots, None, 5)
        assert played.finished and not played.bot_errors


def test_thinker_is_the_portfolio_search_and_the_tree_keeps_its_names():
    cpu = get_game("cpu")
    assert make_bot(cpu, "thinker").portfolio
    tree = make_bot(cpu, "thinker-tree:8")
    assert not tree.portfolio and not tree.guided and tree.iterations == 8
    assert make_bot(cpu, "thinker-guided").guided and not make_bot(cpu, "thinker-guided").portfolio
