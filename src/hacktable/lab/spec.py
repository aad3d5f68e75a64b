"""What a Lab run asks for, checked before anything starts, and the command that plays it.

The form's fields are checked with the same functions `hacktable simulate` uses (bots,
options, sweeps), so the page refuses exactly what the command would, in the same
sentence, and a run that starts is the command-line run the page shows for copying.
"""

from __future__ import annotations

import math
import shlex
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from hacktable.bots.ismcts import DEFAULT_ITERATIONS, ThinkerBot
from hacktable.bots.registry import (
    GUIDED,
    TREE,
    default_bots,
    seat_personalities,
    split_budget,
)
from hacktable.engine.errors import Rejected
from hacktable.engine.options import parse_options
from hacktable.engine.parts import AnyGame
from hacktable.games import get_game
from hacktable.sim.sweeps import grid, parse_sweeps

MAX_GAMES = 5000
"""Games one run may play in all (every sweep cell together): each one costs processor time."""
MAX_CELLS = 60
"""Sweep cells one run may have."""
MAX_ITERATIONS = 1024
"""Search iterations a move one bot may ask for (`thinker:1024`): a run's cost grows with
them, and a visitor must not start a run that never ends."""
DEFAULT_GAMES = 200


@dataclass(frozen=True, slots=True)
class Spec:
    """One run, as checked: everything `hacktable simulate` needs."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    rotate: bool
    options: tuple[str, ...]
    """`name=value`, as typed after `--option`."""
    sweeps: tuple[str, ...]
    """`name=a,b,c`, as typed after `--sweep`."""
    cells: int

    @property
    def total(self) -> int:
        """Games played in all: the progress bar's end."""
        return self.games * self.cells

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Spec:
        return cls(game=str(data["game"]), players=int(data["players"]),
                   bots=tuple(data["bots"]), games=int(data["games"]),
                   seed=int(data["seed"]), rotate=bool(data["rotate"]),
                   options=tuple(data["options"]), sweeps=tuple(data["sweeps"]),
                   cells=int(data["cells"]))

    def arguments(self) -> list[str]:
        """The `hacktable simulate` arguments, without the output files."""
        args = [self.game, "--players", str(self.players), "--bots", ",".join(self.bots),
                "--games", str(self.games), "--seed", str(self.seed)]
        if self.rotate:
            args.append("--rotate")
        for option in self.options:
            args += ["--option", option]
        for sweep in self.sweeps:
            args += ["--sweep", sweep]
        return args

    def command(self, folder: Path, workers: int) -> list[str]:
        """The process to start: the simulator's run (in a process that stops with the
        server, `child`), reading this spec from `folder`'s job.json and writing there."""
        return [sys.executable, "-m", "hacktable.lab.child", str(folder), str(workers)]

    def shown(self) -> str:
        """The same run as a designer would type it in a terminal: one flag a line, so a
        narrow screen never breaks a flag from its value."""
        args = [*self.arguments(), "--results", "results.jsonl", "--report", "report.html"]
        groups = [["hacktable", "simulate", args[0]]]
        for arg in args[1:]:
            if arg.startswith("--"):
                groups.append([arg])
            else:
                groups[-1].append(arg)
        return " \\\n    ".join(shlex.join(group) for group in groups)


def first(form: Mapping[str, Sequence[str]], name: str, default: str = "") -> str:
    values = form.get(name) or []
    return values[0].strip() if values else default


def whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise Rejected(f"{what} must be a whole number, not {shown!r}.") from None


def lines(values: Sequence[str]) -> list[str]:
    """Every non-empty line of every value (a textarea, or one field per entry)."""
    return [line.strip() for value in values for line in value.splitlines() if line.strip()]


def check(form: Mapping[str, Sequence[str]]) -> Spec:
    """The run a submitted form asks for, or `Rejected` with one sentence saying what to fix.

    `form` maps each field to its values, as a browser sends them: `game`, `players`, `bots`
    (comma-separated), `games`, `seed`, `rotate` (present: on), `option` (each `name=value`)
    and `sweeps` (one `name=a,b,c` a line)."""
    game = get_game(first(form, "game") or "?")
    players = whole(first(form, "players"), "Players")
    if not game.min_seats <= players <= game.max_seats:
        raise Rejected(f"{game.name} is played by {game.min_seats} to {game.max_seats} "
                       f"players, not {players}.")
    games = whole(first(form, "games", str(DEFAULT_GAMES)), "Games")
    if not 1 <= games <= MAX_GAMES:
        raise Rejected(f"Play from 1 to {MAX_GAMES:,} games, not {games:,}.")
    seed = whole(first(form, "seed", "1"), "The first seed")
    if not 0 <= seed <= 2**31:
        raise Rejected(f"The first seed must be from 0 to {2**31:,}, not {seed:,}.")
    seat_personalities(game, first(form, "bots") or None, players)  # every name known
    named = [b.strip() for b in first(form, "bots").split(",") if b.strip()] or default_bots(game)
    for bot in named:
        _, budget = split_budget(bot)
        if budget is not None and budget > MAX_ITERATIONS:
            raise Rejected(f"{bot} asks for {budget:,} iterations a move; the Lab allows up "
                           f"to {MAX_ITERATIONS:,} (e.g. thinker:{MAX_ITERATIONS}).")
    options = lines(form.get("option") or [])
    base = parse_options(options)
    sweeps = lines(form.get("sweeps") or [])
    axes = parse_sweeps(sweeps)
    count = math.prod(len(values) for _, values in axes)  # before the grid is ever built
    if count > MAX_CELLS:
        raise Rejected(f"Those sweeps make {count:,} configurations; keep them to "
                       f"{MAX_CELLS} or fewer.")
    cells = grid(axes)
    for swept in cells:
        game.options.resolve({**base, **swept})
    if games * len(cells) > MAX_GAMES:
        raise Rejected(f"{games:,} games in each of {len(cells)} configurations make "
                       f"{games * len(cells):,}; keep the whole run to {MAX_GAMES:,} games.")
    return Spec(game=game.id, players=players, bots=tuple(named), games=games, seed=seed,
                rotate=bool(form.get("rotate")),
                options=tuple(f"{name}={value}" for name, value in base.items()),
                sweeps=tuple(sweeps), cells=len(cells))


SEARCHERS = (ThinkerBot.personality, GUIDED, TREE)
FIELDS = frozenset({"game", "players", "bots", "games", "seed", "rotate", "option", "sweeps"})
"""What a run may be asked with; anything else is refused, as the API refuses it."""


def unknown_fields(form: Mapping[str, Sequence[str]]) -> None:
    """`Rejected` naming the first field the Lab does not know (a typo must not start a
    run that was not asked for)."""
    unknown = sorted(set(form) - FIELDS)
    if unknown:
        shown = unknown[0] if len(unknown[0]) <= 40 else unknown[0][:40] + "…"
        raise Rejected(f"The Lab has no field {shown!r}; a run is asked for with "
                       f"{', '.join(sorted(FIELDS))}.")


def seat_cost(personality: str) -> int:
    """What one seat's bot costs a game, in search iterations a move: a searching bot its
    budget, any other bot 1."""
    name, budget = split_budget(personality)
    return (budget or DEFAULT_ITERATIONS) if name in SEARCHERS else 1


def game_cost(spec: Spec) -> int:
    """One game's cost: every seat's bot, as dealt round the table."""
    seats = seat_personalities(get_game(spec.game), ",".join(spec.bots), spec.players)
    return sum(seat_cost(seat) for seat in seats)


def capped(spec: Spec, budget: float) -> tuple[Spec, str]:
    """The run cut to fit `budget` (games x each game's cost), and the sentence that says
    so; as asked, and "", where it fits (or `budget` is 0: no cap)."""
    each = game_cost(spec)
    if budget <= 0 or spec.total * each <= budget:
        return spec, ""
    games = max(1, int(budget // (each * spec.cells)))
    cut = replace(spec, games=games)
    return cut, (f"Cut to {cut.total:,} games of the {spec.total:,} asked for: these bots "
                 f"search {each:,} iterations a move between them, and a Lab run here may "
                 f"spend {budget:,.0f} (games times that) in all. Ask for fewer games, or a "
                 "smaller search budget (thinker:64), to play a run whole.")


def defaults(game: AnyGame) -> dict[str, Any]:
    """What the form shows before anything is typed: the game's own bots, one a seat."""
    bots = default_bots(game)
    return {"players": min(max(len(bots), game.min_seats), game.max_seats),
            "bots": ",".join(bots), "games": DEFAULT_GAMES, "seed": 1, "rotate": True,
            "sweeps": ""}
