"""Daemons run by themselves at the start of their owner's turn (CPU, §8: "Daemonised
binaries execute automatically at the start of your turn. If the binary has a special
action, you can choose whether or not to use it.")."""

from __future__ import annotations

from .helpers import ADA, BRUNO, CHIARA


def test_a_daemon_with_one_target_runs_by_itself(table):
    """"Daemonised binaries execute automatically at the start of your turn." With one
    machine to attack there is nothing to ask: it runs, free, before anything else."""
    t = table()
    t.binary(ADA, "telnet", "libparted", daemon=True)
    t.begin_turn()
    assert t.m(BRUNO)["cycles"] == 6 and t.m(ADA)["cycles"] == 14
    assert "fire" in t.kinds() and t.turn["step"] == "start"
    assert t.view(ADA)["turn"]["free"] == 10  # the 4 stolen counters arrive spent
    assert "none waiting" in t.rejected(ADA, "fire 1 at bruno")


def test_a_daemon_runs_across_real_turns_without_being_asked(table):
    """§8, played through the match: daemonise on one turn, and on the next the daemon
    attacks again with no move of its owner."""
    t = table()
    t.binary(ADA, "ssh")
    t.do(ADA, "daemonise 1 at bruno")
    assert t.m(BRUNO)["cycles"] == 8
    t.end_turn(ADA)
    t.end_turn(BRUNO)
    assert t.turn["seat"] == ADA and t.m(BRUNO)["cycles"] == 6
    assert any(e.kind == "fire" for e in t.events)


def test_the_owner_chooses_the_target_when_there_is_a_choice(table):
    """§8: the daemon executes, "you can use its attack value against another machine" –
    with two machines to attack, its owner is asked which, at that moment."""
    t = table(players=3)
    t.binary(ADA, "telnet", daemon=True)
    t.begin_turn()
    prompt = t.match.prompts()[ADA]
    assert t.turn["step"] == "daemons" and prompt.kind == "daemons"
    assert prompt.time_limit == t.state["options"]["reaction_seconds"]
    assert "machines it can attack" in t.rejected(ADA, "fire 1")
    t.do(ADA, "fire 1 at chiara")
    assert t.m(CHIARA)["cycles"] == 8 and t.m(BRUNO)["cycles"] == 10
    assert t.turn["step"] == "start"


def test_any_other_first_move_lets_the_daemon_run_first(table):
    """§8 "execute automatically": a player who downloads first still has the daemon run –
    at the next machine in turn order – before the download."""
    t = table(players=3)
    t.binary(ADA, "telnet", daemon=True)
    t.begin_turn()
    events = t.do(ADA, "download")
    kinds = [e.kind for e in events]
    assert kinds.index("fire") < kinds.index("downloaded")
    assert t.m(BRUNO)["cycles"] == 8 and t.turn["step"] == "main"


def test_on_timeout_the_daemon_runs_its_default_and_the_turn_goes_on(table):
    """§8 on a timeout: the waiting daemon attacks the next machine in turn order; the turn
    itself is not idled away (the player gets a fresh turn clock)."""
    t = table(players=3)
    t.binary(ADA, "telnet", daemon=True)
    t.begin_turn()
    key = t.match.game.phase_key(t.state)
    t.timeout()
    assert t.m(BRUNO)["cycles"] == 8 and t.turn["seat"] == ADA
    assert t.turn["step"] == "start" and t.match.game.phase_key(t.state) != key


def test_a_pure_defender_asks_nothing(table):
    """§8 "Daemonised binaries also protect you": a firewall has no attack value and no
    special, so its turn-start run is silent."""
    t = table(players=3)
    t.binary(ADA, "iptables", daemon=True)
    t.begin_turn()
    assert t.turn["step"] == "start" and "fire" not in t.kinds()


def test_gdb_special_is_the_owners_choice(table):
    """§8 "If the binary has a special action, you can choose whether or not to use it": a
    gdb daemon with a binary beside it asks; the default does not disassemble."""
    t = table()
    gdb = t.binary(ADA, "gdb", daemon=True)
    other = t.binary(ADA, "nmap", "libao")
    t.begin_turn()
    assert t.turn["step"] == "daemons"
    legal = t.match.legal_actions(ADA)
    fires = [m for m in legal if m.do == "fire"]
    assert {m.disassemble for m in fires} == {None, other}
    t.timeout()
    assert str(other) in t.state["binaries"] and t.m(BRUNO)["cycles"] == 8
    t2 = table()
    t2.binary(ADA, "gdb", daemon=True)
    t2.binary(ADA, "nmap", "libao")
    t2.begin_turn()
    t2.do(ADA, "fire 1 at bruno disassemble 2")
    assert not t2.state["binaries"].get(str(other)) and t2.view(ADA)["turn"]["free"] == 9
    assert gdb in t2.m(ADA)["daemons"]


def test_paid_daemon_runs_keep_the_start_of_the_turn(table):
    """§11 "You can shut down your machine at the start of your turn" – ruling: a daemon's
    run (even gdb's paid +1) is part of the turn's start; shutting down is still allowed."""
    t = table()
    t.binary(ADA, "gdb", daemon=True)
    t.binary(ADA, "nmap", "libao")
    t.begin_turn()
    t.do(ADA, "fire 1 at bruno disassemble 2")
    assert t.turn["spent"] == 1 + 2  # gdb's +1, and the 2 stolen counters arrive spent
    t.do(ADA, "shutdown")
    assert t.m(ADA)["status"] == "down"


def test_daemon_run_cost_option(table):
    """Ruling option daemon_cycles: a daemon's run at turn start may cost cycles."""
    t = table(daemon_cycles=2)
    t.binary(ADA, "telnet", daemon=True)
    t.begin_turn()
    assert t.view(ADA)["turn"]["free"] == 8  # paid 2 of 12 held; the 2 taken arrive spent


def test_daemons_do_not_run_on_a_missed_turn_unless_the_option_says(table):
    """Digital Economy Act: "They miss a turn to attend court" – ruling: a missed turn has
    no start, so daemons stay idle; option daemons_on_missed_turn lets them run anyway."""
    for option, cycles in ((False, 10), (True, 8)):
        t = table(daemons_on_missed_turn=option)
        t.binary(ADA, "telnet", daemon=True)
        t.give(BRUNO, "digital_economy_act")
        t.do(BRUNO, "play 1 at ada")
        t.end_turn(ADA)
        t.end_turn(BRUNO)  # Ada misses her turn; Bruno plays again
        assert t.turn["seat"] == BRUNO and t.m(BRUNO)["cycles"] == cycles
