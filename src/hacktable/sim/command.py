"""`hacktable simulate`: thousands of bot games with a progress bar, then the tables.

Registered by the CLI as `app.command("simulate")(simulate)`. Bad input (an unknown game,
option or bot, a player count the game does not allow) prints one sentence and exits 2.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from hacktable.bots.registry import bot_classes, known_personality
from hacktable.console import fail, parse_options
from hacktable.engine.contract import Game
from hacktable.engine.errors import Rejected
from hacktable.engine.registry import get_game
from hacktable.sim.batch import run_batch
from hacktable.sim.report import print_summary, score_label


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


def simulate(
    game_id: Annotated[str, typer.Argument(help="The game to simulate, e.g. rexfurum.")],
    games: Annotated[int, typer.Option(help="How many matches to play.")] = 1000,
    players: Annotated[int, typer.Option(help="Seats at every table.")] = 6,
    bots: Annotated[str | None, typer.Option(
        help="Bot personalities, comma-separated, dealt to the seats in turn "
             "(default: the game's own bots except random; for Rex Furum "
             "loyal,embezzler,crasher,opportunist).")] = None,
    seed: Annotated[int, typer.Option(help="Match i is played with seed + i.")] = 1,
    workers: Annotated[int, typer.Option(
        help="Worker processes: 0 = one per CPU, 1 = play in this process.")] = 0,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A rule option, name=value (repeatable).")] = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json-out", help="Also write the summary as JSON to this file.")] = None,
) -> None:
    """Play many bot matches and print win rates, scores, game length and action use."""
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
        options = game.options.resolve(parse_options(option or []))
        if json_out is not None and not json_out.parent.is_dir():
            raise Rejected(f"There is no folder {str(json_out.parent)!r} to write "
                           f"{json_out.name!r} in.")
    except Rejected as rejected:
        raise fail(rejected.reason) from None

    processes = workers or os.cpu_count() or 1
    changed = {name: value for name, value in options.items()
               if value != game.options.defaults()[name]}
    console.print(
        f"[bold]{game.name}[/]: {games} games, {players} players "
        f"({', '.join(personalities)}), seed {seed}, "
        f"{processes} worker{'s' if processes != 1 else ''}"
        + (f", options {', '.join(f'{k}={shown(v)}' for k, v in changed.items())}"
           if changed else ""),
        highlight=False, soft_wrap=True)
    started = time.perf_counter()
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                  console=console, transient=False) as bar:
        task = bar.add_task("games", total=games)
        summary = run_batch(game.id, personalities, options, games, seed, processes,
                            progress=lambda done, total: bar.update(task, completed=done))
    elapsed = time.perf_counter() - started
    console.print(f"{games} games in {elapsed:.1f} s ({games / elapsed:.0f} games/s).",
                  highlight=False)
    print_summary(console, summary, players, score_label(game))
    if json_out is not None:
        document: dict[str, Any] = {
            "game": game.id, "games": games, "players": players, "bots": personalities,
            "seed": seed, "options": options, "summary": summary.to_json(),
        }
        json_out.write_text(json.dumps(document, indent=1))
        console.print(f"Summary written to {json_out}.", highlight=False)
