"""The seed's "Action Precedence": "Though all actions are de jure given attention all at the
same time, actions do have an order to how play proceeds. The order is as follows, with the
top being actions "done first":

-Actions that result in a change of employment for a player (in order: quitting, joining an
empty company, accepting bribes, pink slip, crashing)
-Actions that result in a change of status for the round (in order: protect, cover up)
-Actions that result in a change in money (in order: embezzlement, bribing, investment,
extortion, backstabbing) -Outing" """

from __future__ import annotations

from .helpers import ALPHA, AMY, ARTHUR, BETA, DELTA, FELIX, GAMMA, STEPHEN, TYLER


def test_precedence_quitting_before_joining_an_empty_company(table):
    """"in order: quitting, joining an empty company": a company is empty for entering only
    if it was empty when the orders were sent, so a quit the same round does not open it."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.submit(tyler="quit delta")
    t.rejected("arthur", "enter empty delta")
    t.close()
    t.play(arthur="enter empty delta")
    assert t.jobs("arthur") == [ALPHA, DELTA] and t.jobs("tyler") == []


def test_precedence_joining_empty_before_accepting_bribes(table):
    """"joining an empty company, accepting bribes": a player who enters an empty company can
    accept a bribe to it in the same round."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 5000 delta", tyler="quit delta")
    t.play(felix="enter empty delta accept bribe 5000 from arthur to delta")
    assert t.jobs("arthur") == [ALPHA, DELTA]
    assert t.paid("bribe") == [(ARTHUR, FELIX, 5_000)]


def test_precedence_accepting_bribes_before_pink_slip(table):
    """"accepting bribes, pink slip": an acceptor pink-slipped in the same round still accepts,
    because the acceptance came first."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 5000 beta")
    t.play(stephen="accept bribe 5000 from arthur to beta",
           amy="pinkslip stephen at beta", tyler="pinkslip stephen at beta")
    assert t.jobs("arthur") == [ALPHA, BETA] and t.jobs("stephen") == []
    assert t.paid("bribe") == [(ARTHUR, STEPHEN, 5_000)]


def test_precedence_accepting_bribes_then_pink_slip_of_the_new_hire(table):
    """"accepting bribes, pink slip": a briber hired this round can be pink-slipped at once."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 5000 beta")
    t.play(stephen="accept bribe 5000 from arthur to beta pinkslip arthur at beta",
           amy="pinkslip arthur at beta")
    assert t.jobs("arthur") == [ALPHA]
    assert t.paid("bribe") == [(ARTHUR, STEPHEN, 5_000)]


def test_precedence_pink_slip_before_crashing(table):
    """"pink slip, crashing": a player pink-slipped out of a company is not there to pay when
    it crashes."""
    t = table([[ALPHA], [BETA], [BETA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta")
    t.play(arthur="crash beta", tyler="pinkslip stephen at beta",
           felix="pinkslip stephen at beta")
    assert t.paid("crash") == [(AMY, ARTHUR, 30_000)]


def test_precedence_joining_before_crashing(table):
    """"joining an empty company ... crashing": whoever joins the company that round is
    crashed with it."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="crash delta", tyler="quit delta")
    t.play(arthur="crash delta", amy="enter empty delta")
    assert t.paid("crash") == [(AMY, ARTHUR, 30_000)]
    assert t.jobs("amy") == [GAMMA]


def test_precedence_employment_before_protection_status(table):
    """Employment changes come before "a change of status for the round (in order: protect,
    cover up)", and protection before "a change in money": protect shields the embezzlement
    that round."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="embezzle stephen", amy="protect stephen")
    assert t.paid("embezzle") == []


def test_precedence_protect_before_cover_up(table):
    """"in order: protect, cover up" and "You can't be protected and covered up for at the
    same time": the protection stands and the cover up fails."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(amy="protect stephen", tyler="coverup for stephen", arthur="out stephen",
           felix="embezzle stephen")
    assert t.paid("embezzle") == []
    assert t.is_public("outed") and t.is_public("embezzle_exposed")


def test_precedence_embezzlement_before_investment(table):
    """"in order: embezzlement, bribing, investment": money embezzled from an investor is gone
    before the investment is paid."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[10_000, 0, 0, 0, 0])
    t.play(arthur="invest 5000 tyler", stephen="embezzle arthur")
    assert t.paid("invest") == []
    t2 = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[10_000, 0, 0, 0, 0])
    t2.play(arthur="invest 5000 tyler")
    assert t2.paid("invest") == [(ARTHUR, TYLER, 5_000)]


def test_precedence_embezzlement_before_bribing(table):
    """"in order: embezzlement, bribing": with negative money off, a briber embezzled first
    pays the bribe from what is left."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[10_000, 0, 0, 0, 0],
              negative_money=False)
    t.play(arthur="bribe 10000 beta")
    assert t.money("arthur") == 20_000
    t.play(stephen="accept bribe 10000 from arthur to beta", amy="embezzle arthur",
           tyler="embezzle arthur")
    assert t.paid("embezzle") == [(ARTHUR, AMY, 10_000), (ARTHUR, TYLER, 10_000)]
    assert t.paid("bribe") == []  # nothing left to pay with


def test_precedence_investment_before_extortion(table):
    """"in order: ... investment, extortion": with negative money off, money invested in a
    sole employee is there to be extorted."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[100_000, 0, 0, 0, 0],
              negative_money=False)
    t.play(arthur="invest 60000 tyler", stephen="extort tyler at delta")
    assert t.paid("extort") == [(TYLER, STEPHEN, 60_000)]


def test_precedence_extortion_before_backstabbing(table):
    """"in order: ... extortion, backstabbing": with negative money off, the extortion is paid
    first and the backstab takes what is left."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]], money=[0, 0, 0, 70_000, 0],
              negative_money=False)
    t.play(stephen="extort tyler at delta", arthur="backstab tyler", tyler="protect arthur")
    assert t.paid("extort") == [(TYLER, STEPHEN, 60_000)]
    assert t.paid("backstab") == [(TYLER, ARTHUR, 10_000)]


def test_precedence_pink_slip_before_extortion(table):
    """"pink slip" (employment) comes before "extortion" (money): the survivor of pink slips
    is the sole employee when the extortion resolves."""
    t = table([[ALPHA], [BETA], [BETA], [BETA], [ALPHA]])
    t.play(arthur="pinkslip amy at beta extort stephen at beta",
           felix="pinkslip amy at beta")
    t2 = table([[ALPHA], [BETA], [BETA], [DELTA], [ALPHA]])
    t2.play(arthur="pinkslip amy at beta extort stephen at beta", felix="pinkslip amy at beta")
    assert t2.paid("extort") == [(STEPHEN, ARTHUR, 60_000)]
    # With Tyler still at Beta, Stephen is not alone: slander fee.
    assert t.paid("slander fee") == [(ARTHUR, STEPHEN, 30_000)]


def test_precedence_crashing_before_backstab_counts_companies(table):
    """Employment changes come before "backstabbing": a backstab counts the companies the two
    players work for after the round's firings."""
    t = table([[ALPHA, DELTA], [BETA, GAMMA], [GAMMA], [DELTA], [ALPHA]])
    t.play(felix="crash gamma")
    t.play(felix="crash gamma", arthur="backstab stephen", stephen="protect arthur")
    assert t.jobs("stephen") == [BETA]
    assert t.paid("backstab") == [(STEPHEN, ARTHUR, 60_000)]


def test_precedence_outing_last_shows_companies_after_resolution(table):
    """"-Outing" comes last: the broadcast shows the companies after every other action, e.g.
    after a crash fired the target."""
    t = table([[ALPHA], [BETA, GAMMA], [GAMMA], [DELTA], [ALPHA]])
    t.play(felix="crash gamma")
    t.play(felix="crash gamma", arthur="out stephen")
    assert t.event("outed").data["companies"] == [BETA]
