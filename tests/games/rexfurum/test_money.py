"""Money conservation over whole random games: "Now money can only be traded, as opposed to
disappearing into the void" (v2→v3), except salaries, which come from the bank, and the
mutual-backstab fine, which "simply vanishes" (v5→v6)."""

from __future__ import annotations

import random

import pytest

from hacktable.engine import Match, Rejected
from hacktable.games import get_game
from hacktable.games.rexfurum.listing import single_orders
from hacktable.games.rexfurum.orders import Submit

from .helpers import NAMES, snapshot

OPTION_SETS = [
    {},
    {"negative_money": False},
    {"pinkslip_quorum": 1, "backstab_count": "shared", "crasher_joins": True},
    {"resubmission": "append", "outing_reveals": "previous_round", "companies": 3},
]


def ledger_flows(ledger: list[dict], n: int) -> list[int]:
    flows = [0] * n
    for line in ledger:
        if line["from"] is not None:
            flows[line["from"]] -= line["amount"]
        if line["to"] is not None:
            flows[line["to"]] += line["amount"]
    return flows


def play_random_game(options: dict, seed: int, n: int) -> Match:
    """Every seat sends random orders in notation each round; refusals must change nothing."""
    game = get_game("rexfurum")
    match = Match(game, NAMES[:n], options, seed)
    rng = random.Random(seed)
    names = match.state["names"]
    while not match.state["over"]:
        for seat in range(n):
            choices = single_orders(match.view(seat))
            for _ in range(3):
                orders = tuple(rng.sample(choices, k=min(len(choices), rng.randint(0, 4))))
                text = Submit(orders).notation(names) if orders else ""
                before = snapshot(match.state)
                try:
                    match.submit_text(seat, text)
                except Rejected:
                    assert snapshot(match.state) == before
                    continue
                break
        before = list(match.state["money"])
        start = len(match.state["ledger"])
        events = match.close_phase()
        flows = ledger_flows(match.state["ledger"][start:], n)
        assert [b + f for b, f in zip(before, flows, strict=True)] == match.state["money"]
        for event in events:
            assert game.describe(event, match.state)
        for viewer in range(n):
            assert game.render(match.view(viewer))
    return match


@pytest.mark.parametrize("options", OPTION_SETS)
def test_money_every_change_has_a_ledger_line(options):
    """v2→v3: "Now money can only be traded, as opposed to disappearing into the void." Every
    change of money has a ledger line naming its rule, and the ledger's flows add up to every
    player's money, over whole random games."""
    for seed in range(4):
        n = 5 + seed % 2
        match = play_random_game(options, seed, n)
        ledger = match.state["ledger"]
        assert ledger_flows(ledger, n) == match.state["money"]  # everyone started with $0
        assert {line["rule"] for line in ledger} <= {
            "salary", "embezzle", "crash", "bribe", "invest", "extort", "slander fee",
            "backstab", "failed backstab", "mutual backstab"}
        vanished = sum(line["amount"] for line in ledger if line["to"] is None)
        salaries = sum(line["amount"] for line in ledger if line["from"] is None)
        assert sum(match.state["money"]) == salaries - vanished
        if not options.get("negative_money", True):
            assert min(match.state["money"]) >= 0
        replayed = Match.loads(match.dumps(), get_game)
        assert snapshot(replayed.state) == snapshot(match.state)
