"""Situations the seed's playtest reports describe, which the engine must handle."""

from __future__ import annotations

from .helpers import ALPHA, AMY, ARTHUR, BETA, DELTA, FELIX, GAMMA, STEPHEN, TYLER, ZEINA


def test_playtest3_crash_bribe_accept_sequence(table):
    """Playtest 3: "1. A crashes alpha, B enter bribe into Alpha. 2. A crashes Alpha, A accept
    bribe Alpha - A accepts to let B in, B enters, gets crashed, then fired" – accepting comes
    before crashing, so B is hired, then crashed (paying the crash fee) and fired, and B's
    bribe is still paid to A."""
    t = table([[ALPHA], [BETA], [ALPHA], [DELTA], [GAMMA]])
    a, b = "arthur", "stephen"
    t.play(**{a: "crash alpha", b: "bribe 20000 alpha"})
    assert t.notice(AMY, "bribe_offered")["amount"] == 20_000
    assert t.notice(ARTHUR, "bribe_offered")["amount"] == 20_000
    t.play(**{a: "crash alpha accept bribe 20000 from stephen to alpha"})
    assert t.jobs(a) == [] and t.jobs(b) == [BETA] and t.jobs("amy") == []
    assert t.notice(b, "bribe_accepted")["company"] == ALPHA
    assert t.notice(b, "crashed_out")["amount"] == 30_000
    assert sorted(t.paid("crash")) == [(STEPHEN, ARTHUR, 30_000), (AMY, ARTHUR, 30_000)]
    assert t.paid("bribe") == [(STEPHEN, ARTHUR, 20_000)]
    assert t.change(a) == 80_000 and t.change(b) == -50_000
    assert t.event("crash").data["fired"] == 3


def test_playtest3_accept_bribe_then_immediately_crash(table):
    """Playtest 3, "Exploitable tactics observed during this game : ... 2. Accept bribe then
    immediately crash company." – a crash ordered the round before catches the new hire."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [GAMMA]])
    t.play(arthur="crash gamma", stephen="bribe 10000 gamma")
    t.play(arthur="crash gamma", amy="accept bribe 10000 from stephen to gamma")
    assert sorted(t.paid("crash")) == [(STEPHEN, ARTHUR, 30_000), (AMY, ARTHUR, 30_000),
                                       (FELIX, ARTHUR, 30_000)]
    assert t.paid("bribe") == [(STEPHEN, AMY, 10_000)]


def test_playtest3_pinkslip_all_employees_then_ceo_extortion(table):
    """Playtest 3: "Pink slip all employees of a company then do a CEO extortion on the solo
    survivor (who has no idea what has occurred)." """
    t = table([[ALPHA], [GAMMA], [BETA], [BETA], [ALPHA], [BETA]])
    t.play(arthur="pinkslip amy at beta pinkslip tyler at beta extort zeina at beta",
           felix="pinkslip amy at beta pinkslip tyler at beta extort zeina at beta")
    assert t.jobs("zeina") == [BETA] and t.jobs("amy") == [] and t.jobs("tyler") == []
    assert sorted(t.paid("extort")) == [(ZEINA, ARTHUR, 30_000), (ZEINA, FELIX, 30_000)]
    # The survivor learns only that they were extorted; nobody is named to them.
    assert set(t.notice("zeina", "extorted")) == {"kind", "round", "company", "amount"}
    assert t.audience("pinkslipped") == {AMY, TYLER}


def test_playtest3_pinkslips_that_miss_one_employee_cost_slander(table):
    """Playtest 3's tactic needs every other employee gone: "If the targetplayer is not the
    sole employee at targetcompany, you pay 30k in slander fees"."""
    t = table([[ALPHA], [BETA], [BETA], [BETA], [ALPHA], [BETA]])
    t.play(arthur="pinkslip amy at beta pinkslip tyler at beta extort zeina at beta",
           felix="pinkslip amy at beta pinkslip tyler at beta extort zeina at beta")
    assert t.paid("extort") == []
    assert sorted(t.paid("slander fee")) == [(ARTHUR, ZEINA, 30_000), (FELIX, ZEINA, 30_000)]


def test_playtest_two_players_backstabbing_each_other(table):
    """v3→v4: "If two players backstab each other, everyone is notified for the hilariousness
    of the situation (also good for feints)." and v5→v6: "If both targetplayers fail they are
    fined 30k, which simply vanishes." – even if each protects the other."""
    t = table([[ALPHA, BETA], [BETA, GAMMA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="protect stephen backstab stephen", stephen="protect arthur backstab arthur")
    assert t.paid("backstab") == [] and t.paid("failed backstab") == []
    assert sorted(t.paid("mutual backstab")) == [(ARTHUR, None, 30_000), (STEPHEN, None, 30_000)]
    assert sum(t.state["money"]) == sum(t.before) - 60_000 + 5 * 10_000
    for seat in range(t.n):
        assert "mutual_backstab" in t.kinds(seat)
    assert "Arthur and Stephen backstabbed each other" in t.text("amy")


def test_playtest_extortion_when_another_employee_joins_the_same_round(table):
    """"If another employee joins the company that round, nothing happens and no money is
    exchanged." – a player entering an emptied company alongside the target voids it."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(tyler="quit delta")
    t.play(tyler="enter empty delta", amy="enter empty delta",
           arthur="extort tyler at delta", stephen="extort tyler at delta")
    assert t.paid("extort") == [] and t.paid("slander fee") == []
    assert t.audience("extort_void") == {ARTHUR, STEPHEN}
    # Without the second joiner Tyler is the sole employee.
    t2 = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t2.play(tyler="quit delta")
    t2.play(tyler="enter empty delta", arthur="extort tyler at delta")
    assert t2.paid("extort") == [(TYLER, ARTHUR, 60_000)]


def test_playtest_protected_embezzlement_target(table):
    """v5→v6: "Embezzlement is further penalized by having an embezzlement failure announced
    everywhere." and "If targetplayer is the target of embezzlement, the name of the player
    who attempted it will be sent to you during the turn." """
    t = table([[ALPHA, BETA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", tyler="protect stephen")
    assert t.paid("embezzle") == []
    assert t.is_public("embezzle_exposed")
    assert t.notice("tyler", "embezzler_named")["embezzler"] == ARTHUR
    text = t.text("felix")
    assert "Arthur tried to embezzle from Stephen, who was protected." in text
    assert "Tyler" not in text.split("Standings")[0]  # the protector is never named


def test_playtest4_quit_before_extortion_collects_slander_fees(table):
    """Playtest 4: KP managed to "quit the company before he could be CEO extorted, and
    collected the slander fees." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(tyler="quit delta", arthur="extort tyler at delta", amy="extort tyler at delta")
    assert sorted(t.paid("slander fee")) == [(ARTHUR, TYLER, 30_000), (AMY, TYLER, 30_000)]
    assert t.change("tyler") == 60_000


def test_playtest4_crash_written_once_or_twice(table):
    """Playtest 4 (Luke): "because crashing takes two action points, I wasn't sure if I should
    write "crash gamma" once or twice. Turns out it wouldn't matter" """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="crash gamma")
    t.play(arthur="crash gamma crash gamma protect stephen")
    assert t.paid("crash") == [(AMY, ARTHUR, 30_000)]


def test_playtest4_unemployed_pair_protecting_each_other(table):
    """Playtest 4 (Zeina): "two people are outside of a company and keep protecting each
    other, they can still earn money easily by extort or cover+crash together." and v4→v5
    "salary isn't given unless a player is employed in at least one company." """
    t = table([[], [], [GAMMA], [DELTA], [ALPHA]], money=[0, 0, 0, 0, 0])
    t.play(arthur="protect stephen extort tyler at delta",
           stephen="protect arthur coverup for arthur", felix="embezzle arthur")
    assert t.paid("embezzle") == []
    assert t.paid("extort") == [(TYLER, ARTHUR, 60_000)]
    assert t.money("arthur") == 60_000 and t.money("stephen") == 0  # no salary


def test_playtest3_invest_as_a_feint(table):
    """Playtest 3: "Really want to see feinting with investments" and "Realized that I need to
    limit on investing" – only the investor and the recipient learn of an investment."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(stephen="invest 50000 amy")
    assert t.audience("invested") == {STEPHEN, AMY}
    assert t.change("amy") == 50_000
    t.rejected("stephen", "invest 100000 amy")


def test_playtest2_bailing_a_player_out_of_the_negatives(table):
    """Playtest 2: "Eric bailed Anton out of the negatives in exchange for loyalty" – money
    can be negative, and another player can invest in someone who is."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA, BETA]], money=[10_000, 0, 0, 0, 0])
    t.play(felix="embezzle arthur", stephen="embezzle arthur")
    assert t.money("arthur") == 10_000 - 20_000 - 10_000 + 10_000
    t.play(tyler="invest 10000 arthur")
    assert t.money("arthur") == -10_000 + 10_000 + 10_000
    assert t.jobs("arthur") == [ALPHA] and t.jobs("felix") == [ALPHA, BETA]
    assert DELTA in t.jobs("tyler") and GAMMA in t.jobs("amy")
