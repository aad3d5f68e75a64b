"""The shared checks must catch the faults they exist for: each is run here on a tiny game
with one deliberate fault, and must fail."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hacktable.bots.random_legal import RandomLegalBot
from hacktable.engine import BaseGame, Event, Match, Outcome, Prompt, Rejected
from hacktable.engine.contract import GM, SPECTATOR
from hacktable.engine.testing import check_hidden_information, contract_suite, fuzz_match
from hacktable.sim.runner import play


class SealedBid(BaseGame):
    """Each seat secretly bids 0-9; when the phase closes the highest bid wins."""

    id = "sealedbid"
    name = "Sealed bid"
    min_seats = 2
    max_seats = 3

    def __init__(self, fault: str = "") -> None:
        self.fault = fault

    def setup(self, seats, options, rng):
        return {"bids": [None] * len(seats), "over": False, "noise": rng.randrange(100)}

    def prompts(self, state):
        if state["over"]:
            return {}
        return {seat: Prompt("bid", "Bid 0-9.", simultaneous=True, submitted=bid is not None)
                for seat, bid in enumerate(state["bids"])}

    def apply(self, state, seat, action, rng):
        if self.fault == "mutates-then-rejects":
            state["noise"] += 1
        if state["over"]:
            raise Rejected("The auction is over.")
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action <= 9:
            raise Rejected("Bid a whole number from 0 to 9.")
        state["bids"][seat] = action
        audience = "all" if self.fault == "announces-bids" else (seat,)
        return [Event("bid", {"seat": seat, "bid": action}, audience)]

    def timeout(self, state, rng):
        if state["over"]:
            raise Rejected("The auction is over.")
        state["over"] = True
        return [Event("closed", {"bids": list(state["bids"])})]

    def view(self, state, viewer):
        if viewer == GM or (self.fault == "shows-bids" and viewer != SPECTATOR):
            return copy.deepcopy(state)
        mine = None if viewer == SPECTATOR else state["bids"][viewer]
        return {"over": state["over"], "mine": mine,
                "bids": state["bids"] if state["over"] else None}

    def outcome(self, state):
        if not state["over"]:
            return None
        best = max(bid or 0 for bid in state["bids"])
        winners = tuple(s for s, bid in enumerate(state["bids"]) if (bid or 0) == best)
        return Outcome((winners,), {s: float(b or 0) for s, b in enumerate(state["bids"])}, "")

    def legal_actions(self, state, seat):
        return [] if state["over"] else list(range(10))

    def redeal(self, state, seat, rng):
        other = copy.deepcopy(state)
        if not other["over"]:
            for s in range(len(other["bids"])):
                if s != seat and other["bids"][s] is not None:
                    other["bids"][s] = rng.randrange(10)
        return other


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_correct_game_passes_the_fuzzer(data):
    fuzz_match(SealedBid(), data)


def test_the_fuzzer_catches_a_rejection_that_changed_the_state():
    @settings(max_examples=30, deadline=None, database=None)
    @given(data=st.data())
    def run(data):
        fuzz_match(SealedBid("mutates-then-rejects"), data)

    with pytest.raises(AssertionError, match="changed the state"):
        run()


def _played(game: SealedBid) -> Match:
    match = Match(game, ["Amy", "Bert", "Cleo"], seed=3)
    match.submit(0, 7)
    return match


def test_a_correct_game_passes_the_hidden_information_check():
    match = _played(SealedBid())
    assert check_hidden_information(match, random.Random(1)) > 0


@pytest.mark.parametrize("fault", ["announces-bids", "shows-bids"])
def test_the_hidden_information_check_catches_a_leak(fault):
    match = _played(SealedBid(fault))
    with pytest.raises(AssertionError):
        check_hidden_information(match, random.Random(1))


class Suited(SealedBid):
    """The sealed bid with a bot, so the contract suite can play it, and faults the suite
    exists to catch: words that read the present state, a name check that lets through a
    name the set-up refuses, and a view that counts the bids others may not know of."""

    def setup(self, seats, options, rng):
        if "me" in seats:
            raise Rejected("Nobody may be called me.")
        return super().setup(seats, options, rng)

    def check_names(self, seats, options):
        if self.fault != "accepts-any-name":
            super().check_names(seats, options)

    def describe(self, event, state):
        if self.fault == "describes-the-present":
            return f"{event.kind}, the auction {'over' if state['over'] else 'open'}"
        return super().describe(event, state)

    def view(self, state, viewer):
        shown = super().view(state, viewer)
        if self.fault == "counts-bids":
            shown["sent"] = sum(bid is not None for bid in state["bids"])
        return shown

    def bots(self):
        return {"bidder": RandomLegalBot}


SUITE = contract_suite(play)


def test_the_suite_holds_every_check_by_name():
    assert list(SUITE) == [
        "fuzzed_input_never_breaks_the_contract",
        "no_seat_sees_what_it_may_not",
        "an_entry_that_tells_a_viewer_nothing_changes_nothing_they_see",
        "an_events_words_never_change_once_logged",
        "checking_names_says_what_a_set_up_would",
    ]


@pytest.mark.parametrize("name", list(SUITE))
def test_a_correct_game_passes_every_check_of_the_suite(name):
    SUITE[name](Suited())


@pytest.mark.parametrize(("fault", "name"), [
    ("describes-the-present", "an_events_words_never_change_once_logged"),
    ("accepts-any-name", "checking_names_says_what_a_set_up_would"),
    ("counts-bids", "an_entry_that_tells_a_viewer_nothing_changes_nothing_they_see"),
    ("announces-bids", "no_seat_sees_what_it_may_not"),
])
def test_the_suite_catches_each_fault_by_its_check(fault, name):
    with pytest.raises(AssertionError):
        SUITE[name](Suited(fault))

