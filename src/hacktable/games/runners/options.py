"""Rules for Runners' options. Every number of the seed is a default here, and every
ruling in docs/rules/runners.md names the option that changes it."""

from hacktable.engine.options import Option, OptionSchema
from hacktable.engine.press import reveal_option

VISIBILITIES = ("gm", "public", "blind", "self")
STATS = ("str", "dex", "int", "cha")
"""Who sees a roll, as in Foundry VTT: `gm` the roller and the GM, `public` everyone,
`blind` the GM only, `self` the roller (and the GM's console, which sees everything)."""

OPTIONS = OptionSchema((
    # -- characters (Rules for Runners, Characters) ------------------------------------------
    Option("stat_points", 12, "Points a new character distributes over STR, DEX, INT and "
           "CHA (\"distribute 12 points\").", 4, 24),
    Option("stat_min", 1, "Lowest value of a stat (\"values from 1 - 6\").", 0, 6),
    Option("stat_max", 6, "Highest value of a stat (\"values from 1 - 6\").", 1, 12),
    Option("hp_bonus", 3, "Base HP is Strength plus this (\"your Strength plus 3\").", 0, 20),
    Option("speed_divisor", 2, "Speed is DEX divided by this, plus speed_bonus "
           "(\"(DEX / 2) + 3\").", 1, 6),
    Option("speed_bonus", 3, "Speed is DEX / speed_divisor plus this.", 0, 10),
    Option("speed_rounding", "exact", "How DEX / 2 is rounded: exact keeps halves (DEX 5 "
           "runs 5.5 squares a second), down or up round to a whole square.",
           choices=("exact", "down", "up")),
    Option("pregens", True, "Runner seats start with the seed's Mica, Damien and Luke "
           "(then balanced 3/3/3/3 characters); players may replace them before the "
           "mission."),
    # -- checks (Rules for Runners, Making Checks) --------------------------------------------
    Option("check_dice", 3, "Dice rolled for a check (\"Roll 3d6\").", 1, 6),
    Option("passive_base", 10, "A passive check is this plus the stat (\"add your score "
           "for the relavent stat to 10\").", 0, 30),
    Option("check_seconds", 2, "Game seconds a generic check takes (\"takes 2 seconds\").",
           0, 10),
    Option("careful_seconds", 3, "Game seconds of a careful check (\"spend 3 seconds and "
           "take +5\").", 0, 10),
    Option("careful_bonus", 5, "Bonus of a careful check (+5).", 0, 20),
    Option("hasty_seconds", 1, "Game seconds of a hasty check (\"only spend 1 second but "
           "get -5\").", 0, 10),
    Option("hasty_penalty", 5, "Penalty of a hasty check (-5).", 0, 20),
    Option("disadvantage", "twice_lower", "Disadvantage (darkness on sight checks), which "
           "the seed does not define: twice_lower rolls the check twice and keeps the lower "
           "total; minus_five takes 5 off.", choices=("twice_lower", "minus_five")),
    Option("roll_visibility", "gm", "Who sees a check unless the GM says otherwise: gm "
           "(the roller and the GM), public, blind (the GM only) or self (the roller, and "
           "the GM, who sees every roll).",
           choices=VISIBILITIES),
    Option("runners_see_results", False, "Whether a runner is told if their check passed "
           "(off: the GM narrates it; the runner sees the dice and the total, never the "
           "DC)."),
    # -- missions (Rules for Runners, Structure of a Mission) ---------------------------------
    Option("initiative_dice", 3, "Dice rolled for initiative at the mission start "
           "(\"Everyone rolls 3d6 and adds their Dexterity\").", 1, 6),
    Option("late_initiative_dice", 2, "Dice rolled for initiative by someone entering the "
           "mission area later (\"roll 2d6 and add your Dexterity\").", 1, 6),
    Option("ties", "table", "Equal initiatives among runners: table (they play "
           "rock-paper-scissors and the GM records the order) or server (the server plays "
           "it for them).", choices=("table", "server")),
    Option("turn_seconds", 30, "Real seconds a runner's turn may take (\"only take up to "
           "30 real-life seconds\").", 5, 600),
    Option("game_seconds", 3, "Game seconds a turn is worth (\"represents 3 in-game "
           "seconds\").", 1, 20),
    Option("npc_turn_seconds", 0, "Real seconds the GM has for a run of NPC turns in a row "
           "(hidden or not: one clock for the whole run); when they run out, every NPC in it "
           "holds. 0 leaves NPC turns untimed (the GM ends them, or lets all NPCs hold).",
           0, 600),
    Option("round_limit", 0, "Rounds after which the mission ends by itself; 0 means only "
           "the GM ends it (the seed sets no limit).", 0, 100),
    # -- actions (Rules for Runners, List of Common Actions) ----------------------------------
    Option("move_seconds", 1, "Game seconds to run Speed squares (\"It takes 1 second\").",
           1, 10),
    Option("sneak_seconds", 3, "Game seconds to start sneaking (\"takes 3 seconds\").",
           0, 10),
    Option("sneak_move_seconds", 2, "Game seconds of a Move while sneaking (\"2 seconds "
           "... instead of 1\").", 1, 10),
    Option("attack_stat", "str", "The stat a runner's attack checks unless the GM names "
           "another (the seed gives none; Strength: \"how tough your bones and muscles "
           "are\").", choices=STATS),
    Option("unlock_stat", "dex", "The stat of an unlock (\"The GM tells Mica to roll for "
           "Dexterity\").", choices=STATS),
    Option("hack_stat", "int", "The stat of a hack (Intelligence: \"checks made to "
           "physically operate devices\").", choices=STATS),
    Option("search_stat", "int", "The stat of a search (Intelligence: \"find things\").",
           choices=STATS),
    Option("attack_damage", 1, "HP an attack takes (HP is \"the amount of attacks you can "
           "take\").", 1, 10),
    Option("diagonals", True, "Whether a move may step diagonally (a diagonal step is one "
           "square; the seed's grid is silent)."),
    Option("map", "corridor", "The map a mission starts with, until the GM loads their own: "
           "corridor (a small built-in floor) or none (theatre of the mind: moves are "
           "counted in squares).", choices=("corridor", "none")),
    reveal_option(),
))
