"""A simulator run without a terminal: check what is asked, play it, write what it found.

`hacktable simulate` (`sim/command.py`) wraps this in a command line with a progress bar
and tables; a Lab run's process (`hacktable.lab.child`) plays the same run with plain
lines, importing neither the command line nor its libraries. Bad input raises `Rejected`
with one sentence, before anything is played.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hacktable.bots.registry import seat_personalities
from hacktable.engine.errors import Rejected
from hacktable.engine.options import parse_options
from hacktable.engine.parts import AnyGame
from hacktable.games import get_game
from hacktable.sim.batch import play_seeds
from hacktable.sim.results import GameResult
from hacktable.sim.store import Appender, cell_key, load
from hacktable.sim.summary import Summary, score_label
from hacktable.sim.sweeps import grid, parse_sweeps, shown


@dataclass
class Cell:
    """One configuration of a run: the options it sets on top of the base, and its results."""

    swept: dict[str, Any]
    options: dict[str, Any]
    key: str
    stored: dict[Any, GameResult] = field(default_factory=dict)
    summary: Summary | None = None


@dataclass
class Plan:
    """A checked run: the game, the seats' bots, the seeds and every sweep cell."""

    game: AnyGame
    games: int
    players: int
    personalities: list[str]
    seed: int
    rotate: bool
    axes: list[tuple[str, list[str]]]
    cells: list[Cell]

    @property
    def total(self) -> int:
        return self.games * len(self.cells)

    @property
    def seeds(self) -> list[int]:
        return list(range(self.seed, self.seed + self.games))

    def heading(self, where: str) -> str:
        """The run's first line: what is played, where, and under which options."""
        options = self.cells[0].options
        defaults = self.game.options.defaults()
        changed = {name: value for name, value in options.items()
                   if value != defaults[name] and not any(name == axis for axis, _ in self.axes)}
        return (
            f"{self.game.name}: {self.games} games, {self.players} players "
            f"({', '.join(self.personalities)}{', rotated' if self.rotate else ''}), "
            f"seed {self.seed}, {where}"
            + (f", options {', '.join(f'{k}={shown(v)}' for k, v in changed.items())}"
               if changed else "")
            + (f", sweeping {' x '.join(n + '=' + ','.join(vs) for n, vs in self.axes)}"
               f" ({len(self.cells)} cells)" if self.axes else ""))

    def summaries(self) -> list[Summary]:
        return [cell.summary for cell in self.cells if cell.summary is not None]


def plan(game_id: str, games: int, players: int, bots: str | None, seed: int, workers: int,
         options: Sequence[str], rotate: bool, sweeps: Sequence[str],
         outputs: Sequence[Path | None] = ()) -> Plan:
    """The run asked for, every part checked (`Rejected` says what to fix)."""
    game = get_game(game_id)
    if games < 1:
        raise Rejected(f"Play at least one game, not {games}.")
    if not game.min_seats <= players <= game.max_seats:
        raise Rejected(f"{game.name} is played by {game.min_seats} to {game.max_seats} "
                       f"players, not {players}.")
    if workers < 0:
        raise Rejected(f"Workers must be 0 (one per CPU) or more, not {workers}.")
    personalities = seat_personalities(game, bots, players)
    base = parse_options(list(options))
    axes = parse_sweeps(list(sweeps))
    cells = []
    for swept in grid(axes):
        resolved = game.options.resolve({**base, **swept})
        chosen = {name: resolved[name] for name in swept}
        cells.append(Cell(chosen, resolved, cell_key(resolved, personalities, rotate)))
    for path in outputs:
        if path is not None and not path.parent.is_dir():
            raise Rejected(f"There is no folder {str(path.parent)!r} to write "
                           f"{path.name!r} in.")
    return Plan(game, games, players, personalities, seed, rotate, axes, cells)


def resume(run: Plan, results: Path | None) -> int:
    """Take the games already kept in `results` into the cells; how many there were."""
    stored = load(results, run.game.id)
    seeds = run.seeds
    for cell in run.cells:
        cell.stored = {s: r for s, r in stored.get(cell.key, {}).items() if s in seeds}
    return sum(len(cell.stored) for cell in run.cells)


def play(run: Plan, processes: int, results: Path | None, executor: Executor | None,
         progress: Callable[[int], None]) -> None:
    """Play every game not yet kept, appending each result to `results` as it finishes;
    `progress` hears the number of games done in all (kept ones included)."""
    appender = Appender(results, run.game.id)
    seeds = run.seeds
    try:
        before = sum(len(cell.stored) for cell in run.cells)
        for cell in run.cells:
            todo = [s for s in seeds if s not in cell.stored]

            def keep(result: GameResult, cell: Cell = cell) -> None:
                cell.stored[result.seed] = result
                appender.add(cell.key, result)

            def moved(done: int, _total: int, before: int = before) -> None:
                progress(before + done)

            play_seeds(run.game.id, run.personalities, cell.options, todo, processes, moved,
                       keep, run.rotate, executor)
            before += len(todo)
            cell.summary = Summary(run.game.id).add_all(
                cell.stored[s] for s in sorted(cell.stored))
    finally:
        appender.close()


def write_json(run: Plan, path: Path) -> None:
    """The summary (and each sweep cell's) as JSON."""
    summaries = run.summaries()
    document: dict[str, Any] = {
        "game": run.game.id, "games": run.games, "players": run.players,
        "bots": run.personalities, "seed": run.seed, "options": run.cells[0].options,
        "rotate": run.rotate, "summary": summaries[0].to_json(),
    }
    if run.axes:
        document["cells"] = [{"swept": cell.swept, "options": cell.options,
                              "summary": summary.to_json()}
                             for cell, summary in zip(run.cells, summaries, strict=True)]
    path.write_text(json.dumps(document, indent=1))


def write_report(run: Plan, path: Path) -> None:
    """The self-contained HTML page with charts."""
    from hacktable.sim.html import write_report as write

    summaries = run.summaries()
    write(path, run.game, run.personalities, run.players, run.rotate, run.seed,
          [(cell.swept, summary) for cell, summary in zip(run.cells, summaries, strict=True)],
          [name for name, _ in run.axes], score_label(run.game))
