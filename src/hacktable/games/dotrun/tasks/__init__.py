"""./Run's hacking tasks: pure generators, checkers and solvers for the four colours.

    task = generate("blue", ring=2, rng=rng, difficulty=options, innermost=True)
    state["task"] = task.to_json()              # answer and hidden parts stay in the state
    view = public_view(task)                    # all the hacker's screen may get
    check(task, "5 7 3 1 0 4")                  # the hacker's answer
    audio.render(task.hidden["audio"])          # blue only: WAV bytes, in the web layer

`SOURCE` is the same interface in the shape of the engine's `tasking.TaskSource`. See
docs/rules/dotrun-tasks.md for the rulings and the difficulty options.
"""

from hacktable.games.dotrun.tasks.generate import (
    Ear,
    check,
    generate,
    guessable,
    normalise,
    solve,
)
from hacktable.games.dotrun.tasks.model import (
    COLOURS,
    INNER,
    MIDDLE,
    OUTER,
    RINGS,
    Task,
    Unsolvable,
    public_view,
)
from hacktable.games.dotrun.tasks.options import TASK_OPTIONS, settings
from hacktable.games.dotrun.tasks.reader import Collision, collisions
from hacktable.games.dotrun.tasks.source import SOURCE, SeedTasks
from hacktable.games.dotrun.tasks.stats import advice, rates, record

__all__ = [
    "COLOURS", "INNER", "MIDDLE", "OUTER", "RINGS", "SOURCE", "TASK_OPTIONS", "Collision", "Ear",
    "SeedTasks", "Task",
    "Unsolvable", "advice", "check", "collisions", "generate", "guessable", "normalise",
    "public_view", "rates", "record", "settings", "solve",
]
