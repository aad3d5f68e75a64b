"""Set-up, rounds, salary, the action-point budget, submissions and the end of the game."""

from __future__ import annotations

import pytest

from hacktable.engine import Match, Rejected
from hacktable.games import get_game

from .helpers import (
    ALPHA,
    AMY,
    ARTHUR,
    BETA,
    DELTA,
    GAMMA,
    NAMES,
    SALARY,
    STEPHEN,
    TYLER,
    snapshot,
)


def new_match(n: int = 5, seed: int = 3, **options) -> Match:
    return Match(get_game("rexfurum"), NAMES[:n], options, seed)


def test_setup_everyone_starts_at_one_random_company():
    """"Players will always start at one randomly assigned company at the beginning of play."
    Ruling (starting_companies=balanced): company sizes differ by at most one."""
    seen = set()
    for seed in range(20):
        match = new_match(6, seed)
        jobs = match.state["jobs"]
        assert all(len(companies) == 1 for companies in jobs)
        totals = match.view(ARTHUR)["totals"]
        assert max(totals) - min(totals) <= 1
        seen.add(tuple(c[0] for c in jobs))
    assert len(seen) > 1  # random


def test_setup_independent_starting_companies_option():
    """"Players will always start at one randomly assigned company". Ruling
    (starting_companies=independent): each player's company is drawn alone."""
    match = new_match(6, 1, starting_companies="independent")
    assert all(len(companies) == 1 for companies in match.state["jobs"])


def test_setup_starting_money_then_first_salary():
    """"Employed players ... will always receive the set amount of $10k at the beginning of a
    round." Ruling (starting_money): everyone starts with $0 and round 1's salary is paid at
    once, so round 1's report shows $10,000."""
    match = new_match()
    assert match.state["money"] == [SALARY] * 5
    report = match.view(ARTHUR)["reports"][-1]
    assert report["round"] == 1 and report["salary"] == SALARY and report["earned_last"] is None
    assert [line["rule"] for line in match.state["ledger"]] == ["salary"] * 5
    assert new_match(starting_money=50_000).state["money"] == [60_000] * 5


def test_setup_four_companies():
    """"There are four companies that players can be a part of, Alpha, Beta, Gamma and
    Delta." """
    assert new_match().view(ARTHUR)["companies"] == ["Alpha", "Beta", "Gamma", "Delta"]
    assert new_match(companies=3).view(ARTHUR)["companies"] == ["Alpha", "Beta", "Gamma"]


def test_salary_only_when_employed(table):
    """"Employed players (players working for at least one company) will always receive the
    set amount of $10k at the beginning of a round. Unemployed players receive no salary at
    the beginning of a round." – one salary however many companies."""
    t = table([[ALPHA, BETA, GAMMA], [], [GAMMA], [DELTA], [ALPHA]], money=[0] * 5)
    t.play()
    assert t.state["money"] == [SALARY, 0, SALARY, SALARY, SALARY]
    assert t.paid("salary") == [(None, seat, SALARY) for seat in (0, 2, 3, 4)]
    assert t.match.view(STEPHEN)["reports"][-1]["salary"] == 0


def test_action_points_three_per_round(table):
    """"Players have three action points per round, with some actions taking up 1 action
    point, two action points, or even none." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.match.submit_text(ARTHUR, "embezzle stephen out amy protect self")
    t.match.submit_text(STEPHEN, "crash gamma protect self invest 5000 amy")
    assert "4 action points" in t.rejected("amy", "out arthur out stephen out tyler out felix")
    assert "you have 3 per round" in t.rejected("amy", "crash beta crash gamma")
    assert t.match.view(ARTHUR)["points_used"] == 3


def test_action_points_option(table):
    """"Players have **three** action points per round". Ruling (action_points): the budget is
    an option."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], action_points=4)
    t.match.submit_text(AMY, "out arthur out stephen out tyler out felix")


def test_rounds_ten_then_the_richest_wins():
    """"Be the richest player at the end of 10 rounds." """
    match = new_match()
    for _ in range(9):
        match.close_phase()
        assert match.outcome() is None
    match.state["money"][TYLER] += 1
    match.close_phase()
    assert match.state["over"]
    assert match.outcome().winners == (TYLER,)
    final = match.view(ARTHUR)["reports"][-1]
    assert final["final"] and final["salary"] == 0
    assert match.prompts() == {}


def test_rounds_ties_share_the_win(table):
    """"Be the richest player": ruling, players with equal money share the win."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[5, 5, 1, 0, 0], rounds=1)
    t.play()
    outcome = t.match.outcome()
    assert outcome.winners == (ARTHUR, STEPHEN)
    assert "share the win" in outcome.summary


def test_rounds_close_on_the_deadline_only(table):
    """"Rounds are strictly timed": ruling, a round closes when its time runs out, even if
    everyone has sent orders (early_close changes this)."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    for seat in range(5):
        t.match.submit_text(seat, "protect self")
    assert t.state["round"] == 1
    assert all(p.submitted for p in t.match.prompts().values())
    assert t.match.prompts()[ARTHUR].time_limit == 20 * 60


def test_rounds_early_close_option(table):
    """v5→v6 wish: "Where the next round starts as soon as every player has submitted".
    Ruling (early_close): off by default; on, the last submission closes the round."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], early_close=True)
    for seat in range(4):
        t.match.submit_text(seat, "")
    assert t.state["round"] == 1
    t.match.submit_text(4, "embezzle arthur")
    assert t.state["round"] == 2


def test_a_preview_of_the_last_orders_resolves_nothing(table):
    """The web table reads orders back before they are sent. Even for the orders that would
    close an early-closing round, the preview says only how they were understood: it must
    not show the round's results, which the player could then shop around."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], early_close=True)
    for seat in range(4):
        t.match.submit_text(seat, "embezzle tyler" if seat == ARTHUR else "")
    before = snapshot(t.state)
    action = t.match.game.parse(t.state, 4, "protect self")
    events = t.match.game.preview(t.state, 4, action)
    assert [event.kind for event in events] == ["orders_preview"]  # read, not received
    assert snapshot(t.state) == before
    [received] = t.match.submit(4, action)[:1]  # the same reading, once it is sent
    assert (received.kind, received.data, received.audience) == (
        "orders_received", events[0].data, events[0].audience)


def test_a_preview_refuses_what_submitting_would_refuse(table):
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    action = t.match.game.parse(t.state, ARTHUR, "crash alpha crash beta")
    with pytest.raises(Rejected, match="action points"):
        t.match.game.preview(t.state, ARTHUR, action)


def test_resubmission_replaces_the_earlier_orders(table):
    """"you need to send your notated moves by a certain time to a gamemaster". Ruling
    (resubmission=replace): a second email in the same round replaces the first."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.match.submit_text(ARTHUR, "embezzle stephen out amy")
    events = t.match.submit_text(ARTHUR, "embezzle tyler")
    assert events[0].data["replaced"]
    t.close()
    assert t.paid("embezzle") == [(TYLER, ARTHUR, 10_000)]
    assert t.events("outed") == []


def test_resubmission_append_option(table):
    """"you need to send your notated moves by a certain time to a gamemaster". Ruling
    (resubmission=append): a second email adds to the first, within the budget."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], resubmission="append")
    t.match.submit_text(ARTHUR, "embezzle stephen out amy")
    t.match.submit_text(ARTHUR, "embezzle tyler")
    t.rejected("arthur", "protect self")
    t.close()
    assert sorted(t.paid("embezzle")) == [(STEPHEN, ARTHUR, 10_000), (TYLER, ARTHUR, 10_000)]


def test_no_orders_means_no_actions(table):
    """Playtest 4: "Were there rounds you opted to not participate in?" – a player who sends
    nothing does nothing that round, and is still paid if employed."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[0] * 5)
    t.play()
    assert t.state["money"] == [SALARY] * 5
    assert t.match.view(ARTHUR)["reports"][-1]["orders_last"] == []


def test_enter_empty_refused_uses_round_start_totals(table):
    """"the company must be empty when sending the action": the employee totals told at the
    beginning of the round are what counts."""
    t = table([[ALPHA], [BETA], [GAMMA], [], [ALPHA]])
    t.match.submit_text(ARTHUR, "enter empty delta")
    t.match.submit_text(AMY, "enter empty delta")
    t.close()
    assert t.match.view(ARTHUR)["totals"][DELTA] == 2
