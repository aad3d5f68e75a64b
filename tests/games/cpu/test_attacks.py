"""Daemons defending, reactions, and the source-code specials (seed §8, §9, §12.2)."""

from __future__ import annotations

from .helpers import ADA, BRUNO, CHIARA


def test_daemons_defend_outside_your_turn(table):
    """"Daemonised binaries also protect you outside of your turn. When you are attacked, the
    other player must first defeat your defenses by matching their defence value. If
    defeated, the binary gets trashed." """
    t = table()
    wall = t.binary(BRUNO, "iptables", daemon=True)  # defence 3
    t.binary(ADA, "perl")  # attack 3
    t.do(ADA, "execute 1 at bruno")
    assert wall in t.state["trash"] and t.m(BRUNO)["daemons"] == []
    assert t.m(BRUNO)["cycles"] == 10  # the whole attack was used up on the firewall


def test_an_attack_that_cannot_match_the_defence_stops(table):
    """"the other player must first defeat your defenses by matching their defence value" –
    ruling: a daemon the attack cannot match stops it and survives."""
    t = table()
    wall = t.binary(BRUNO, "iptables", "libcrypt", daemon=True)  # defence 5
    t.binary(ADA, "perl", "libparted")  # attack 5? perl 3 + libparted 2 = 5
    t.binary(ADA, "nmap")
    t.do(ADA, "execute 2 at bruno")  # nmap: 2 < 5
    assert t.m(BRUNO)["daemons"] == [wall] and t.m(BRUNO)["cycles"] == 10
    assert t.event("hit").data["touched"] == [wall] and t.event("hit").data["defeated"] == []


def test_attack_left_over_goes_on_to_the_next_daemon_then_the_machine(table):
    """"must first defeat your defenses by matching their defence value" – ruling
    (overflow=spend, defence_order=oldest): defeated daemons use up their defence, the rest
    goes on."""
    t = table()
    first = t.binary(BRUNO, "traceroute", daemon=True)  # defence 2
    second = t.binary(BRUNO, "ssh", daemon=True)  # defence 0
    t.binary(ADA, "whois", "libparted", "libparted", "libvideo")  # attack 2+2+2+1 = 7
    t.do(ADA, "execute 1 at bruno")
    hit = t.event("hit").data
    assert hit["defeated"] == [first, second] and hit["taken"] == 5
    assert t.m(BRUNO)["cycles"] == 5


def test_defence_order_option(table):
    """Ruling option defence_order=strongest: the strongest daemon meets the attack first."""
    t = table(defence_order="strongest")
    weak = t.binary(BRUNO, "traceroute", daemon=True)  # defence 2
    strong = t.binary(BRUNO, "iptables", daemon=True)  # defence 3
    t.binary(ADA, "nmap")  # attack 2
    t.do(ADA, "execute 1 at bruno")
    assert t.event("hit").data["touched"] == [strong] and weak in t.m(BRUNO)["daemons"]


def test_overflow_all_option(table):
    """Ruling option overflow=all: the attack must match all defences together, then lands
    whole."""
    t = table(overflow="all")
    t.binary(BRUNO, "traceroute", daemon=True)
    t.binary(BRUNO, "fail2ban", daemon=True)  # defences 2 + 2
    t.binary(ADA, "whois", "libparted")  # attack 4
    t.do(ADA, "execute 1 at bruno")
    assert t.m(BRUNO)["daemons"] == [] and t.m(BRUNO)["cycles"] == 6


def test_reaction_returns_fire_at_the_attacker(table):
    """"If your defence gets touched by an attacking machine, and it has a reaction value, you
    can use that value as a return attack against the attacking machine." """
    t = table()
    t.binary(BRUNO, "fail2ban", "libcaca", "libcrypt", daemon=True)  # 0/4/3
    t.binary(ADA, "nmap")
    t.do(ADA, "execute 1 at bruno")
    assert t.state["window"]["kind"] == "react"
    prompts = t.match.prompts()
    assert prompts[BRUNO].kind == "react" and prompts[BRUNO].time_limit == 20
    assert ADA not in prompts  # the attacker waits
    t.do(BRUNO, "react")
    assert t.m(ADA)["cycles"] == 7 and t.m(BRUNO)["cycles"] == 13
    assert t.turn["seat"] == ADA and t.state["window"] is None


def test_reaction_may_be_declined(table):
    """"you can use that value as a return attack" – can, not must."""
    t = table()
    t.binary(BRUNO, "ping", daemon=True)  # 1/0/1: defeated by any attack, still touched
    t.binary(ADA, "nmap")
    t.do(ADA, "execute 1 at bruno")
    t.do(BRUNO, "decline")
    assert t.m(ADA)["cycles"] == 12 and t.m(BRUNO)["cycles"] == 8


def test_reaction_window_timeout_reacts(table):
    """"you can use that value as a return attack" – ruling (reaction_default=react): an
    absent defender's daemons return fire; it costs nothing."""
    t = table()
    t.binary(BRUNO, "whois", daemon=True)  # 2/0/2
    t.binary(ADA, "nmap")
    t.do(ADA, "execute 1 at bruno")
    t.timeout()
    assert t.m(ADA)["cycles"] == 10 + 2 - 2  # took 2 past the defeated whois, lost 2 back
    t2 = table(reaction_default="decline")
    t2.binary(BRUNO, "whois", daemon=True)
    t2.binary(ADA, "nmap")
    t2.do(ADA, "execute 1 at bruno")
    t2.timeout()
    assert t2.m(ADA)["cycles"] == 12


def test_reactions_do_not_chain(table):
    """"you can use that value as a return attack against the attacking machine" – ruling
    (reaction_chain=false): the return attack meets the attacker's daemons but cannot be
    reacted to."""
    t = table()
    t.binary(BRUNO, "whois", daemon=True)
    t.binary(ADA, "ping", daemon=True)  # Ada's own reacting daemon: 1/0/1
    t.binary(ADA, "nmap")
    t.do(ADA, "execute 2 at bruno")
    t.do(BRUNO, "react")
    assert t.state["window"] is None and t.turn["seat"] == ADA
    t2 = table(reaction_chain=True)
    t2.binary(BRUNO, "whois", daemon=True)
    t2.binary(ADA, "ping", daemon=True)
    t2.binary(ADA, "nmap")
    t2.do(ADA, "execute 2 at bruno")
    t2.do(BRUNO, "react")
    assert t2.state["window"]["kind"] == "react" and t2.state["window"]["seat"] == ADA


def test_attacker_finishes_turn_after_the_window(table):
    """"Once you have no free cycles remaining your turn ends" – also after a defender's
    window closes."""
    t = table()
    t.cycles(1, 10)
    t.binary(BRUNO, "whois", daemon=True)
    t.binary(ADA, "nmap")
    t.do(ADA, "execute 1 at bruno")
    assert t.turn["seat"] == ADA and t.state["window"]
    t.do(BRUNO, "decline")
    assert t.turn["seat"] == BRUNO


def test_perl_abysmal_code_can_be_nullified(table):
    """perl: ""Abysmal Code" The defending player can use 3 idled cycles from their previous
    turn to nullify this attack" """
    t = table()
    t.binary(ADA, "perl")
    t.m(BRUNO)["idled_last"] = 4
    t.do(ADA, "execute 1 at bruno")
    assert t.match.prompts()[BRUNO].kind == "nullify"
    t.do(BRUNO, "nullify")
    assert t.m(BRUNO)["cycles"] == 10 and t.m(BRUNO)["idled_last"] == 1
    t2 = table()
    t2.binary(ADA, "perl")
    t2.m(BRUNO)["idled_last"] = 3
    t2.do(ADA, "execute 1 at bruno")
    t2.do(BRUNO, "allow")
    assert t2.m(BRUNO)["cycles"] == 7
    t3 = table()
    t3.binary(ADA, "perl")
    t3.m(BRUNO)["idled_last"] = 2  # not enough: no window
    t3.do(ADA, "execute 1 at bruno")
    assert t3.state["window"] is None and t3.m(BRUNO)["cycles"] == 7


def test_perl_window_timeout_allows(table):
    """"The defending player can use 3 idled cycles" – ruling: silence spends nothing."""
    t = table()
    t.binary(ADA, "perl")
    t.m(BRUNO)["idled_last"] = 3
    t.do(ADA, "execute 1 at bruno")
    t.timeout()
    assert t.m(BRUNO)["cycles"] == 7 and t.m(BRUNO)["idled_last"] == 3


def test_gdb_disassembler(table):
    """gdb: ""Disassembler" Execute at +1 cycle to disassemble a binary. You must have the
    memory available" – ruling: a binary in your own memory, one free slot per extra card."""
    t = table()
    t.binary(ADA, "gdb")
    victim = t.binary(ADA, "nmap", "libao", "libcaca")
    t.do(ADA, "execute 1 at bruno disassemble 2")
    assert t.view(ADA)["turn"]["free"] == 10 - 1 - 1
    assert str(victim) not in t.state["binaries"]
    assert [t.key(n) for n in t.m(ADA)["memory"]] == ["nmap", "libao", "libcaca"]
    assert t.m(BRUNO)["cycles"] == 8


def test_gdb_needs_the_memory_available(table):
    """gdb: "You must have the memory available" """
    t = table(memory_slots=3)
    t.binary(ADA, "gdb")
    t.binary(ADA, "nmap", "libao", "libcaca")
    t.put(ADA, "libao")
    assert "free memory" in t.rejected(ADA, "execute 1 at bruno disassemble 2")
    t.put(BRUNO, "nmap")
    assert "Only gdb" in t.rejected(ADA, "execute 2 at bruno disassemble 1")


def test_machine_shut_down_cannot_be_attacked_but_booting_can(table):
    """"Your machine cannot be attacked if it is shut down." and "Your machine IS vulnerable
    to attack while booting." """
    t = table(players=3)
    t.binary(ADA, "nmap")
    t.binary(ADA, "ssh")
    t.m(BRUNO)["status"] = "down"
    assert "shut down" in t.rejected(ADA, "execute 1 at bruno")
    t.m(BRUNO)["status"] = "booting"
    t.m(BRUNO)["boot_left"] = 1
    t.do(ADA, "execute 1 at bruno")
    assert t.m(BRUNO)["cycles"] == 8
    assert "another machine" in t.rejected(ADA, "execute 1 at ada")
    t.do(ADA, "execute 1 at chiara")
    assert t.m(CHIARA)["cycles"] == 8


def test_a_chain_of_reactions_ends(table):
    """§9 "you can use that value as a return attack against the attacking machine" – with
    reaction_chain, each daemon returns fire once per chain, so two walls of reacting
    daemons that cannot break each other do not trade reactions for ever."""
    t = table(reaction_chain=True)
    t.binary(ADA, "fail2ban", "libcrypt", "libcaca", daemon=True)  # 0/4/3
    t.binary(BRUNO, "fail2ban", "libcrypt", "libcaca", daemon=True)
    t.binary(ADA, "ping")  # 1/0/1
    t.do(ADA, "execute 2 at bruno")
    rounds = 0
    while t.state["window"] is not None:
        t.do(t.state["window"]["seat"], "react")
        rounds += 1
    assert rounds == 2  # Bruno's wall answers, then Ada's; neither can answer again
    assert t.m(ADA)["cycles"] == 10 and t.m(BRUNO)["cycles"] == 10
