"""`hacktable simulate`: thousands of bot games with a progress bar, then the tables.

Registered by the CLI as `app.command("simulate")(simulate)`. Bad input (an unknown game,
option or bot, a player count the game does not allow) prints one sentence and exits 2.
`--cluster ADDRESS` plays the same games on a Dask cluster (`sim/cluster.py`).
"""

from __future__ import annotations

import itertools
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from hacktable.bots.registry import bot_classes, known_personality
from hacktable.console import fail, parse_options
from hacktable.engine.contract import Game
from hacktable.engine.errors import Rejected
from hacktable.games import get_game
from hacktable.sim.batch import play_seeds
from hacktable.sim.cluster import connect
from hacktable.sim.report import interval, number, percent, print_summary, score_label
from hacktable.sim.results import GameResult
from hacktable.sim.store import Appender, cell_key, load
from hacktable.sim.summary import Summary


def default_bots(game: Game) -> list[str]:
    """The game's own bots but its random baseline, or the generic random bot if it has none.

    For Rex Furum that is loyal, embezzler, crasher, opportunist."""
    own = [name for name in game.bots() if name != "random"]
    return own or ["random-legal"]


def seat_personalities(game: Game, bots: str | None, players: int) -> list[str]:
    """The bot list dealt round-robin over the seats, every name checked."""
    names = [b.strip() for b in bots.split(",") if b.strip()] if bots else default_bots(game)
    if not names:
        raise Rejected("Name at least one bot personality with --bots.")
    known = bot_classes(game)
    for name in names:
        if not known_personality(game, name):
            raise Rejected(f"{game.name} has no bot called {name!r}; try one of: "
                           f"{', '.join(sorted(known))}.")
    return [names[seat % len(names)] for seat in range(players)]


def shown(value: object) -> str:
    """An option value as it is typed: true/false rather than Python's True/False."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_sweeps(sweeps: list[str]) -> list[tuple[str, list[str]]]:
    """`name=a,b,c` into (name, [a, b, c]); each sweep is an axis of the grid."""
    axes: list[tuple[str, list[str]]] = []
    for sweep in sweeps:
        name, sep, values = sweep.partition("=")
        listed = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not name.strip() or not listed:
            raise Rejected(f"Write a sweep as name=a,b,c, not {sweep!r}.")
        if any(name.strip() == axis for axis, _ in axes):
            raise Rejected(f"Option {name.strip()!r} is swept twice.")
        axes.append((name.strip(), listed))
    return axes


def grid(axes: list[tuple[str, list[str]]]) -> list[dict[str, str]]:
    """Every combination of the swept values, the first axis varying slowest."""
    return [dict(zip([name for name, _ in axes], values, strict=True))
            for values in itertools.product(*(values for _, values in axes))]


@dataclass
class Cell:
    """One configuration of a run: the options it sets on top of the base, and its results."""

    swept: dict[str, Any]
    options: dict[str, Any]
    key: str
    stored: dict[Any, GameResult] = field(default_factory=dict)
    summary: Summary | None = None


def simulate(
    game_id: Annotated[str, typer.Argument(help="The game to simulate, e.g. rexfurum.")],
    games: Annotated[int, typer.Option(help="How many matches to play (per sweep cell).")] = 1000,
    players: Annotated[int, typer.Option(help="Seats at every table.")] = 6,
    bots: Annotated[str | None, typer.Option(
        help="Bot personalities, comma-separated, dealt to the seats in turn "
             "(default: the game's own bots except random; for Rex Furum "
             "loyal,embezzler,crasher,opportunist). thinker:N searches N iterations a move.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Match i is played with seed + i.")] = 1,
    workers: Annotated[int, typer.Option(
        help="Worker processes: 0 = one per CPU, 1 = play in this process.")] = 0,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A rule option, name=value (repeatable).")] = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json-out", help="Also write the summary as JSON to this file.")] = None,
    rotate: Annotated[bool, typer.Option(
        "--rotate/--no-rotate",
        help="Move the bots round the table from game to game (by the seed), so that a "
             "seat's advantage and a bot's strength can be told apart.")] = False,
    sweep: Annotated[list[str] | None, typer.Option(
        "--sweep", help="Play every value of a rule option, name=a,b,c (repeat for a grid).")
    ] = None,
    results: Annotated[Path | None, typer.Option(
        "--results", help="Append each match's result to this JSONL file as it finishes; "
                          "a rerun with the same file continues where it stopped.")] = None,
    report: Annotated[Path | None, typer.Option(
        "--report", help="Write a self-contained HTML page with charts to this file.")] = None,
    cluster: Annotated[str | None, typer.Option(
        "--cluster", help="Play on the Dask cluster whose scheduler is at this address "
                          "(tcp://HOST:8786), or 'local' to start one here; same results as "
                          "a local run. Needs pip install 'hacktable\\[cluster]'.")] = None,
) -> None:
    """Play many bot matches and print win rates (with 95% intervals), scores, game length
    and action use; sweep rule options, keep results as they come, draw a report."""
    console = Console()
    try:
        game = get_game(game_id)
        if games < 1:
            raise Rejected(f"Play at least one game, not {games}.")
        if not game.min_seats <= players <= game.max_seats:
            raise Rejected(f"{game.name} is played by {game.min_seats} to {game.max_seats} "
                           f"players, not {players}.")
        if workers < 0:
            raise Rejected(f"Workers must be 0 (one per CPU) or more, not {workers}.")
        personalities = seat_personalities(game, bots, players)
        base = parse_options(option or [])
        axes = parse_sweeps(sweep or [])
        cells = []
        for swept in grid(axes):
            resolved = game.options.resolve({**base, **swept})
            chosen = {name: resolved[name] for name in swept}
            cells.append(Cell(chosen, resolved, cell_key(resolved, personalities, rotate)))
        options = cells[0].options
        for path in (json_out, results, report):
            if path is not None and not path.parent.is_dir():
                raise Rejected(f"There is no folder {str(path.parent)!r} to write "
                               f"{path.name!r} in.")
    except Rejected as rejected:
        raise fail(rejected.reason) from None
    try:
        remote = connect(cluster) if cluster is not None else None
    except Rejected as rejected:  # its address and the extra's [brackets] are not markup
        raise fail(escape(rejected.reason)) from None

    processes = remote.slots if remote is not None else workers or os.cpu_count() or 1
    where = (f"on the Dask cluster at {remote.address} ({remote.workers} workers, "
             f"{processes} threads)" if remote is not None else
             f"{processes} worker{'s' if processes != 1 else ''}")
    changed = {name: value for name, value in options.items()
               if value != game.options.defaults()[name] and not any(
                   name == axis for axis, _ in axes)}
    console.print(
        f"[bold]{game.name}[/]: {games} games, {players} players "
        f"({', '.join(personalities)}{', rotated' if rotate else ''}), seed {seed}, "
        f"{where}"
        + (f", options {', '.join(f'{k}={shown(v)}' for k, v in changed.items())}"
           if changed else "")
        + (f", sweeping {' x '.join(name + '=' + ','.join(values) for name, values in axes)}"
           f" ({len(cells)} cells)" if axes else ""),
        highlight=False, soft_wrap=True)
    stored = load(results, game.id)
    seeds = list(range(seed, seed + games))
    for cell in cells:
        cell.stored = {s: r for s, r in stored.get(cell.key, {}).items() if s in seeds}
    resumed = sum(len(cell.stored) for cell in cells)
    if resumed:
        console.print(f"Continuing: {resumed} of {games * len(cells)} games were already in "
                      f"{results}.", highlight=False)
    total = games * len(cells)
    appender = Appender(results, game.id)
    started = time.perf_counter()
    try:
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                      console=console, transient=False) as bar:
            task = bar.add_task("games", total=total, completed=resumed)
            before = resumed
            for cell in cells:
                todo = [s for s in seeds if s not in cell.stored]

                def keep(result: GameResult, cell: Cell = cell) -> None:
                    cell.stored[result.seed] = result
                    appender.add(cell.key, result)

                def moved(done: int, _total: int, before: int = before) -> None:
                    bar.update(task, completed=before + done)

                play_seeds(game.id, personalities, cell.options, todo, processes, moved, keep,
                           rotate, remote.executor if remote is not None else None)
                before += len(todo)
                cell.summary = Summary(game.id).add_all(
                    cell.stored[s] for s in sorted(cell.stored))
    finally:
        appender.close()
        if remote is not None:
            remote.close()
    elapsed = time.perf_counter() - started
    played = total - resumed
    console.print(f"{played} games in {elapsed:.1f} s ({played / max(elapsed, 1e-9):.0f} "
                  "games/s).", highlight=False)
    summaries = [cell.summary for cell in cells if cell.summary is not None]
    if axes:
        console.print(sweep_table(cells, summaries, players))
    else:
        print_summary(console, summaries[0], players, score_label(game))
    if results is not None:
        console.print(f"Results kept in {results}.", highlight=False)
    if json_out is not None:
        document: dict[str, Any] = {
            "game": game.id, "games": games, "players": players, "bots": personalities,
            "seed": seed, "options": options, "rotate": rotate,
            "summary": summaries[0].to_json(),
        }
        if axes:
            document["cells"] = [{"swept": cell.swept, "options": cell.options,
                                  "summary": summary.to_json()}
                                 for cell, summary in zip(cells, summaries, strict=True)]
        json_out.write_text(json.dumps(document, indent=1))
        console.print(f"Summary written to {json_out}.", highlight=False)
    if report is not None:
        from hacktable.sim.html import write_report

        write_report(report, game, personalities, players, rotate, seed,
                     [(cell.swept, summary) for cell, summary in zip(cells, summaries,
                                                                      strict=True)],
                     [name for name, _ in axes], score_label(game))
        console.print(f"Report written to {report}.", highlight=False)


def sweep_table(cells: list[Cell], summaries: list[Summary], players: int) -> Table:
    """One row per cell: what it set, and each bot's wins per seat (or the team's rate)."""
    table = Table(title="Sweep: win rate per seat played (95% CI)", title_justify="left")
    for name in cells[0].swept:
        table.add_column(name, justify="right")
    table.add_column("games", justify="right")
    names = sorted({row["personality"] for summary in summaries for row in summary.win_rates()})
    cooperative = any(summary.cooperative for summary in summaries)
    columns = ["team"] if cooperative else names
    for name in columns:
        table.add_column(name, justify="right")
    table.add_column("mean length", justify="right")
    for cell, summary in zip(cells, summaries, strict=True):
        if cooperative:
            team = summary.team_rate()
            rates = [f"{percent(team['rate'])} ({interval(team['ci'])})"]
        else:
            rows = {row["personality"]: row for row in summary.win_rates()}
            rates = [f"{percent(rows[n]['per_seat'])} ({interval(rows[n]['ci'])})"
                     if n in rows else "-" for n in names]
        table.add_row(*(shown(v) for v in cell.swept.values()), f"{summary.games:,}", *rates,
                      number(round(summary.phase_distribution()["mean"], 1)))
    return table
