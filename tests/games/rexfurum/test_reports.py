"""The round-beginning email and who is told what.

"each player receives a personalized email from the gamemaster ... depending on what happens
you will be notified of certain things happening in the next "Round Beginning Email." """

from __future__ import annotations

from hacktable.engine import EVERYONE, GM, GM_ONLY, SPECTATOR

from .helpers import (
    ALPHA,
    AMY,
    ARTHUR,
    BETA,
    DELTA,
    FELIX,
    GAMMA,
    SALARY,
    STEPHEN,
    TYLER,
    ZEINA,
)


def busy_round(table):
    """Six players, one round in which nearly every kind of notice is produced."""
    t = table([[ALPHA], [BETA], [BETA], [DELTA], [ALPHA, GAMMA], [GAMMA]])
    t.play(zeina="bribe 5000 beta crash delta", felix="bribe 3000 delta")
    t.play(
        arthur="embezzle stephen out tyler pinkslip amy at beta",
        stephen="accept bribe 5000 from zeina to beta protect felix backstab amy",
        amy="protect stephen coverup for zeina backstab arthur",
        tyler="extort felix at gamma invest 2000 amy backstab felix",
        felix="embezzle stephen out zeina backstab tyler",
        zeina="crash delta protect self",
    )
    return t


EXPECTED_AUDIENCE = {
    # kind: who may see it (EVERYONE, GM_ONLY, or exactly these seats)
    "embezzle_exposed": EVERYONE,          # Stephen protected by Amy
    "embezzler_named": {AMY},              # Amy protects Stephen
    "outed": EVERYONE,                     # Tyler outed by Arthur
    "outer_named": {AMY},                  # Amy covers Zeina, Felix tried to out her
    "outing_failed": {FELIX},
    "pinkslip_attempt": {AMY},             # Arthur alone
    "bribe_accepted": {ZEINA},
    "bribe_paid": {STEPHEN},
    "crash": EVERYONE,
    "crashed_out": {TYLER},
    "crash_done": {ZEINA},
    "protect_failed": GM_ONLY,             # Zeina crashes: her own protection fails
    "slander_paid": {TYLER},               # Felix is not alone at Gamma
    "slander_received": {FELIX},
    "invested": {TYLER, AMY},
    "backstab_failed": {AMY},              # Arthur does not protect Amy
    "backstab_attempt": {ARTHUR},
    "backstab_done": {STEPHEN},            # Amy protects Stephen
    "backstabbed": {AMY},
    "mutual_backstab": EVERYONE,           # Felix and Tyler
    "bribe_offered": set(),                # no bribe this round
}


def test_reports_every_notice_goes_to_exactly_the_people_the_rules_name(table):
    """Each announcement is for "all players" only where the seed says so ("announced to all
    players", "Broadcasts to all players", "everyone will be notified"); every other notice
    is sent only to the player the seed names ("revealed to the targetplayer", "sent to you",
    "given to whoever granted them cover up", "the player will be notified")."""
    t = busy_round(table)
    for kind, audience in EXPECTED_AUDIENCE.items():
        found = t.events(kind)
        if audience == EVERYONE:
            assert found and all(e.audience == EVERYONE for e in found), kind
        elif audience == GM_ONLY:
            assert found and all(e.audience == GM_ONLY for e in found), kind
        else:
            assert t.audience(kind) == audience, kind
    assert sorted(t.event("mutual_backstab").data["players"]) == [TYLER, FELIX]


def test_reports_notices_are_exactly_the_events_a_player_may_see(table):
    """"you will be notified of certain things happening in the next "Round Beginning Email."":
    each player's report holds every event addressed to them or to everyone, and nothing
    else; ledger lines and failed protections stay with the gamemaster."""
    t = busy_round(table)
    for seat in range(t.n):
        expected = [dict(e.data, kind=e.kind) for e in t.closed
                    if e.kind != "report" and e.audience != GM_ONLY and e.visible_to(seat)]
        assert t.notices(seat) == expected
        assert not {"ledger", "protect_failed", "coverup_failed"} & set(t.kinds(seat))


def test_reports_spectators_see_only_public_announcements(table):
    """Only what is "announced to all players" is public."""
    t = busy_round(table)
    public = {n["kind"] for n in t.match.view(SPECTATOR)["announcements"]}
    assert public == {"embezzle_exposed", "outed", "crash", "mutual_backstab"}
    assert "state" in t.match.view(GM)


def test_reports_the_round_beginning_email(table):
    """The email's items: "-Total Net Worth" ("How much money each player has at the beginning
    of the round."), "-Earnings Last Round" ("How much money each player earned last round,
    including salary."), "-Salary", "-Player's name", "-Employment" ("if they're not a part of
    a company there will be a "FALSE" underneath the company name"), "-Company Employee
    Totals", "-Time when the Round ends"."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA, BETA]], money=[50_000] * 5)
    t.play()
    t.play(arthur="embezzle stephen")
    report = t.match.view(ARTHUR)["reports"][-1]
    assert report["round"] == 3
    assert report["money"] == 50_000 + SALARY + 10_000 + SALARY
    assert report["earned_last"] == SALARY + 10_000  # round 2's salary and embezzlement
    assert report["salary"] == SALARY
    assert report["jobs"] == [ALPHA]
    assert report["totals"] == [2, 2, 1, 1]
    standings = {row[0]: row[1:] for row in report["standings"]}
    assert standings[STEPHEN] == [50_000 + SALARY - 10_000 + SALARY, SALARY - 10_000]
    text = t.text("arthur")
    for words in ("Total net worth", "Earnings last round", "Salary", "Arthur", "Employment",
                  "Company employees", "Round 3 ends"):
        assert words in text
    # Ruling: the seed's spreadsheet "FALSE" is written "no" (a word a reader understands).
    row = text.splitlines()[text.splitlines().index(next(
        line for line in text.splitlines() if "Employment" in line)) + 1].split()
    assert row == ["1", "no", "no", "no"] and "FALSE" not in text


def test_reports_employment_of_others_stays_hidden(table):
    """"At the beginning of a round you will always be told how many people are employed at
    these companies, but you won't know who." """
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA, BETA]])
    t.play()
    view = t.match.view(ARTHUR)
    assert view["totals"] == [2, 2, 1, 1]
    assert view["jobs"] == [ALPHA]
    assert "jobs" not in str(view["standings"])
    assert all(set(r) >= {"jobs"} and r["jobs"] == [ALPHA] for r in view["reports"])
    assert "state" not in view


def test_reports_orders_are_secret_until_resolution(table):
    """"It can be likened to a game of Chess played over mail ... this gamemaster will evaluate
    everyone's moves at the same time": orders sent are acknowledged to their sender only."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    events = t.match.submit_text(ARTHUR, "embezzle stephen")
    assert [(e.kind, e.audience) for e in events] == [("orders_received", (ARTHUR,))]
    assert t.match.view(STEPHEN)["orders"] is None
    assert t.match.view(ARTHUR)["orders"] == [{"do": "embezzle", "target": STEPHEN}]


def test_reports_failed_crash_protection_is_silent(table):
    """"Cannot be protected while crashing, and any protection attempts will fail." Ruling:
    the protector is not told (that would reveal the crash)."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA]])
    t.play(arthur="crash beta", stephen="protect arthur")
    assert t.kinds("stephen") == []
    assert t.gm_only("protect_failed")


def test_reports_outing_renders_without_the_outer(table):
    """"You won't be revealed as the investigator." – the rendered email of every other player
    says who was outed and what they did, never who outed them."""
    t = table([[ALPHA], [BETA], [GAMMA], [DELTA], [ALPHA], [BETA]])
    t.play(zeina="out tyler", tyler="invest 1000 amy protect felix")
    for seat in range(t.n):
        text = t.text(seat)
        assert "Tyler has been outed: works for Delta" in text or seat == TYLER
        if seat != ZEINA:
            assert "Zeina" not in text.split("Standings")[0]
    assert "protect Felix" in t.text("amy")
    assert FELIX in {o.get("target") for o in t.event("outed").data["moves"]}
    assert AMY in {o.get("target") for o in t.event("outed").data["moves"]}


def test_reports_bribe_offer_reaches_those_employed_at_the_end_of_the_round(table):
    """"Will be announced anonymously to all players in target company." Ruling: to those who
    work there when the round that offered it ends (they can accept it next round)."""
    t = table([[ALPHA], [BETA], [BETA], [DELTA], [ALPHA]])
    t.play(arthur="bribe 4000 beta", amy="quit beta", felix="bribe 1000 gamma")
    assert t.audience("bribe_offered") == {STEPHEN}
    assert [e.data["company"] for e in t.events("bribe_offered")] == [BETA]
