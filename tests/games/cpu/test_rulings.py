"""Rulings where CPU is silent or ambiguous (docs/rules/cpu.md), each with its option, and
the table's set-up: who plays first, the starting cycles, restarting a machine."""

from __future__ import annotations

import random

from hacktable.engine import Match
from hacktable.engine.contract import EVERYONE, Event
from hacktable.engine.testing import check_public_events
from hacktable.games import get_game
from hacktable.games.cpu import moves
from hacktable.games.cpu.actions import Move

from .helpers import ADA, BRUNO, CHIARA, NAMES

GAME = get_game("cpu")


# -- who plays first, and compensation -------------------------------------------------------

def test_the_first_machine_is_drawn_at_random_by_default():
    """CPU does not say who starts (§4 "There is only one phase to your turn"); ruling: a
    machine drawn at random, so no seat is favoured by where it sits."""
    firsts = {Match(GAME, NAMES[:3], None, seed).state["turn"]["seat"] for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert Match(GAME, NAMES[:3], {"first_player": "seat1"}, 4).state["turn"]["seat"] == 0


def test_turn_order_goes_round_from_the_first_machine(table):
    """A round is every machine taking a turn, starting from the one that played first."""
    t = table(players=3, first_player="random", seed=1)
    first = t.state["first"]
    order = []
    for _ in range(4):
        order.append((t.turn["seat"], t.turn["round"]))
        t.end_turn(t.turn["seat"])
    assert order == [(first, 1), ((first + 1) % 3, 1), ((first + 2) % 3, 1), (first, 2)]


def test_catch_up_cycles_give_later_machines_more():
    """Compensation option catch_up_cycles: "Each player starts with 10 cycles" (§4), plus
    this many per place after the first in the turn order."""
    match = Match(GAME, NAMES[:4], {"catch_up_cycles": 1}, 3)
    first = match.state["first"]
    cycles = [match.state["machines"][(first + k) % 4]["cycles"] for k in range(4)]
    assert cycles == [10, 11, 12, 13]
    GAME.check_invariants(match.state)


def test_first_turn_cycles_limit_only_the_first_round(table):
    """Compensation option first_turn_cycles: in the first round the first machine spends
    at most this many, later ones evenly more, the last one all 10; every later turn has all
    its cycles ("Each player starts with 10 cycles (or actions)", §4)."""
    t = table(players=3, first_turn_cycles=5)
    free = []
    for _ in range(4):
        free.append(t.view(t.turn["seat"])["turn"]["free"])
        t.end_turn(t.turn["seat"])
    assert free == [5, 7, 10, 10]


# -- cycles ----------------------------------------------------------------------------------

def test_a_cycle_cap_returns_the_excess_to_the_supply(table):
    """"When you successfully attack another player, you take their cycles equal to the
    amount you attack" (§4) – no cap by default; option cycle_cap sends what is over it back
    to the supply."""
    for cap, held in ((0, 14), (12, 12)):
        t = table(cycle_cap=cap)
        t.binary(ADA, "telnet", "libparted")
        supply = t.state["supply"]
        t.do(ADA, "execute 1 at bruno")
        assert t.m(ADA)["cycles"] == held and t.m(BRUNO)["cycles"] == 6
        assert t.state["supply"] == supply + 14 - held


def test_idled_cycles_are_a_count_unless_the_option_says_counters(table):
    """perl: "The defending player can use 3 idled cycles from their previous turn to nullify
    this attack" – ruling: the count of idled cycles drops, no counter moves (as Computing
    Time's donation is bounded by the same count); idled_cycles=counters also pays them."""
    for mode, left in (("count", 10), ("counters", 7)):
        t = table(idled_cycles=mode)
        t.end_turn(ADA)  # Ada idles all 10
        t.binary(BRUNO, "perl")
        t.do(BRUNO, "execute 1 at ada")
        t.do(ADA, "nullify")
        assert t.m(ADA)["cycles"] == left and t.m(ADA)["idled_last"] == 7


def test_computing_time_on_yourself_is_an_option(table):
    """Computing Time: "Donate any idled cycles from your previous turn to the machine of
    your choice" – ruling: another machine (giving yourself your own counters moves
    nothing); option computing_time_self makes them extra cycles to spend this turn."""
    t = table()
    t.m(ADA)["idled_last"] = 3
    t.give(ADA, "computing_time")
    assert "another machine" in t.rejected(ADA, "play 1 at ada 2")
    t2 = table(computing_time_self=True)
    t2.m(ADA)["idled_last"] = 3
    t2.give(ADA, "computing_time")
    t2.do(ADA, "play 1 at ada 2")
    assert t2.view(ADA)["turn"]["free"] == 12 and t2.m(ADA)["idled_last"] == 1


# -- binaries, gdb, reshuffle ------------------------------------------------------------------

def test_gdb_may_take_apart_an_opponents_binary_only_with_the_option(table):
    """gdb: "Execute at +1 cycle to disassemble a binary. You must have the memory
    available" – ruling: a binary in your own memory; option gdb_target=any also reaches the
    machine it attacks (its cards stay in that machine's memory)."""
    t = table()
    t.binary(ADA, "gdb")
    t.binary(BRUNO, "iptables", "libao", daemon=True)
    assert "your own memory" in t.rejected(ADA, "execute 1 at bruno disassemble 1")
    t2 = table(gdb_target="any")
    gdb = t2.binary(ADA, "gdb")
    wall = t2.binary(BRUNO, "iptables", "libao", daemon=True)
    t2.do(ADA, Move("execute", gdb, target=BRUNO, disassemble=wall))
    assert str(wall) not in t2.state["binaries"] and t2.m(BRUNO)["daemons"] == []
    assert len(t2.m(BRUNO)["memory"]) == 2 and t2.m(BRUNO)["cycles"] == 8


def test_gdb_may_run_without_a_target_to_disassemble(table):
    """§10 "You can choose whether you want to use this when you execute the binary" and §7
    "you can use its attack value" (may): gdb may be executed with no target, only for its
    Disassembler; nothing else is executed without a target."""
    t = table()
    t.binary(ADA, "gdb")
    other = t.binary(ADA, "nmap", "libao")
    t.do(ADA, "execute 1 disassemble 2")
    assert str(other) not in t.state["binaries"] and t.view(ADA)["turn"]["free"] == 8
    t.binary(ADA, "ssh", "libvideo")
    assert "Say which machine" in t.rejected(ADA, f"execute {len(t.m(ADA)['memory'])}")
    t2 = table(untargeted_execute=False)
    t2.binary(ADA, "gdb")
    t2.binary(ADA, "nmap", "libao")
    assert "Say which machine" in t2.rejected(ADA, "execute 1 disassemble 2")


def test_reshuffle_disassembles_the_trash_or_every_binary(table):
    """"Once the draw pile is empty shuffle the trash to create a new one. When you do this,
    disassemble any binaries." – ruling: the binaries being shuffled; option
    reshuffle_disassembles=all takes apart every binary in play too."""
    for mode, kept in (("trash", True), ("all", False)):
        t = table(reshuffle_disassembles=mode)
        daemon = t.binary(BRUNO, "iptables", "libao", daemon=True)
        t.state["trash"] += t.state["deck"][:-1]
        t.state["deck"] = t.state["deck"][-1:]
        t.do(ADA, "download")
        assert (str(daemon) in t.state["binaries"]) is kept
        assert (daemon in t.m(BRUNO)["daemons"]) is kept


# -- compile in backing store: what the table learns ------------------------------------------

def test_compiling_in_backing_store_tells_the_table_only_the_size(table):
    """Backing store is secret ("6 Cards in Backing Store (hand)", §3, face down): with
    compile_in=backing_store the table learns that a binary of so many cards was built, and
    only its owner which cards."""
    t = table(compile_in="backing_store")
    source, library = t.give(ADA, "nmap", "libparted")
    events = t.do(ADA, "compile 1 2")
    public = [e for e in events if e.visible_to(BRUNO)]
    assert [e.kind for e in public] == ["compile"]
    assert public[0].data == {"seat": ADA, "size": 2, "hidden": True}
    mine = [e for e in events if e.kind == "compiled"]
    assert mine[0].audience == (ADA,) and mine[0].data["cards"] == [library]
    assert t.state["hidden"] == [source]
    rng = random.Random(1)
    seen = set()
    for _ in range(10):  # Bruno cannot know the binary: a re-deal keeps only its shape
        other = GAME.redeal(t.state, BRUNO, rng)
        GAME.check_invariants(other)
        [head] = other["machines"][ADA]["hand"]
        assert other["hidden"] == [head] and len(other["binaries"][str(head)]) == 1
        seen.add((head, *other["binaries"][str(head)]))
        assert GAME.view(other, BRUNO) == GAME.view(t.state, BRUNO)
    assert len(seen) > 1
    t.do(ADA, "load 1")
    assert t.state["hidden"] == []  # loaded: face up on the table


def test_the_public_event_check_finds_a_compile_that_names_its_cards(table, monkeypatch):
    """The hidden-information check compares moves of the same kind that look alike: the
    old public compile event (naming the cards) fails it, the fixed one passes."""
    t = table(compile_in="backing_store")
    t.give(ADA, "nmap", "libparted", "libvideo")
    assert check_public_events(t.match, random.Random(0), per_label=10) > 0
    original = moves.perform

    def leaky(state, seat, move, cost, rng):
        events = original(state, seat, move, cost, rng)
        if move.do == "compile":
            events.append(Event("compile_cards", {"cards": list(move.cards)}, EVERYONE))
        return events

    monkeypatch.setattr(moves, "perform", leaky)
    try:
        check_public_events(t.match, random.Random(0), per_label=10)
    except AssertionError as error:
        assert "tell them apart" in str(error)
    else:
        raise AssertionError("the check missed a compile that names its cards")


# -- shutdown and restart ---------------------------------------------------------------------

def test_a_shut_down_machine_may_stay_down(table):
    """§11 "From your next turn you may restart your machine": restarting is the player's
    choice; staying down ends the turn, and the machine still cannot be attacked."""
    t = table()
    t.do(ADA, "shutdown")
    t.do(ADA, "done")
    t.end_turn(BRUNO)
    assert t.turn["step"] == "down" and t.match.prompts()[ADA].kind == "down"
    assert "restart it or stay down" in t.rejected(ADA, "download")
    t.do(ADA, "stay")
    assert t.m(ADA)["status"] == "down" and t.turn["seat"] == BRUNO
    t.end_turn(BRUNO)
    t.timeout()  # on a timeout the machine restarts
    assert t.m(ADA)["status"] == "running" and t.turn["step"] == "main"
    assert t.view(ADA)["turn"]["free"] == 9


def test_restart_automatic_is_an_option(table):
    """Option restart=automatic: the machine boots at its next turn without being asked."""
    t = table(restart="automatic")
    t.do(ADA, "shutdown")
    t.do(ADA, "done")
    t.end_turn(BRUNO)
    assert t.m(ADA)["status"] == "running" and t.turn["step"] == "main"


def test_in_the_cloud_lends_its_cycles_in_the_turn_booting_ends(table):
    """In The Cloud "5 extra cycles per turn" and §11 booting – ruling: the turn booting
    completes counts (its ROM has been loaded); option cloud_on_boot_turn=false lends none
    until the next turn."""
    for option, free in ((True, 10 - 2 + 5), (False, 10 - 2)):
        t = table(cloud_on_boot_turn=option)
        t.install(ADA, "in_the_cloud")
        t.do(ADA, "shutdown")
        t.do(ADA, "done")
        t.end_turn(BRUNO)
        t.do(ADA, "restart")
        assert t.view(ADA)["turn"]["free"] == free


def test_special_actions_at_any_time_are_only_those_that_say_so(table):
    """§12.4 heads every special action with "Play from backing store at any time for
    free", but MegaNet and DDoS cost cycles and RKHunter is "at the start of your turn":
    ruling: only Computing Time and Digital Economy Act (which repeat it) are any-time."""
    t = table(players=3)
    t.give(BRUNO, "meganet", "ddos", "digital_economy_act")
    assert "your own turn" in t.rejected(BRUNO, "play 1")
    assert "your own turn" in t.rejected(BRUNO, "play 2 at chiara")
    t.do(BRUNO, "play 3 at chiara")
    assert t.m(CHIARA)["skip"] == 1


def test_a_secret_binary_discarded_on_timeout_is_face_up(table):
    """"At the end of your turn, you can only have as many cards in backing store as you
    have cycles" (§4): a binary compiled in secret and discarded by the timeout lies face
    up in the trash, like any discard."""
    t = table(compile_in="backing_store")
    t.cycles(2, 10)
    t.give(ADA, "libao", "libao", "nmap", "libparted")
    t.do(ADA, "compile 3 4")
    t.do(ADA, "idle 1")
    assert t.turn["step"] == "discard"
    t.timeout()
    assert t.state["hidden"] == [] and t.state["trash"]
