"""Turns, the basic actions, compilation, execution and daemonisation (seed §4–8)."""

from __future__ import annotations

from hacktable.games.cpu.actions import Move

from .helpers import ADA, BRUNO, CHIARA


def test_one_phase_turn_ends_when_no_free_cycles_remain(table):
    """"There is only one phase to your turn, in which you spend your cycles. Once you have no
    free cycles remaining your turn ends." """
    t = table()
    t.do(ADA, "idle 9")
    assert t.turn["seat"] == ADA and t.view(ADA)["turn"]["free"] == 1
    t.do(ADA, "idle")
    assert t.turn["seat"] == BRUNO and t.turn["number"] == 2
    assert t.view(BRUNO)["turn"]["free"] == 10


def test_idle_costs_one_cycle_and_is_remembered(table):
    """"Idle (1 Cycle) Do nothing" – ruling: the count idled is remembered as "idled cycles
    from your previous turn"."""
    t = table()
    t.give(ADA, "nmap")
    t.do(ADA, "download")
    t.do(ADA, "idle 9")
    assert t.m(ADA)["idled_last"] == 9
    assert t.m(ADA)["cycles"] == 10  # idling spends, it does not lose


def test_download_takes_a_card_seen_only_by_its_drawer(table):
    """"Download (1 Cycle) Take a card" – the card goes into backing store; the others only
    learn that a card was downloaded."""
    t = table()
    top = t.state["deck"][-1]
    t.do(ADA, "download")
    assert t.m(ADA)["hand"] == [top]
    assert t.view(ADA)["turn"]["free"] == 9
    drew = t.event("drew")
    assert drew.audience == (ADA,) and drew.data["card"] == top
    assert t.event("downloaded").audience == "all" and "card" not in t.event("downloaded").data
    assert all(item["id"] != top for item in t.view(BRUNO).get("hand", []))


def test_load_plays_a_card_into_memory(table):
    """"Load (1 Cycle) Play a card from backing store into memory" and "6 memory slots"."""
    t = table()
    cards = t.give(ADA, "nmap", "libao", "libao", "libao", "libao", "libao", "libvideo")
    for number in cards[:6]:
        t.do(ADA, Move("load", cards=(number,)))
    assert t.m(ADA)["memory"] == cards[:6]
    assert t.view(ADA)["turn"]["free"] == 4
    assert "free slot" in t.rejected(ADA, Move("load", cards=(cards[6],)))


def test_only_code_is_loaded(table):
    """"Load ... Play a card from backing store into memory" – ruling: Option ROMs are
    installed at shutdown and special actions played, never loaded."""
    t = table()
    rom, special = t.give(ADA, "ddr4", "ddos")
    assert "cannot be loaded" in t.rejected(ADA, Move("load", cards=(rom,)))
    assert "cannot be loaded" in t.rejected(ADA, Move("load", cards=(special,)))


def test_free_takes_any_memory_slot_or_daemon_back(table):
    """"Free/Kill (1 Cycle) Take a daemonised binary or any memory slot back into backing
    store" """
    t = table()
    card = t.put(ADA, "libao")[0]
    daemon = t.binary(ADA, "iptables", daemon=True)
    t.do(ADA, Move("free", card))
    t.do(ADA, Move("free", daemon))
    assert t.m(ADA)["memory"] == [] and t.m(ADA)["daemons"] == []
    assert t.m(ADA)["hand"] == [card, daemon] and t.view(ADA)["turn"]["free"] == 8
    assert t.view(ADA)["hand"][1]["binary"]  # still a binary


def test_compile_builds_one_source_and_any_libraries(table):
    """"a binary can be composed of one source code card and any number of libraries" and
    "Compiled binaries have attack, defence and reaction values equal to the sum of those of
    the source and libraries" – "Compile (1 Cycle)"."""
    t = table()
    source, _lib1, _lib2 = t.put(ADA, "whois", "libparted", "libcaca")
    t.do(ADA, "compile 1 2 3")
    assert t.m(ADA)["memory"] == [source]
    item = t.view(BRUNO)["machines"][ADA]["memory"][0]
    assert item["binary"] and (item["attack"], item["defence"], item["reaction"]) == (4, 0, 4)
    assert [key for _, key in item["cards"]] == ["whois", "libparted", "libcaca"]
    assert t.view(ADA)["turn"]["free"] == 9


def test_source_alone_compiles_to_a_one_card_binary(table):
    """"a binary can be composed of one source code card and any number of libraries" (none
    is a number)."""
    t = table()
    t.put(ADA, "nmap")
    t.do(ADA, "compile 1")
    assert t.view(ADA)["machines"][ADA]["memory"][0]["binary"]
    assert "uncompiled" in t.rejected(ADA, "compile 1")


def test_libraries_cannot_be_compiled_alone(table):
    """"Libraries cannot be compiled alone, they must be linked into a program when the
    source is compiled." """
    t = table()
    t.put(ADA, "libao", "libcrypt")
    assert "source code" in t.rejected(ADA, "compile 1 2")


def test_a_library_named_first_is_refused_with_the_rule_that_refuses_it(table):
    """"Libraries cannot be compiled alone, they must be linked into a program when the
    source is compiled" (CPU, §6): `compile 2` on a library says so, and which loaded
    program it could go with, rather than a general sentence about compiling."""
    t = table()
    t.put(ADA, "nmap", "libcrypt")
    reason = t.rejected(ADA, "compile 2")
    assert "libcrypt is a library, and a library is compiled only together with a source " \
        "program: choose the program to compile, and tick this library" in reason
    assert "loaded now: nmap" in reason
    t2 = table()
    t2.put(ADA, "libcrypt")
    assert "load a source code card first" in t2.rejected(ADA, "compile 1")


def test_one_source_per_binary(table):
    """"a binary can be composed of one source code card and any number of libraries" """
    t = table()
    t.put(ADA, "nmap", "ssh")
    assert "not a library" in t.rejected(ADA, "compile 1 2")


def test_compile_happens_in_memory(table):
    """"Source code cannot be exectuted. It must first be compiled." – ruling
    (compile_in=memory): the cards must be loaded; the binary takes the source's slot."""
    t = table()
    t.give(ADA, "nmap", "libparted")
    assert "loaded in memory" in t.rejected(ADA, Move("compile", t.m(ADA)["hand"][0]))


def test_compile_in_backing_store_option(table):
    """Ruling option compile_in=backing_store: compile cards held in backing store."""
    t = table(compile_in="backing_store")
    source, library = t.give(ADA, "nmap", "libparted")
    t.do(ADA, "compile 1 2")
    assert t.m(ADA)["hand"] == [source] and t.state["binaries"][str(source)] == [library]


def test_source_code_cannot_be_executed(table):
    """"Source code cannot be exectuted. It must first be compiled." """
    t = table()
    t.put(ADA, "nmap")
    assert "compile it" in t.rejected(ADA, "execute 1 at bruno")


def test_execute_costs_one_per_card_and_returns_to_backing_store(table):
    """"The cost of execution of a binary is equal to the number of source and library cards
    it is composed of. When executed you can use its attack value against another machine.
    Once execution has finished the binary is returned into backing store." """
    t = table()
    head = t.binary(ADA, "ssh", "libparted", "libvideo")  # 2+2+1 = 5 attack, 3 cards
    t.do(ADA, "execute 1 at bruno")
    assert t.view(ADA)["turn"]["free"] == 7
    assert t.m(ADA)["memory"] == [] and t.m(ADA)["hand"] == [head]
    assert t.m(BRUNO)["cycles"] == 5


def test_binaries_cost_one_to_load_and_use_one_slot(table):
    """"Binaries only cost 1 to load, and use only 1 memory slot." """
    t = table()
    head = t.binary(ADA, "ssh", "libparted", "libvideo", where="hand")
    t.do(ADA, Move("load", cards=(head,)))
    assert t.m(ADA)["memory"] == [head] and t.view(ADA)["turn"]["free"] == 9


def test_binaries_cannot_be_disassembled(table):
    """"Binaries cannot be disassembled." – compiling a binary again is refused."""
    t = table()
    t.binary(ADA, "ssh")
    t.put(ADA, "libparted")
    assert "uncompiled" in t.rejected(ADA, "compile 1 2")


def test_successful_attack_takes_cycles(table):
    """"When you successfully attack another player, you take their cycles equal to the
    amount you attack." – ruling: taken counters arrive spent, usable next turn."""
    t = table()
    t.binary(ADA, "perl")
    t.do(ADA, "execute 1 at bruno")
    assert (t.m(ADA)["cycles"], t.m(BRUNO)["cycles"]) == (13, 7)
    assert t.view(ADA)["turn"]["free"] == 9  # 10 - 1 spent; the 3 gained arrive spent


def test_stolen_cycles_usable_option(table):
    """Ruling option stolen_cycles_usable: counters taken in your turn can be spent at once."""
    t = table(stolen_cycles_usable=True)
    t.binary(ADA, "perl")
    t.do(ADA, "execute 1 at bruno")
    assert t.view(ADA)["turn"]["free"] == 12


def test_attack_takes_no_more_than_the_defender_has(table):
    """"you take their cycles equal to the amount you attack" – never more than they hold."""
    t = table(players=3)
    t.cycles(10, 2, 10)
    t.binary(ADA, "perl")
    t.do(ADA, "execute 1 at bruno")
    assert t.m(ADA)["cycles"] == 12 and t.m(BRUNO)["status"] == "out"


def test_daemonise_costs_the_same_and_stays_in_memory(table):
    """"Rather than executing a program you can daemonise it instead. The cost of doing this
    is the same as executing it. You can use its attack value, but afterwards it stays in
    memory." """
    t = table()
    head = t.binary(ADA, "nmap", "libcrypt")
    t.do(ADA, "daemonise 1 at bruno")
    assert t.view(ADA)["turn"]["free"] == 8
    assert t.m(ADA)["memory"] == [head] and t.m(ADA)["daemons"] == [head]
    assert t.m(BRUNO)["cycles"] == 8
    assert t.view(BRUNO)["machines"][ADA]["memory"][0]["daemon"]


def test_daemonise_needs_no_target(table):
    """"You can use its attack value" – may, not must: a firewall daemonises without one."""
    t = table()
    t.binary(ADA, "iptables")
    t.do(ADA, "daemonise 1")
    assert t.m(ADA)["daemons"]
    t2 = table()
    t2.binary(ADA, "iptables")
    assert "no attack value" in t2.rejected(ADA, "daemonise 1 at bruno")


def test_hand_limit_at_end_of_turn(table):
    """"At the end of your turn, you can only have as many cards in backing store as you have
    cycles." """
    t = table()
    t.cycles(3, 10)
    cards = t.give(ADA, "nmap", "ssh", "ping", "libao", "ddos")
    t.do(ADA, "idle 3")
    assert t.turn["step"] == "discard" and t.match.prompts()[ADA].kind == "discard"
    assert "discard" in t.rejected(ADA, "download")
    t.do(ADA, "discard 5")
    t.do(ADA, "discard 1")
    assert t.m(ADA)["hand"] == cards[1:4] and t.turn["seat"] == BRUNO
    assert t.state["trash"][-2:] == [cards[4], cards[0]]


def test_in_the_cloud_does_not_affect_hand_limit(table):
    """"In The Cloud 5 extra cycles per turn (Does not affect hand limit)" """
    t = table()
    t.install(ADA, "in_the_cloud")
    t.cycles(2, 10)
    t.end_turn(ADA)
    t.end_turn(BRUNO)
    assert t.view(ADA)["turn"]["free"] == 7 and t.turn["extra"] == 5
    t.give(ADA, "nmap", "ssh", "ping")
    t.do(ADA, "idle 7")
    assert t.turn["step"] == "discard"  # 3 cards, 2 counters held


def test_out_of_cycles_is_out_of_the_game(table):
    """"When you have no cycles left you are out of the game. Your backing store and memory
    go into trash." """
    t = table(players=3)
    t.cycles(10, 3, 10)
    hand = t.give(BRUNO, "nmap", "ddos")
    daemon = t.binary(BRUNO, "ping", "libcaca", daemon=False)
    t.binary(ADA, "perl")
    t.do(ADA, "execute 1 at bruno")
    assert t.m(BRUNO)["status"] == "out" and t.state["out_order"] == [BRUNO]
    assert set([*hand, daemon]) <= set(t.state["trash"])
    t.end_turn(ADA)
    assert t.turn["seat"] == CHIARA  # Bruno's turn is gone


def test_last_machine_running_wins(table):
    """"Your job is to take over the machines of your fellow sysadmins" – the last machine
    running wins; the others rank by how long they lasted."""
    t = table(players=3)
    t.cycles(20, 1, 1)
    t.binary(ADA, "perl")
    t.binary(ADA, "nmap")
    t.do(ADA, "execute 1 at bruno")
    assert t.match.outcome() is None
    t.do(ADA, "execute 1 at chiara")
    outcome = t.match.outcome()
    assert outcome.ranking == ((ADA,), (CHIARA,), (BRUNO,)) and t.match.prompts() == {}
    assert "Rejected" not in outcome.summary and "Ada" in outcome.summary


def test_round_limit_ends_the_game_ranked_by_cycles(table):
    """Ruling (round_limit): the seed has no end but the last machine; after the limit the
    machines still running rank by cycles held."""
    t = table(players=3, round_limit=1)
    t.cycles(10, 12, 10)
    for seat in (ADA, BRUNO, CHIARA):
        t.end_turn(seat)
    outcome = t.match.outcome()
    assert outcome.ranking == ((BRUNO,), (ADA, CHIARA))
    assert "Round limit" in outcome.summary


def test_reshuffle_disassembles_binaries(table):
    """"Once the draw pile is empty shuffle the trash to create a new one. When you do this,
    disassemble any binaries." """
    t = table()
    head = t.binary(ADA, "ssh", "libparted", where="hand")
    t.m(ADA)["hand"].remove(head)
    t.state["trash"].append(head)
    rest = t.state["deck"]
    t.state["trash"] += rest[:-1]
    t.state["deck"] = rest[-1:]
    t.do(ADA, "download")
    assert "reshuffled" in t.kinds()
    assert t.state["trash"] == [] and t.state["binaries"] == {}
    assert len(t.state["deck"]) == 127


def test_download_with_both_piles_empty_is_refused(table):
    """"Download (1 Cycle) Take a card" – ruling: with nothing to take, it is refused."""
    t = table()
    t.m(BRUNO)["hand"] += t.state["deck"]
    t.state["deck"] = []
    assert "nothing to download" in t.rejected(ADA, "download")
