"""./Run's rule options. Defaults are the seed's numbers; docs/rules/dotrun.md names the
option behind every ruling."""

from hacktable.engine.options import Option, OptionSchema
from hacktable.engine.press import channel_option, reveal_option
from hacktable.games.dotrun.board import board_names
from hacktable.games.dotrun.tasks.options import TASK_OPTIONS

OPTIONS = OptionSchema((
    Option("board", "default", "The board file (geometry, terminals, paths).",
           choices=board_names()),
    Option("alertness_limit", 9, "The players lose when the alertness tracker reaches this.",
           1, 50),
    Option("failed_hack_alertness", 2, "Alertness added by each failed hacking attempt.",
           0, 20),
    Option("round_alertness", 1, "Alertness added at the end of every turn nobody won.", 0, 20),
    Option("lockouts", 5, "Terminal lockout tokens in the supply.", 0, 40),
    Option("card_copies", 6, "Copies of each running card (clockwise, counterclockwise, cd, "
           "echo, touch): 6 makes the seed's 30.", 1, 20),
    Option("stress_seconds", 30, "Length of the stress phase in seconds.", 5, 600),
    Option("planning_seconds", 0, "Time limit of the planning phase in seconds; 0 = untimed "
           "(the seed's planning has no timer).", 0, 3600),
    Option("start", "choose", "Start spaces: players choose free outer spaces, or they are "
           "dealt at random.", choices=("choose", "random")),
    Option("alarm_stops_runners", True, "When failed hacks bring the alertness to the limit, "
           "the players lose at once, before runners move (false: runners still move and a "
           "runner at the goal wins)."),
    Option("tasks", "seed", "Hacking tasks: the seed's tasks for each colour and ring, or a "
           "code to type (for learning the game).", choices=("seed", "code")),
    *TASK_OPTIONS,  # difficulty per ring, tuned from the per-task success statistics
    channel_option(),
    reveal_option(),
))
