"""Each of Rex Furum's thirteen actions, one test per rule, quoting the seed's Final Ruleset
(and the "Changes between versions 5 and 6", which override it)."""

from __future__ import annotations

from .helpers import (
    ALPHA,
    AMY,
    ARTHUR,
    BETA,
    DELTA,
    FELIX,
    GAMMA,
    STEPHEN,
    TYLER,
    ZEINA,
)

# -- Embezzle ---------------------------------------------------------------------------


def test_embezzle_takes_10k_per_company_of_the_embezzler(table):
    """"Embezzle 10k*(number of companies you are a part of) from targetplayer." """
    t = table([[ALPHA, BETA, GAMMA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", amy="embezzle tyler")
    assert t.paid("embezzle") == [(STEPHEN, ARTHUR, 30_000), (TYLER, AMY, 10_000)]
    assert t.change("arthur") == 30_000
    assert t.change("stephen") == -30_000


def test_embezzle_counts_companies_after_the_rounds_employment_changes(table):
    """"Actions that result in a change of employment for a player" come before "Actions that
    result in a change in money (in order: embezzlement, ...)": the companies counted are
    those the embezzler works for after quitting and joining."""
    t = table([[ALPHA, BETA], [BETA], [GAMMA], [GAMMA], [ALPHA]])
    t.play(arthur="quit beta enter empty delta embezzle stephen")
    assert t.jobs("arthur") == [ALPHA, DELTA]
    assert t.paid("embezzle") == [(STEPHEN, ARTHUR, 20_000)]


def test_embezzle_while_unemployed_takes_nothing(table):
    """"Embezzle 10k*(number of companies you are a part of)": with no company that is 10k*0.
    Ruling: the order is allowed and takes $0."""
    t = table([[], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen")
    assert t.paid("embezzle") == []
    assert t.change("stephen") == 0
    assert t.notice("arthur", "embezzle_done")["amount"] == 0


def test_embezzle_only_once_per_target_per_round(table):
    """"You cannot embezzle from the same player more than once per round." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    reason = t.rejected("arthur", "embezzle stephen embezzle stephen")
    assert "more than once" in reason


def test_embezzle_the_victim_is_not_told_who(table):
    """The seed names the embezzler only to a protector ("the name of the player who attempted
    it will be sent to you"); an unprotected victim only sees the money go."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen")
    notice = t.notice("stephen", "embezzled")
    assert notice["amount"] == 10_000
    assert set(notice) == {"kind", "round", "amount"}
    assert "Arthur" not in t.text("stephen").split("Standings")[0]
    assert t.audience("embezzled") == {STEPHEN}
    assert t.audience("embezzle_done") == {ARTHUR}


def test_embezzle_money_may_go_negative(table):
    """Playtest 5: "it seems broken that you can steal into the negative". Ruling
    (negative_money): money taken from a player may take them below zero."""
    t = table([[ALPHA, BETA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[0, 5_000, 0, 0, 0])
    t.play(arthur="embezzle stephen")
    assert t.money("stephen") == 5_000 - 20_000 + 10_000  # then next round's salary


def test_embezzle_never_below_zero_when_negative_money_is_off(table):
    """Playtest 5: "If you can't spend into the negative it seems broken that you can steal into
    the negative". Ruling (negative_money=false): a payer pays at most what they have."""
    t = table([[ALPHA, BETA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[0, 5_000, 0, 0, 0],
              negative_money=False)
    t.play(arthur="embezzle stephen")
    assert t.paid("embezzle") == [(STEPHEN, ARTHUR, 5_000)]


# -- Protection ---------------------------------------------------------------------------


def test_protect_blocks_embezzlement_fully(table):
    """"Grants protection from embezzlement to a targetplayer." """
    t = table([[ALPHA, BETA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", amy="protect stephen")
    assert t.paid("embezzle") == []
    assert t.change("stephen") == 0 and t.change("arthur") == 0


def test_protect_names_the_embezzler_to_the_protector(table):
    """"If targetplayer is the target of embezzlement, the name of the player who attempted it
    will be sent to you during the turn." Each protector is told."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", amy="protect stephen", tyler="protect stephen")
    for protector in ("amy", "tyler"):
        notice = t.notice(protector, "embezzler_named")
        assert notice["embezzler"] == ARTHUR and notice["target"] == STEPHEN
    assert t.audience("embezzler_named") == {AMY, TYLER}


def test_protected_embezzlement_is_announced_to_all_players(table):
    """"If target is protected, your embezzlement will be announced to all players." and
    (v5→v6) "Embezzlement is further penalized by having an embezzlement failure announced
    everywhere." The announcement names the embezzler and the target."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", felix="embezzle stephen", amy="protect stephen")
    assert t.is_public("embezzle_exposed")
    exposed = sorted((e.data["embezzler"], e.data["target"]) for e in t.events("embezzle_exposed"))
    assert exposed == [(ARTHUR, STEPHEN), (FELIX, STEPHEN)]
    for seat in range(5):
        assert t.kinds(seat).count("embezzle_exposed") == 2


def test_protect_self_caps_embezzlement_at_20k_split_among_embezzlers(table):
    """"If protecting yourself, this will not fully protect from embezzlement – instead the
    entire amount you can be embezzled that round will be 20k, to be split among your
    embezzlers." """
    t = table([[ALPHA, BETA], [BETA], [GAMMA, DELTA, ALPHA], [DELTA], [ALPHA, GAMMA]])
    t.play(arthur="embezzle stephen", amy="embezzle stephen", felix="embezzle stephen",
           stephen="protect self")
    assert t.change("stephen") == -20_000
    taken = {payee: amount for _, payee, amount in t.paid("embezzle")}
    # 20k split evenly among three; odd dollars to the lowest seats.
    assert taken == {ARTHUR: 6_667, AMY: 6_667, FELIX: 6_666}


def test_protect_self_nobody_takes_more_than_alone(table):
    """"the entire amount you can be embezzled that round will be 20k, to be split among your
    embezzlers." Ruling: split evenly, but nobody takes more than they would alone; what a
    small embezzler leaves goes to the others."""
    t = table([[ALPHA, BETA, GAMMA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", tyler="embezzle stephen", stephen="protect self")
    taken = {payee: amount for _, payee, amount in t.paid("embezzle")}
    assert taken == {ARTHUR: 10_000, TYLER: 10_000}
    t3 = table([[ALPHA], [BETA], [GAMMA], [], [ALPHA]])
    t3.play(arthur="embezzle stephen", tyler="embezzle stephen", stephen="protect self")
    assert {payee: amount for _, payee, amount in t3.paid("embezzle")} == {ARTHUR: 10_000}


def test_protect_self_single_small_embezzler_takes_full_amount(table):
    """"the entire amount you can be embezzled that round will be 20k": one embezzler who
    would take 10k takes 10k."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", stephen="protect self")
    assert t.paid("embezzle") == [(STEPHEN, ARTHUR, 10_000)]


def test_protect_self_is_not_announced_but_names_the_embezzlers(table):
    """v5→v6: the public announcement of a failed embezzlement "Doesn't apply to when a person
    is protecting themselves." Ruling: the self-protector, as their own protector, learns the
    embezzlers' names ("the name of the player who attempted it will be sent to you")."""
    t = table([[ALPHA, BETA, GAMMA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", amy="embezzle stephen", stephen="protect self")
    assert t.events("embezzle_exposed") == []
    named = sorted(n["embezzler"] for n in t.notices("stephen") if n["kind"] == "embezzler_named")
    assert named == [ARTHUR, AMY]
    assert t.audience("embezzler_named") == {STEPHEN}


def test_protect_by_another_overrides_self_protection(table):
    """"Grants protection from embezzlement to a targetplayer": protection by another player
    blocks fully even when the target also protects themselves."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", stephen="protect self", amy="protect stephen")
    assert t.paid("embezzle") == []
    assert t.is_public("embezzle_exposed")


def test_protect_does_not_stop_outing(table):
    """v5→v6: "Protect now only protects against embezzlement"."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="out stephen", amy="protect stephen")
    assert t.is_public("outed")


def test_protect_several_players_in_one_round(table):
    """"protect targetplayer (ex. Protect amy) (ex. Protect self)": each protect order costs an
    action and shields one player."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(amy="protect stephen protect arthur protect self",
           tyler="embezzle stephen embezzle arthur embezzle amy")
    assert t.paid("embezzle") == [(AMY, TYLER, 10_000)]


# -- Cover up -----------------------------------------------------------------------------


def test_coverup_makes_the_outing_fail(table):
    """"Grants cover to a targetplayer. If targetplayer is outed, the outing will fail." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="out stephen", amy="coverup for stephen")
    assert t.events("outed") == []
    assert t.notice("arthur", "outing_failed")["target"] == STEPHEN


def test_coverup_tells_the_coverer_the_outers_name(table):
    """"If targetplayer is being covered up for, your name will be given to whoever granted
    them cover up." and (v5→v6) "Outing done the same way if targetplayer is covered up." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="out stephen", felix="out stephen", amy="coverup for stephen",
           tyler="coverup for stephen")
    for coverer in ("amy", "tyler"):
        named = sorted(n["outer"] for n in t.notices(coverer) if n["kind"] == "outer_named")
        assert named == [ARTHUR, FELIX]
    assert t.audience("outer_named") == {AMY, TYLER}
    # The covered player is not told who tried to out them.
    assert "outer_named" not in t.kinds("stephen")


def test_coverup_cannot_target_oneself(table):
    """"Cannot target oneself." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    assert "yourself" in t.rejected("stephen", "coverup for self")
    assert "yourself" in t.rejected("stephen", "coverup for stephen")


def test_coverup_fails_on_a_protected_player(table):
    """"You can't be protected and covered up for at the same time." Ruling: protection
    resolves first ("in order: protect, cover up"), so the cover up fails and the outing
    succeeds; the failure is silent."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="out stephen", amy="coverup for stephen", tyler="protect stephen")
    assert t.is_public("outed")
    assert "outer_named" not in t.kinds("amy")
    assert t.gm_only("coverup_failed")


def test_coverup_fails_on_a_self_protected_player(table):
    """"You can't be protected and covered up for at the same time." Protecting yourself is
    protection too."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="out stephen", amy="coverup for stephen", stephen="protect self")
    assert t.is_public("outed")


# -- Outing -------------------------------------------------------------------------------


def test_out_broadcasts_companies_and_moves_to_all(table):
    """"Broadcasts to all players a person's company affiliations, as well as last round's
    moves." Ruling (outing_reveals): the companies after the round's resolution and the
    orders the target gave in the round in which the outing is made."""
    t2 = table([[ALPHA], [BETA, GAMMA], [GAMMA], [], [ALPHA]])
    t2.play(arthur="out stephen", stephen="quit gamma enter empty delta protect amy")
    outed = t2.event("outed")
    assert t2.is_public("outed")
    assert outed.data["target"] == STEPHEN
    assert outed.data["companies"] == [BETA, DELTA]
    assert [o["do"] for o in outed.data["moves"]] == ["quit", "enter", "protect"]
    assert outed.data["moves_round"] == 1
    for seat in range(5):
        assert "outed" in t2.kinds(seat)


def test_out_previous_round_option(table):
    """"as well as last round's moves": with outing_reveals=previous_round the broadcast shows
    the orders of the round before the outing."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], outing_reveals="previous_round")
    t.play(stephen="protect amy")
    t.play(arthur="out stephen", stephen="protect tyler")
    outed = t.event("outed")
    assert outed.data["moves_round"] == 1
    assert outed.data["moves"] == [{"do": "protect", "target": AMY}]


def test_out_never_names_the_outer(table):
    """"You won't be revealed as the investigator." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="out stephen", stephen="protect amy")
    outed = t.event("outed")
    assert set(outed.data) == {"round", "target", "companies", "moves_round", "moves"}
    for seat in range(5):
        if seat != ARTHUR:
            assert "Arthur" not in t.text(seat).split("Standings")[0]


def test_out_several_outers_one_broadcast(table):
    """"Broadcasts to all players": two players outing the same target make one broadcast."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="out stephen", amy="out stephen")
    assert len(t.events("outed")) == 1


# -- Pink slip ----------------------------------------------------------------------------


def test_pinkslip_by_two_players_fires_the_target(table):
    """"Attempts to fire targetplayer from targetcompany. Pink slip requires at least two
    players to do it in the same round in order to be effective" """
    t = table([[ALPHA], [BETA, GAMMA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="pinkslip stephen at beta", amy="pink slip stephen at beta")
    assert t.jobs("stephen") == [GAMMA]
    assert t.notice("stephen", "pinkslipped")["company"] == BETA


def test_pinkslip_success_does_not_name_the_pinkslippers(table):
    """"otherwise your attempt will be revealed to the targetplayer": only a failed pink slip
    is revealed; a successful one fires the target without naming anyone."""
    t = table([[ALPHA], [BETA, GAMMA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="pinkslip stephen at beta", amy="pinkslip stephen at beta")
    notice = t.notice("stephen", "pinkslipped")
    assert set(notice) == {"kind", "round", "company"}
    assert "pinkslip_attempt" not in t.kinds("stephen")
    assert t.audience("pinkslipped") == {STEPHEN}


def test_pinkslip_alone_fails_and_is_revealed_to_the_target(table):
    """"otherwise your attempt will be revealed to the targetplayer." Ruling: the target
    learns the pinkslipper's name; nobody else learns anything."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="pinkslip stephen at beta")
    assert t.jobs("stephen") == [BETA]
    notice = t.notice("stephen", "pinkslip_attempt")
    assert notice["by"] == ARTHUR and notice["company"] == BETA
    assert t.audience("pinkslip_attempt") == {STEPHEN}


def test_pinkslip_needs_the_same_company(table):
    """"Pink slip requires at least two players to do it in the same round": two lone
    attempts at different companies are two failures, each revealed to the target."""
    t = table([[ALPHA], [BETA, GAMMA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="pinkslip stephen at beta", amy="pinkslip stephen at gamma")
    assert t.jobs("stephen") == [BETA, GAMMA]
    by = sorted(n["by"] for n in t.notices("stephen") if n["kind"] == "pinkslip_attempt")
    assert by == [ARTHUR, AMY]


def test_pinkslip_one_player_twice_is_not_two_players(table):
    """"requires at least two players": one player cannot write the same pink slip twice."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.rejected("arthur", "pinkslip stephen at beta pinkslip stephen at beta")


def test_pinkslip_quorum_option(table):
    """"Pink slip requires at least two players to do it in the same round". Ruling
    (pinkslip_quorum): the number of distinct players needed is an option."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], pinkslip_quorum=1)
    t.play(arthur="pinkslip stephen at beta")
    assert t.jobs("stephen") == []


def test_pinkslip_cannot_target_oneself(table):
    """"Attempts to fire targetplayer from targetcompany." Ruling: a player may not pink-slip
    themselves (quitting does that)."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    assert "yourself" in t.rejected("stephen", "pinkslip stephen at beta")


# -- CEO extortion ------------------------------------------------------------------------


def test_extort_sole_employee_steals_60k(table):
    """"Only affects targetplayer if they are the sole employee at targetcompany – if this is
    the case, you steal 60k from targetplayer." (v5→v6: "CEO extortion has been increased to
    60k for a success")"""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="extort tyler at delta")
    assert t.paid("extort") == [(TYLER, ARTHUR, 60_000)]
    assert t.notice("tyler", "extorted")["amount"] == 60_000
    assert set(t.notice("tyler", "extorted")) == {"kind", "round", "company", "amount"}


def test_extort_divided_among_extorters(table):
    """"If more than one player is extorting, this is divided among those extorting."
    Ruling: odd dollars go to the lowest seats."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], extort_reward=60_001)
    t.play(arthur="extort tyler at delta", amy="extort tyler at delta",
           felix="extort tyler at delta", stephen="extort tyler at delta")
    assert sorted(t.paid("extort")) == [(TYLER, ARTHUR, 15_001), (TYLER, STEPHEN, 15_000),
                                        (TYLER, AMY, 15_000), (TYLER, FELIX, 15_000)]
    assert t.change("tyler") == -60_001


def test_extort_not_sole_employee_pays_30k_slander_fee(table):
    """"If the targetplayer is not the sole employee at targetcompany, you pay 30k in slander
    fees along with every other player who attempted extortion." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(stephen="extort arthur at alpha", amy="extort arthur at alpha")
    assert sorted(t.paid("slander fee")) == [(STEPHEN, ARTHUR, 30_000), (AMY, ARTHUR, 30_000)]
    assert t.change("arthur") == 60_000
    assert t.audience("slander_received") == {ARTHUR}


def test_extort_target_not_working_there_pays_slander(table):
    """"If the targetplayer is not the sole employee at targetcompany, you pay 30k in slander
    fees" – also when the target does not work there at all (playtest 4: KP "quit the company
    before he could be CEO extorted, and collected the slander fees")."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="extort tyler at delta", tyler="quit delta")
    assert t.paid("slander fee") == [(ARTHUR, TYLER, 30_000)]


def test_extort_void_when_another_employee_joins(table):
    """"If another employee joins the company that round, nothing happens and no money is
    exchanged." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[0, 100_000, 0, 0, 0])
    t.submit(stephen="bribe 5000 delta")
    t.close()
    t.play(arthur="extort tyler at delta", tyler="accept bribe 5000 from stephen to delta")
    assert t.jobs("stephen") == [BETA, DELTA]
    assert t.paid("extort") == [] and t.paid("slander fee") == []
    assert t.notice("arthur", "extort_void")["target"] == TYLER
    assert t.audience("extort_void") == {ARTHUR}


def test_extort_cannot_target_oneself(table):
    """"you steal 60k from targetplayer" – ruling: a player may not extort themselves."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    assert "yourself" in t.rejected("tyler", "extort tyler at delta")


# -- Crash --------------------------------------------------------------------------------


def test_crash_needs_two_consecutive_rounds(table):
    """"Must be done for two consecutive rounds by the same player." """
    t = table([[ALPHA], [BETA], [BETA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta")
    assert t.jobs("stephen") == [BETA] and t.events("crash") == []
    t.play(arthur="crash beta")
    assert t.jobs("stephen") == [] and t.jobs("amy") == []
    assert t.is_public("crash")


def test_crash_interrupted_starts_over(table):
    """"Must be done for two consecutive rounds": a round without the crash order resets it."""
    t = table([[ALPHA], [BETA], [BETA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta")
    t.play(arthur="protect self")
    t.play(arthur="crash beta")
    assert t.jobs("stephen") == [BETA]
    t.play(arthur="crash beta")
    assert t.jobs("stephen") == []


def test_crash_by_two_different_players_is_not_consecutive(table):
    """"by the same player": one player's first round and another's second do not crash."""
    t = table([[ALPHA], [BETA], [BETA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta")
    t.play(felix="crash beta")
    assert t.jobs("stephen") == [BETA]


def test_crash_fires_everyone_and_takes_30k_from_each(table):
    """""Crashes" targetcompany, which fires all players from it and gives 30k from each player
    to the crasher." (v5→v6: "Crash also made highly charged, now 30k per head.")"""
    t = table([[ALPHA], [BETA, GAMMA], [BETA], [BETA], [ALPHA]])
    t.play(arthur="crash beta")
    t.play(arthur="crash beta")
    assert t.jobs("stephen") == [GAMMA] and t.jobs("amy") == [] and t.jobs("tyler") == []
    assert sorted(t.paid("crash")) == [(STEPHEN, ARTHUR, 30_000), (AMY, ARTHUR, 30_000),
                                       (TYLER, ARTHUR, 30_000)]
    assert t.notice("arthur", "crash_done")["amount"] == 90_000
    assert t.notice("amy", "crashed_out")["amount"] == 30_000
    assert t.event("crash").data["fired"] == 3


def test_crash_need_not_work_there_and_the_crasher_is_fired_too(table):
    """"You do not need work for targetcompany to crash it." Ruling: a crasher who works there
    is fired like everyone else and pays nothing to themselves."""
    t = table([[ALPHA, BETA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta")
    t.play(arthur="crash beta")
    assert t.jobs("arthur") == [ALPHA] and t.jobs("stephen") == []
    assert t.paid("crash") == [(STEPHEN, ARTHUR, 30_000)]


def test_crash_fee_split_among_several_crashers(table):
    """"gives 30k from each player to the crasher": ruling, with several crashers each
    employee's 30k is split among them; a crasher employed there keeps their own share and
    pays the others theirs, as a lone crasher employed there pays nothing."""
    t = table([[ALPHA], [BETA], [BETA], [DELTA], [BETA]])
    t.play(arthur="crash beta", felix="crash beta")
    t.play(arthur="crash beta", felix="crash beta")
    assert sorted(t.paid("crash")) == sorted([
        (STEPHEN, ARTHUR, 15_000), (STEPHEN, FELIX, 15_000),
        (AMY, ARTHUR, 15_000), (AMY, FELIX, 15_000),
        (FELIX, ARTHUR, 15_000)])


def test_crash_quitting_beforehand_makes_it_useless(table):
    """"There is always the risk that players may quit a company beforehand, making the crash
    useless" – quitting resolves before crashing."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta")
    t.play(arthur="crash beta", stephen="quit beta")
    assert t.paid("crash") == []
    assert t.event("crash").data["fired"] == 0


def test_crash_costs_two_action_points(table):
    """"Crash - 2 action" """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.match.submit_text(ARTHUR, "crash beta protect self")
    reason = t.rejected("arthur", "crash beta protect self out stephen")
    assert "4 action points" in reason


def test_crasher_cannot_be_protected(table):
    """"Cannot be protected while crashing, and any protection attempts will fail." Ruling:
    also in the first round of the crash, also self-protection, and silently."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta", stephen="protect arthur", tyler="embezzle arthur")
    assert t.paid("embezzle") == [(ARTHUR, TYLER, 10_000)]
    assert t.events("embezzle_exposed") == []
    assert t.gm_only("protect_failed")
    t.state["jobs"][TYLER] = [GAMMA, DELTA]  # 20k + 10k wanted: above the 20k self-cap
    t.play(arthur="crash beta protect self", tyler="embezzle arthur", amy="embezzle arthur")
    assert sorted(t.paid("embezzle")) == [(ARTHUR, AMY, 10_000), (ARTHUR, TYLER, 20_000)]


def test_crasher_can_be_covered_up_for(table):
    """"Cover up is a nice way of hiding the action of crashing": cover up still works on a
    crasher, whose protection fails."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta", stephen="protect arthur", amy="coverup for arthur",
           tyler="out arthur")
    assert t.events("outed") == []
    assert t.notice("amy", "outer_named")["outer"] == TYLER


def test_crash_crasher_joins_option(table):
    """"The resulting empty company will also allow you to join it automatically afterwards."
    Ruling (crasher_joins, off by default): with the option on, the crasher is hired."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], crasher_joins=True)
    t.play(arthur="crash beta")
    t.play(arthur="crash beta")
    assert t.jobs("arthur") == [ALPHA, BETA] and t.jobs("stephen") == []
    t2 = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t2.play(arthur="crash beta")
    t2.play(arthur="crash beta")
    assert t2.jobs("arthur") == [ALPHA]


# -- Backstab -----------------------------------------------------------------------------


def test_backstab_protector_steals_20k_times_both_players_companies(table):
    """"If targetplayer gives you protection this round, you steal 20k*(your combined number of
    companies)." (v5→v6: "now 20k*(number of companies both involved parties are working
    for)") Ruling (backstab_count): the sum of both players' company counts."""
    t = table([[ALPHA, BETA], [BETA, GAMMA, DELTA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="backstab stephen", stephen="protect arthur")
    assert t.paid("backstab") == [(STEPHEN, ARTHUR, 100_000)]
    assert t.notice("stephen", "backstabbed")["by"] == ARTHUR


def test_backstab_shared_count_option(table):
    """v5→v6: "20k*(number of companies both involved parties are working for)". Ruling
    (backstab_count=shared): only the companies both players work for count."""
    t = table([[ALPHA, BETA], [BETA, GAMMA, DELTA], [GAMMA], [DELTA], [ALPHA]],
              backstab_count="shared")
    t.play(arthur="backstab stephen", stephen="protect arthur")
    assert t.paid("backstab") == [(STEPHEN, ARTHUR, 20_000)]


def test_backstab_without_protection_pays_30k_and_notifies_target(table):
    """"If they haven't given you protection, then the player will be notified of your attempt
    you will pay 30k to them." (v5→v6: "the penalty for failure is 30k paid to the
    targetplayer.")"""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="backstab stephen", stephen="protect amy")
    assert t.paid("failed backstab") == [(ARTHUR, STEPHEN, 30_000)]
    assert t.notice("stephen", "backstab_attempt")["by"] == ARTHUR
    assert t.audience("backstab_attempt") == {STEPHEN}
    assert t.events("mutual_backstab") == []


def test_backstab_mutual_both_lose_30k_which_vanishes(table):
    """"If two players backstab each other, the scandal will be so vicious that everyone will
    be notified, both attempts will fail, and each will simply lose 30k." (v5→v6: "If both
    targetplayers fail they are fined 30k, which simply vanishes.")"""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="backstab stephen protect stephen", stephen="backstab arthur protect arthur")
    assert sorted(t.paid("mutual backstab")) == [(ARTHUR, None, 30_000),
                                                 (STEPHEN, None, 30_000)]
    assert t.change("arthur") == -30_000 and t.change("stephen") == -30_000
    assert t.is_public("mutual_backstab")
    assert sorted(t.event("mutual_backstab").data["players"]) == [ARTHUR, STEPHEN]
    for seat in range(5):
        assert "mutual_backstab" in t.kinds(seat)


def test_backstab_cannot_target_oneself(table):
    """"If targetplayer gives you protection this round" – ruling: a player may not backstab
    themselves."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    assert "yourself" in t.rejected("arthur", "backstab arthur")


# -- Bribe and accept bribe ---------------------------------------------------------------


def test_bribe_is_announced_anonymously_inside_the_company_only(table):
    """"Will be announced anonymously to all players in target company." (v5→v6: "Bribes have
    been changed to be anonymous, and is only announced internally throughout applied
    company.")"""
    t = table([[ALPHA], [BETA], [BETA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 4000 beta")
    assert t.audience("bribe_offered") == {STEPHEN, AMY}
    notice = t.notice("stephen", "bribe_offered")
    assert notice["amount"] == 4000 and notice["company"] == BETA
    assert set(notice) == {"kind", "round", "amount", "company"}
    for seat in (ARTHUR, TYLER, FELIX):
        assert "bribe_offered" not in t.kinds(seat)


def test_bribe_cannot_exceed_net_worth(table):
    """"Your bribe cannot exceed your net worth." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[4_000, 0, 0, 0, 0])
    assert "net worth" in t.rejected("arthur", "bribe 4001 beta")
    t.match.submit_text(ARTHUR, "bribe 4000 beta")


def test_bribe_money_is_taken_only_when_accepted(table):
    """v2→v3: "bribe money is not subtracted from an offer and is only taken away once the
    bribe is accepted." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 4000 beta")
    assert t.change("arthur") == 0
    t.play(stephen="accept bribe 4000 from arthur to beta")
    assert t.paid("bribe") == [(ARTHUR, STEPHEN, 4000)]
    assert t.jobs("arthur") == [ALPHA, BETA]


def test_bribe_accepted_only_the_next_round(table):
    """"The bribe will only be around for one round, after which it will be invalid." Ruling:
    offered in round N, announced at the end of round N, acceptable only in round N+1."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 4000 beta", stephen="accept bribe 4000 from arthur to beta")
    assert t.jobs("arthur") == [ALPHA]
    assert t.notice("stephen", "accept_failed")["reason"] == "no_such_bribe"
    t.play()
    t.play(stephen="accept bribe 4000 from arthur to beta")
    assert t.jobs("arthur") == [ALPHA] and t.paid("bribe") == []


def test_bribe_briber_learns_of_the_hiring_not_the_acceptor(table):
    """"Only a player who is employed at the targetcompany can accept it, and thus get you
    hired." The briber is told they were hired, not by whom."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 4000 beta")
    t.play(stephen="accept bribe 4000 from arthur to beta")
    notice = t.notice("arthur", "bribe_accepted")
    assert set(notice) == {"kind", "round", "amount", "company"}
    assert t.audience("bribe_accepted") == {ARTHUR}
    assert t.audience("bribe_paid") == {STEPHEN}


def test_bribe_cannot_bribe_into_your_own_company(table):
    """"Send a bribe offer of X amount of money to join a targetcompany": you cannot join a
    company you already work for (unless you quit it the same round)."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    assert "already work" in t.rejected("arthur", "bribe 4000 alpha")
    t.match.submit_text(ARTHUR, "quit alpha bribe 4000 alpha")


def test_bribe_only_one_per_company_per_round(table):
    """"Send a bribe offer of X amount of money to join a targetcompany." Ruling: one bribe offer
    per company per round, so an acceptance names it exactly."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.rejected("arthur", "bribe 4000 beta bribe 5000 beta")


def test_accept_bribe_split_among_acceptors(table):
    """"If more than one player working for targetcompany accepts the bribe, it will be evenly
    split among them." """
    t = table([[ALPHA], [BETA], [BETA], [BETA], [ALPHA]])
    t.play(arthur="bribe 10001 beta")
    t.play(stephen="accept bribe 10001 from arthur to beta",
           amy="accept bribe 10001 from arthur to beta",
           tyler="accept bribe 10001 from arthur to beta")
    assert sorted(t.paid("bribe")) == [(ARTHUR, STEPHEN, 3_334), (ARTHUR, AMY, 3_334),
                                       (ARTHUR, TYLER, 3_333)]
    assert t.jobs("arthur") == [ALPHA, BETA]


def test_accept_bribe_must_work_for_the_company(table):
    """"You must be working for targetcompany at time of accepting in order to accept the
    bribe." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 4000 beta")
    reason = t.rejected("amy", "accept bribe 4000 from arthur to beta")
    assert "work for Beta" in reason
    reason = t.rejected("stephen", "quit beta accept bribe 4000 from arthur to beta")
    assert "quitting" in reason


def test_accept_bribe_wrong_briber_fails_at_resolution(table):
    """"Accept a bribe offer of X amount of money from targetplayer". Ruling: the bribe is
    anonymous, so a wrong name (or amount) is never refused at submission – a player cannot
    probe names – and simply fails when the round resolves."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 4000 beta")
    t.play(stephen="accept bribe 4000 from felix to beta accept bribe 3000 from arthur to beta")
    assert t.jobs("arthur") == [ALPHA] and t.jobs("felix") == [ALPHA]
    assert t.paid("bribe") == []
    assert [n["reason"] for n in t.notices("stephen") if n["kind"] == "accept_failed"] == [
        "no_such_bribe", "no_such_bribe"]
    assert t.audience("accept_failed") == {STEPHEN}


def test_accept_bribe_bounces_when_briber_cannot_pay(table):
    """"Your bribe cannot exceed your net worth." Ruling: a bribe bounces if, when it is
    accepted, the briber has less money than the bribe; nobody is hired or paid."""
    t = table([[ALPHA, BETA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[30_000, 0, 0, 0, 0])
    t.play(arthur="bribe 30000 gamma", stephen="embezzle arthur", tyler="embezzle arthur")
    assert t.money("arthur") == 30_000 - 20_000 + 10_000
    t.play(amy="accept bribe 30000 from arthur to gamma")
    assert t.jobs("arthur") == [ALPHA, BETA] and t.paid("bribe") == []
    assert t.audience("bribe_bounced") == {ARTHUR, AMY}


def test_accept_bribe_two_bribes_cannot_spend_the_same_money(table):
    """"Your bribe cannot exceed your net worth." Two of one briber's bribes accepted in the
    same round are paid from one purse: the second bounces if the first used the money."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[50_000, 0, 0, 0, 0])
    t.play(arthur="bribe 40000 beta bribe 40000 gamma")
    assert t.money("arthur") == 60_000
    t.play(stephen="accept bribe 40000 from arthur to beta",
           amy="accept bribe 40000 from arthur to gamma")
    assert t.paid("bribe") == [(ARTHUR, STEPHEN, 40_000)]
    assert t.jobs("arthur") == [ALPHA, BETA]
    assert t.audience("bribe_bounced") == {ARTHUR, AMY}
    assert t.money("arthur") >= 0


def test_accept_own_bribe_is_refused(table):
    """"Only a player who is employed at the targetcompany can accept it, and thus get you
    hired": you cannot accept your own bribe."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    assert "own bribe" in t.rejected("arthur", "accept bribe 4000 from arthur to alpha")


# -- Enter empty and quit -----------------------------------------------------------------


def test_enter_empty_joins_the_company(table):
    """"Targetcompany must have zero employees. You automatically start working for
    targetcompany. Multiple people can do this action during the round and they will all
    join the company." """
    t = table([[ALPHA], [BETA], [GAMMA], [], [ALPHA]])
    t.play(arthur="enter empty delta", tyler="enter empty delta", amy="enter delta")
    assert t.jobs("arthur") == [ALPHA, DELTA]
    assert t.jobs("tyler") == [DELTA] and t.jobs("amy") == [GAMMA, DELTA]
    assert t.match.view(ARTHUR)["totals"] == [2, 1, 1, 3]


def test_enter_empty_refused_when_the_company_has_employees(table):
    """"This can't be done in "advance" - the company must be empty when sending the action."
    Ruling: refused at submission if the company has employees at the round's start, even if
    they are quitting this round."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.match.submit_text(TYLER, "quit delta")
    reason = t.rejected("arthur", "enter empty delta")
    assert "employee" in reason and "bribe" in reason


def test_enter_empty_then_salary(table):
    """"You automatically start working for targetcompany", and "Employed players ... will
    always receive the set amount of $10k at the beginning of a round"."""
    t = table([[], [BETA], [GAMMA], [], [ALPHA]], money=[0, 0, 0, 0, 0])
    t.play(arthur="enter empty delta")
    assert t.money("arthur") == 10_000
    assert t.money("tyler") == 0


def test_quit_leaves_the_company(table):
    """"quit targetcompany (ex. Quit gamma) Description: Quit from targetcompany." """
    t = table([[ALPHA, GAMMA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="quit gamma")
    assert t.jobs("arthur") == [ALPHA]
    assert t.notice("arthur", "quit")["company"] == GAMMA


def test_quit_refused_where_you_do_not_work(table):
    """"Quit from targetcompany." Ruling: refused if you do not work there."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    assert "do not work for Beta" in t.rejected("arthur", "quit beta")


def test_quit_every_company_loses_the_salary(table):
    """"Unemployed players receive no salary at the beginning of a round." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[0, 0, 0, 0, 0])
    t.play(arthur="quit alpha")
    assert t.jobs("arthur") == [] and t.money("arthur") == 0


# -- Investment ---------------------------------------------------------------------------


def test_invest_gives_money_to_the_target(table):
    """"Target player receives X amount of money from you." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="invest 20000 tyler")
    assert t.paid("invest") == [(ARTHUR, TYLER, 20_000)]
    assert t.audience("invested") == {ARTHUR, TYLER}


def test_invest_costs_no_action_point(table):
    """"Investment - 0 action" ... "Does not count towards actions done this round." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen out amy protect self invest 1000 tyler invest 1000 felix")
    assert len(t.paid("invest")) == 2


def test_invest_one_per_target_per_round(table):
    """"Can only send one investment to each player per round" """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    assert "one investment" in t.rejected("arthur", "invest 1000 tyler invest 2000 tyler")


def test_invest_under_100k(table):
    """"amount is limited to under 100k." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[500_000] * 5)
    assert "under $100,000" in t.rejected("arthur", "invest 100000 tyler")
    t.match.submit_text(ARTHUR, "invest 99999 tyler")


def test_invest_not_more_than_net_worth(table):
    """"You can't invest more than your net worth." Ruling: all investments of a round
    together."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[30_000, 0, 0, -5_000, 0])
    assert "net worth" in t.rejected("arthur", "invest 20000 tyler invest 10001 felix")
    assert "net worth" in t.rejected("tyler", "invest 1 felix")
    t.match.submit_text(ARTHUR, "invest 20000 tyler invest 10000 felix")


def test_invest_bounces_if_money_is_gone_at_resolution(table):
    """"You can't invest more than your net worth." Ruling: embezzlement resolves before
    investment ("in order: embezzlement, bribing, investment"); an investment the investor
    can no longer cover is not paid."""
    t = table([[ALPHA], [BETA, GAMMA], [GAMMA], [DELTA], [ALPHA]], money=[20_000, 0, 0, 0, 0])
    t.play(arthur="invest 15000 tyler", stephen="embezzle arthur")
    assert t.paid("invest") == []
    assert t.audience("invest_bounced") == {ARTHUR, TYLER}


def test_invest_cannot_target_oneself(table):
    """"Target player receives X amount of money from you." Ruling: a player may not invest in
    themselves."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    assert "yourself" in t.rejected("arthur", "invest 1000 arthur")


def test_six_player_table_uses_zeina(table):
    """"Four companies vie to be the leader of the industry": a sixth player shares them."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA], [BETA]])
    t.play(zeina="embezzle arthur")
    assert t.paid("embezzle") == [(ARTHUR, ZEINA, 10_000)]


def test_crash_executed_is_used_up(table):
    """"Must be done for two consecutive rounds by the same player." Ruling: a crash that
    executes is used up; a third consecutive crash order starts a new pair."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta")
    t.play(arthur="crash beta")
    assert t.paid("crash") == [(STEPHEN, ARTHUR, 30_000)]
    t.play(arthur="crash alpha", stephen="enter empty beta")
    t.play(arthur="crash beta")
    assert t.events("crash") == [] and t.jobs("stephen") == [BETA]


def test_crash_announcement_never_names_the_crasher(table):
    """The seed does not name the crasher to anyone ("There is no stopping a player from
    crashing, but if they are not being covered up for..."): the fired learn what they paid,
    everyone learns the company crashed, nobody learns who crashed it."""
    t = table([[ALPHA], [BETA], [BETA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta")
    t.play(arthur="crash beta")
    assert set(t.event("crash").data) == {"round", "company", "fired"}
    assert set(t.notice("amy", "crashed_out")) == {"kind", "round", "company", "amount"}
    assert t.audience("crashed_out") == {STEPHEN, AMY}
    assert t.audience("crash_done") == {ARTHUR}


def test_backstab_counts_protection_ordered_for_a_crasher(table):
    """"If targetplayer gives you protection this round" – ruling: giving protection means
    ordering it, even if it fails because you are crashing ("any protection attempts will
    fail")."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="crash gamma backstab stephen", stephen="protect arthur")
    assert t.paid("backstab") == [(STEPHEN, ARTHUR, 40_000)]
    assert t.gm_only("protect_failed")


def test_backstab_protecting_someone_else_is_no_protection_for_you(table):
    """"If targetplayer gives you protection this round": protection given to another player
    does not count."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="backstab stephen", stephen="protect amy protect self")
    assert t.paid("failed backstab") == [(ARTHUR, STEPHEN, 30_000)]
    assert t.notice("arthur", "backstab_failed")["target"] == STEPHEN



def test_a_self_protector_reads_one_consistent_story(table):
    """"If protecting yourself, this will not fully protect from embezzlement – instead the
    entire amount you can be embezzled that round will be 20k". The self-protector is told
    who embezzled (as their own protector), so their letter names the embezzler in the loss
    too, and never says the attempt failed when it took money."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", stephen="protect self")
    text = t.text("stephen")
    assert "Arthur embezzled $10,000 from you." in text
    assert "tried to embezzle from you" not in text and "Someone embezzled" not in text
