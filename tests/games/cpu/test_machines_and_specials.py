"""Shutdown and restart, Option ROMs, special actions, moves out of turn and the clock
(seed §10, §11, §12.1, §12.4)."""

from __future__ import annotations

from hacktable.games.cpu.actions import Move

from .helpers import ADA, BRUNO, CHIARA, GAME


def test_shutdown_frees_memory_and_swaps_option_roms(table):
    """"You can shut down your machine at the start of your turn for free. When you do this,
    your memory gets freed into backing store. You can now optionally uninstall one and/or
    install one Option ROM (upgrade) card to your machine." """
    t = table()
    daemon = t.binary(ADA, "iptables", daemon=True)
    old = t.install(ADA, "dual_channel")[0]
    ddr4, cloud = t.give(ADA, "ddr4", "in_the_cloud")
    t.do(ADA, "shutdown")
    assert t.m(ADA)["status"] == "down" and t.m(ADA)["memory"] == []
    assert daemon in t.m(ADA)["hand"] and t.view(ADA)["turn"]["free"] == 10
    assert t.match.prompts()[ADA].kind == "shutdown"
    t.do(ADA, Move("install", ddr4))
    assert "only one" in t.rejected(ADA, Move("install", cloud))
    t.do(ADA, Move("uninstall", old))
    assert t.m(ADA)["roms"] == [ddr4] and old in t.m(ADA)["hand"]
    t.do(ADA, "done")
    assert t.turn["seat"] == BRUNO


def test_shutdown_only_at_the_start_of_the_turn(table):
    """"You can shut down your machine at the start of your turn" """
    t = table()
    t.do(ADA, "download")
    assert "start of your turn" in t.rejected(ADA, "shutdown")


def test_only_one_of_each_option_rom(table):
    """"You can only have one of each Option ROM installed." """
    t = table()
    t.install(ADA, "ddr4")
    t.give(ADA, "ddr4")
    t.do(ADA, "shutdown")
    assert "already installed" in t.rejected(ADA, "install 1")


def test_restart_pays_bios_and_each_rom_then_plays_on(table):
    """"From your next turn you may restart your machine, you must pay one cycle to load the
    BIOS, then one cycle to load each Option ROM." """
    t = table()
    t.install(ADA, "ddr4", "dual_channel")
    t.do(ADA, "shutdown")
    t.do(ADA, "done")
    t.end_turn(BRUNO)
    t.do(ADA, "restart")
    assert t.m(ADA)["status"] == "running" and t.event("boot").data["paid"] == 3
    assert t.view(ADA)["turn"]["free"] == 7 and t.turn["step"] == "main"
    assert t.view(ADA)["machines"][ADA]["memory_slots"] == 10


def test_booting_continues_on_later_turns(table):
    """"If you do not have sufficient cycles to boot completely, your turn ends and you
    continue booting on subsequent turns." """
    t = table(bios_cycles=3)
    t.cycles(2, 10)
    t.install(ADA, "ddr4")
    t.do(ADA, "shutdown")
    t.do(ADA, "done")
    t.end_turn(BRUNO)
    t.do(ADA, "restart")
    assert t.m(ADA)["status"] == "booting" and t.m(ADA)["boot_left"] == 2
    assert t.turn["seat"] == BRUNO
    t.end_turn(BRUNO)
    assert t.m(ADA)["status"] == "running" and t.m(ADA)["boot_left"] == 0
    assert t.turn["seat"] == BRUNO  # both of Ada's counters went on the boot again


def test_dual_channel_loads_two_for_one_cycle(table):
    """"Dual Channel Load two memory slots at once for one cycle" """
    t = table()
    t.give(ADA, "nmap", "libao", "libcaca")
    assert "one card per cycle" in t.rejected(ADA, "load 1 2")
    t.install(ADA, "dual_channel")
    t.do(ADA, "load 1 2")
    assert len(t.m(ADA)["memory"]) == 2 and t.view(ADA)["turn"]["free"] == 9


def test_in_the_cloud_borrows_from_the_supply(table):
    """"In The Cloud 5 extra cycles per turn" – ruling: borrowed from the 50-counter supply,
    as many as it holds, and returned at the end of the turn (with the literal box at five
    players the supply is empty)."""
    t = table(players=5, counter_box=True)
    t.install(BRUNO, "in_the_cloud")
    assert t.state["supply"] == 0
    t.end_turn(ADA)
    assert t.turn["extra"] == 0  # the supply is empty: nothing to borrow
    t2 = table()
    t2.install(BRUNO, "in_the_cloud")
    t2.end_turn(ADA)
    assert t2.turn["extra"] == 5 and t2.state["supply"] == 45
    t2.end_turn(BRUNO)
    assert t2.state["supply"] == 50


def test_ddr4_ten_memory_slots(table):
    """"DDR4 10 memory slots" """
    t = table()
    t.install(ADA, "ddr4")
    t.put(ADA, *["libao"] * 6)
    t.give(ADA, "libao")
    t.do(ADA, "load 1")
    assert len(t.m(ADA)["memory"]) == 7


def test_jam_it_in_adds_a_rom_slot(table):
    """"Jam It In Extra Option ROM slot (place two Option ROMs on top of this card)" """
    t = table()
    jam = t.install(ADA, "jam_it_in", "ddr4", "dual_channel")[0]
    t.give(ADA, "jit_compiler", "in_the_cloud")
    assert t.view(ADA)["machines"][ADA]["rom_slots"] == 4  # Jam It In and three others
    t.do(ADA, "shutdown")
    t.do(ADA, "install 1")
    assert "sitting on Jam It In" in t.rejected(ADA, Move("uninstall", jam))
    t.do(ADA, Move("uninstall", t.m(ADA)["roms"][1]))
    t2 = table()
    t2.install(ADA, "ddr4", "dual_channel")
    t2.give(ADA, "jit_compiler")
    t2.do(ADA, "shutdown")
    assert "slot is full" in t2.rejected(ADA, "install 1")


def test_jit_compiler_runs_a_single_source_for_one_cycle(table):
    """"JIT compiler Execute or daemonise one, single, uncompiled, loaded source code card for
    one cycle as if it was a binary." """
    t = table()
    source = t.put(ADA, "perl")[0]
    assert "compile it" in t.rejected(ADA, "execute 1 at bruno")
    t.install(ADA, "jit_compiler")
    t.do(ADA, "execute 1 at bruno")
    assert t.m(BRUNO)["cycles"] == 7 and t.m(ADA)["hand"] == [source]
    assert t.view(ADA)["turn"]["free"] == 9


def test_computing_time_donates_idled_cycles(table):
    """"Computing Time ... Play from backing store at any time for free. Donate any idled
    cycles from your previous turn to the machine of your choice." """
    t = table(players=3)
    card = t.give(CHIARA, "computing_time")[0]
    t.m(CHIARA)["idled_last"] = 4
    assert t.match.prompts()[CHIARA].kind == "any_time"
    assert t.match.prompts()[CHIARA].time_limit is None
    t.do(CHIARA, Move("play", card, target=BRUNO, n=3))
    assert (t.m(CHIARA)["cycles"], t.m(BRUNO)["cycles"]) == (7, 13)
    assert t.m(CHIARA)["idled_last"] == 1 and card in t.state["trash"]
    assert t.turn["seat"] == ADA  # Ada's turn goes on


def test_computing_time_limits(table):
    """"Donate any idled cycles from your previous turn" – no more than were idled."""
    t = table()
    card = t.give(BRUNO, "computing_time")[0]
    assert "no idled cycles" in t.rejected(BRUNO, Move("play", card, target=ADA, n=1))
    t.m(BRUNO)["idled_last"] = 2
    assert "1 to the cycles" in t.rejected(BRUNO, Move("play", card, target=ADA, n=3))


def test_digital_economy_act_makes_a_player_miss_a_turn(table):
    """"Digital Economy Act ... Play from backing store at any time for free. Get another
    player sued for downloading copyright material. They miss a turn to attend court." """
    t = table(players=3)
    t.give(CHIARA, "digital_economy_act")
    t.do(CHIARA, "play 1 at bruno")
    t.end_turn(ADA)
    assert t.turn["seat"] == CHIARA and t.m(BRUNO)["skip"] == 0
    t.end_turn(CHIARA)
    assert t.turn["seat"] == ADA


def test_any_time_cards_only_in_own_turn_option(table):
    """Ruling option any_time=own_turn: the "at any time" cards wait for your turn."""
    t = table(any_time="own_turn")
    t.give(BRUNO, "digital_economy_act")
    assert BRUNO not in t.match.prompts()
    assert "own turn" in t.rejected(BRUNO, "play 1 at ada")


def test_meganet_doubles_attacks_for_the_rest_of_the_turn(table):
    """"SuperHyperUltraGlobalMegaNet 0,0,0 - 2 cycles. Attacks values are doubled for the
    rest of this turn." """
    t = table()
    t.give(ADA, "meganet")
    t.binary(ADA, "perl")
    t.do(ADA, "play 1")
    assert t.view(ADA)["turn"]["free"] == 8 and t.view(ADA)["turn"]["doubled"]
    t.do(ADA, "execute 1 at bruno")
    assert t.m(BRUNO)["cycles"] == 4
    t.end_turn(ADA)
    assert not t.turn["doubled"]


def test_ddos_misses_a_turn_and_matches_every_move(table):
    """"DDoS 0,0,0 - 4 cycles. Choose another machine, that player misses their next turn.
    They match your every move until you or they run out of cycles. (Deduct for any
    daemonised programs they have running.) If you have cycles remaining you may continue
    alone." """
    t = table(players=3)
    t.binary(BRUNO, "iptables", daemon=True)
    t.give(ADA, "ddos")
    t.do(ADA, "play 1 at bruno")
    assert t.view(ADA)["turn"]["free"] == 6 and t.m(BRUNO)["skip"] == 1
    assert t.m(BRUNO)["cycles"] == 10  # DDoS's own cost is not matched
    t.do(ADA, "download")  # absorbed by Bruno's one daemon
    assert t.m(BRUNO)["cycles"] == 10
    t.do(ADA, "idle 3")
    assert t.m(BRUNO)["cycles"] == 7 and t.state["supply"] == 53
    t.end_turn(ADA)
    assert t.turn["seat"] == CHIARA


def test_ddos_until_they_run_out(table):
    """DDoS: "until you or they run out of cycles ... If you have cycles remaining you may
    continue alone." """
    t = table(players=3)
    t.cycles(10, 2, 10)
    t.give(ADA, "ddos")
    t.do(ADA, "play 1 at bruno")
    t.do(ADA, "idle 3")
    assert t.m(BRUNO)["status"] == "out" and t.view(ADA)["turn"]["free"] == 3
    assert t.turn["ddos"] == []


def test_rkhunter_reboots_and_retakes_from_attackers(table):
    """"RKHunter 0,0,0 - Play at the start of your turn. Reboot your machine. While shut down
    you may restore up your 10 cycles by retaking them from anyone who attacked you. (Any
    number from any player(s), but they MUST have attacked you.) You miss the turn in which
    you have fully restarted your machine." """
    t = table(players=3)
    t.cycles(4, 12, 10)
    t.m(ADA)["attackers"] = [BRUNO]
    t.give(ADA, "rkhunter")
    t.binary(ADA, "iptables", daemon=True)
    t.do(ADA, "play 1")
    assert t.m(ADA)["status"] == "down" and t.turn["retake_left"] == 6
    assert "attacked you" in t.rejected(ADA, "retake chiara 1")
    assert "between 1 and 6" in t.rejected(ADA, "retake bruno 7")
    t.do(ADA, "retake bruno 6")
    assert (t.m(ADA)["cycles"], t.m(BRUNO)["cycles"]) == (10, 6)
    t.do(ADA, "done")
    t.end_turn(BRUNO)
    t.end_turn(CHIARA)
    t.do(ADA, "restart")
    # Ada boots fully (1 cycle for the BIOS) and misses the rest of that turn.
    assert t.m(ADA)["status"] == "running" and t.turn["seat"] == BRUNO
    assert any(e.kind == "missed_turn" and e.data.get("rkhunter") for e in t.events)


def test_rkhunter_only_at_the_start(table):
    """RKHunter: "Play at the start of your turn." """
    t = table()
    t.give(ADA, "rkhunter")
    t.do(ADA, "download")
    assert "start of your turn" in t.rejected(ADA, "play 1")


def test_phase_key_names_the_turn_and_window(table):
    """Ruling: a deadline restarts when a turn passes or a window opens or closes, not when
    somebody plays a card out of turn."""
    t = table(players=3)
    key = GAME.phase_key(t.state)
    t.do(ADA, "download")
    assert GAME.phase_key(t.state) == key == "turn 1"
    t.give(CHIARA, "digital_economy_act")
    t.do(CHIARA, "play 1 at bruno")
    assert GAME.phase_key(t.state) == key
    t.binary(BRUNO, "whois", daemon=True)
    t.binary(ADA, "nmap")
    t.do(ADA, "execute 1 at bruno")
    assert GAME.phase_key(t.state) == "turn 1 window 1"
    t.do(BRUNO, "react")
    assert GAME.phase_key(t.state) == "turn 1"
    t.end_turn(ADA)
    assert GAME.phase_key(t.state) == "turn 3"  # Bruno missed turn 2


def test_turn_timeout_idles_the_rest(table):
    """"Once you have no free cycles remaining your turn ends" – ruling: when the turn's time
    runs out, the cycles left are idled (and count as idled)."""
    t = table()
    assert t.match.prompts()[ADA].time_limit == 120
    t.do(ADA, "download")
    t.timeout()
    assert t.turn["seat"] == BRUNO and t.m(ADA)["idled_last"] == 9


def test_discard_timeout_drops_the_newest(table):
    """"you can only have as many cards in backing store as you have cycles" – ruling: when
    time runs out the newest cards go."""
    t = table()
    t.cycles(1, 10)
    first, second = t.give(ADA, "nmap", "ssh")
    t.do(ADA, "idle")
    t.timeout()
    assert t.m(ADA)["hand"] == [first] and t.state["trash"] == [second]
