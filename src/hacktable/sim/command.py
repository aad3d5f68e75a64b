"""`hacktable simulate`: thousands of bot games with a progress bar, then the tables.

Registered by the CLI as `app.command("simulate")(simulate)`. Bad input (an unknown game,
option or bot, a player count the game does not allow) prints one sentence and exits 2.
`--cluster ADDRESS` plays the same games on a Dask cluster (`sim/cluster.py`). The run
itself is `sim/simulation.py`, which the Lab plays without this command line.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Annotated

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

from hacktable.console import fail
from hacktable.engine.errors import Rejected
from hacktable.sim import simulation
from hacktable.sim.cluster import connect
from hacktable.sim.report import interval, number, percent, print_summary
from hacktable.sim.simulation import Cell
from hacktable.sim.summary import Summary, score_label
from hacktable.sim.sweeps import shown


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
    outputs = (json_out, results, report)
    try:
        run = simulation.plan(game_id, games, players, bots, seed, workers, option or [],
                              rotate, sweep or [], outputs)
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
    console.print(f"[bold]{run.game.name}[/]" + run.heading(where).removeprefix(run.game.name),
                  highlight=False, soft_wrap=True)
    resumed = simulation.resume(run, results)
    if resumed:
        console.print(f"Continuing: {resumed} of {run.total} games were already in "
                      f"{results}.", highlight=False)
    started = time.perf_counter()
    try:
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                      console=console, transient=False) as bar:
            task = bar.add_task("games", total=run.total, completed=resumed)
            simulation.play(run, processes, results,
                            remote.executor if remote is not None else None,
                            lambda done: bar.update(task, completed=done))
    finally:
        if remote is not None:
            remote.close()
    elapsed = time.perf_counter() - started
    played = run.total - resumed
    console.print(f"{played} games in {elapsed:.1f} s ({played / max(elapsed, 1e-9):.0f} "
                  "games/s).", highlight=False)
    summaries = run.summaries()
    if run.axes:
        console.print(sweep_table(run.cells, summaries, players))
    else:
        print_summary(console, summaries[0], players, score_label(run.game))
    if results is not None:
        console.print(f"Results kept in {results}.", highlight=False)
    if json_out is not None:
        simulation.write_json(run, json_out)
        console.print(f"Summary written to {json_out}.", highlight=False)
    if report is not None:
        simulation.write_report(run, report)
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
