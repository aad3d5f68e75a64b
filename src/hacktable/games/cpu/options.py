"""CPU's rule options. Defaults are the seed's numbers; every ruling in docs/rules/cpu.md
names the option that changes it."""

from hacktable.engine.options import Option, OptionSchema
from hacktable.engine.press import channel_option, reveal_option

OPTIONS = OptionSchema((
    # -- set-up (seed §2–4) ----------------------------------------------------------------
    Option("starting_cycles", 10, "Cycle counters each machine starts with (\"10 Cycle "
           "Counters\", at every table size unless counter_box is on).", 1, 50),
    Option("cycle_counters", 50, "Cycle counters in the box (\"50 Cycle Counters\"): the "
           "supply In The Cloud borrows from and DDoS returns to.", 6, 1000),
    Option("counter_box", False, "Deal the starting cycles out of the box's cycle_counters "
           "(seed §2 read literally): at 5–6 players everyone starts with fewer, and In The "
           "Cloud gets only what is left. Off: everyone starts with starting_cycles and the "
           "box is the supply."),
    Option("first_player", "random", "Who takes the first turn: a machine drawn at random, "
           "or seat 1 (seed: silent).", choices=("random", "seat1")),
    Option("catch_up_cycles", 0, "First-turn compensation: each machine later in the turn "
           "order starts with this many more cycles than the one before it.", 0, 10),
    Option("first_turn_cycles", 0, "First-turn compensation: in the first round the first "
           "machine may spend at most this many cycles, each later one evenly more, the last "
           "one all its starting cycles (0: no limit).", 0, 50),
    Option("hand_size", 6, "Cards dealt into each backing store (\"6 Cards in Backing "
           "Store\").", 0, 20),
    Option("memory_slots", 6, "Memory slots per machine.", 1, 20),
    Option("rom_slots", 2, "Option ROM slots per machine.", 0, 6),
    Option("rom_copies", 4, "Copies of each Option ROM card.", 0, 8),
    Option("source_copies", 4, "Copies of each Source Code card.", 1, 8),
    Option("library_copies", 8, "Copies of each Linked Library card.", 0, 16),
    Option("special_copies", 4, "Copies of each Special Action card.", 0, 8),
    # -- option ROMs (seed §11–12.1) -------------------------------------------------------
    Option("bios_cycles", 1, "Cycles to load the BIOS when restarting.", 0, 10),
    Option("rom_boot_cycles", 1, "Cycles to load each installed Option ROM when restarting.",
           0, 10),
    Option("dual_channel_loads", 2, "Dual Channel: cards loaded for one cycle.", 1, 6),
    Option("cloud_cycles", 5, "In The Cloud: extra cycles per turn, borrowed from the "
           "supply.", 0, 50),
    Option("ddr4_slots", 10, "DDR4: memory slots with it installed.", 1, 30),
    Option("jam_slots", 2, "Jam It In: Option ROMs that sit on top of it (it takes a slot "
           "itself, so it adds this minus one).", 1, 6),
    # -- source specials and special actions (seed §12.2, §12.4) --------------------------
    Option("gdb_cycles", 1, "gdb's Disassembler: extra cycles to disassemble a binary.", 0, 10),
    Option("perl_idled_cycles", 3, "perl's Abysmal Code: idled cycles from the defender's "
           "previous turn that nullify the attack.", 0, 20),
    Option("meganet_cycles", 2, "SuperHyperUltraGlobalMegaNet: cost in cycles.", 0, 20),
    Option("meganet_factor", 2, "SuperHyperUltraGlobalMegaNet: attack values are multiplied "
           "by this for the rest of the turn.", 1, 10),
    Option("ddos_cycles", 4, "DDoS: cost in cycles.", 0, 20),
    Option("rkhunter_restore", 10, "RKHunter: restore up to this many cycles.", 0, 50),
    Option("gdb_target", "own", "Which binary gdb's Disassembler may take apart: one in your "
           "own memory, or also one in the memory of the machine it attacks.",
           choices=("own", "any")),
    Option("computing_time_self", False, "Whether Computing Time may be played on your own "
           "machine during your turn: the donated idled cycles become extra cycles to spend "
           "this turn, borrowed from the supply."),
    Option("idled_cycles", "count", "What using idled cycles for perl's nullification costs: "
           "count (the remembered count drops; no counter moves) or counters (the defender "
           "also returns that many counters to the supply).", choices=("count", "counters")),
    # -- rulings (docs/rules/cpu.md) -------------------------------------------------------
    Option("restart", "choice", "A shut-down machine's next turn: the player chooses to "
           "restart (boot) or stay down (choice; seed: \"you may restart\"), or it boots "
           "automatically.", choices=("choice", "automatic")),
    Option("cloud_on_boot_turn", True, "Whether In The Cloud lends its cycles in the turn "
           "booting completes (its ROM is loaded by then)."),
    Option("daemons_on_missed_turn", False, "Whether daemons still run at the start of a "
           "turn their owner misses (Digital Economy Act, DDoS)."),
    Option("untargeted_execute", True, "Whether gdb may be executed without a target, only "
           "to use its Disassembler (\"you can use its attack value\": may, not must)."),
    Option("reshuffle_disassembles", "trash", "Which binaries are taken apart when the trash "
           "is shuffled into a new draw pile: those in the trash, or every binary in play.",
           choices=("trash", "all")),
    Option("cycle_cap", 0, "Most counters a machine may hold; stolen or donated counters "
           "beyond it go to the supply (0: no cap).", 0, 1000),
    Option("daemon_cycles", 0, "Cycles a daemon costs to run automatically at the start of "
           "its owner's turn (seed: silent; ruled free, its cost was paid when daemonised).",
           0, 10),
    Option("defence_order", "oldest", "Order in which an attack meets the defender's daemons: "
           "oldest daemonised first, strongest defence first, or weakest first.",
           choices=("oldest", "strongest", "weakest")),
    Option("overflow", "spend", "What is left of an attack after a daemon: spend (each "
           "defeated daemon uses up its defence, the rest goes on) or all (the attack must "
           "match every daemon's defence together, then the whole attack lands).",
           choices=("spend", "all")),
    Option("reaction_chain", False, "Whether a reaction's return attack can itself be "
           "reacted to."),
    Option("reaction_default", "react", "What a defender who lets the reaction window run "
           "out does: react (return fire) or decline.", choices=("react", "decline")),
    Option("any_time", "always", "When Computing Time and Digital Economy Act may be played: "
           "always (also during other players' turns) or own_turn.",
           choices=("always", "own_turn")),
    Option("compile_in", "memory", "Where source and libraries must be to compile: memory "
           "(loaded cards; the binary takes the source's slot) or backing_store.",
           choices=("memory", "backing_store")),
    Option("stolen_cycles_usable", False, "Whether cycles gained during your own turn can be "
           "spent in that turn (ruled: they arrive spent)."),
    Option("round_limit", 50, "After this many rounds the game ends; running machines are "
           "ranked by cycles (seed: silent; guarantees the game ends).", 1, 1000),
    # -- clock ------------------------------------------------------------------------------
    Option("turn_seconds", 120, "Time limit of a turn; when it runs out the remaining cycles "
           "are idled.", 5, 7 * 24 * 3600),
    Option("reaction_seconds", 20, "Time limit of a defender's reaction or nullify window.",
           2, 3600),
    channel_option(),
    reveal_option(),
))
