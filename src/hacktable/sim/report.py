"""A summary as Rich tables, narrow enough for an 80-column terminal."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.console import Console, JustifyMethod
from rich.table import Table

from hacktable.sim.summary import Summary


def add_columns(table: Table, columns: Sequence[tuple[str, JustifyMethod]]) -> None:
    """Add each (header, justification) column, in order."""
    for name, justify in columns:
        table.add_column(name, justify=justify)


def number(value: float) -> str:
    """Whole numbers with thousands separators; others with one decimal; NaN as a dash."""
    if math.isnan(value):
        return "-"
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.1f}"


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def interval(ci: tuple[float, float] | list[float]) -> str:
    """A 95% interval as "41.2–47.9%"."""
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


def win_table(summary: Summary, players: int) -> Table:
    if summary.cooperative:
        team = summary.team_rate()
        caption = (f"co-operative: every seat wins or loses together (the team won "
                   f"{summary.team_wins:,} of {summary.finished:,} games, 95% CI "
                   f"{interval(team['ci'])}); there is no fair share between seats")
    else:
        caption = (f"ties of k winners credit 1/k each; a fair seat wins "
                   f"{percent(1 / players)} of its games")
    table = Table(title="Win rate by personality", title_justify="left", caption=caption,
                  caption_justify="left")
    add_columns(table, (("bot", "left"), ("seats", "right"), ("wins", "right"),
                       ("share of wins", "right"), ("wins per seat", "right"),
                       ("95% CI", "right")))
    for row in summary.win_rates():
        table.add_row(row["personality"], f"{row['seats']:,}", number(round(row["wins"], 1)),
                      percent(row["win_share"]), percent(row["per_seat"]), interval(row["ci"]))
    return table


def seat_table(summary: Summary) -> Table:
    table = Table(title="Win rate by seat", title_justify="left")
    add_columns(table, (("seat", "right"), ("bot", "left"), ("wins", "right"),
                       ("rate", "right"), ("95% CI", "right")))
    for row in summary.seat_rates():
        table.add_row(str(row["seat"]), ", ".join(row["personalities"]),
                      number(round(row["wins"], 1)), percent(row["rate"]), interval(row["ci"]))
    return table


def score_table(summary: Summary, label: str = "score") -> Table:
    title = "Final score by personality" if label == "score" else (
        f"Final score ({label}) by personality")
    table = Table(title=title, title_justify="left")
    table.add_column("bot")
    for name in ("mean", "p10", "median", "p90", "min", "max"):
        table.add_column(name, justify="right")
    for personality, stats in summary.score_distribution().items():
        table.add_row(personality, *(number(round(stats[key])) if not math.isnan(stats[key])
                                     else "-" for key in ("mean", "p10", "median", "p90",
                                                          "min", "max")))
    return table


def phase_table(summary: Summary) -> Table:
    stats = summary.phase_distribution()
    table = Table(title="Rounds (closed phases) per game", title_justify="left")
    for name in ("games", "finished", "mean", "min", "median", "max"):
        table.add_column(name, justify="right")
    table.add_row(f"{summary.games:,}", f"{summary.finished:,}", number(round(stats["mean"], 1)),
                  number(stats["min"]), number(stats["median"]), number(stats["max"]))
    return table


def action_table(summary: Summary) -> Table:
    table = Table(title="How often each action was used", title_justify="left")
    add_columns(table, (("action", "left"), ("total", "right"), ("per game", "right"),
                       ("share", "right")))
    for row in summary.action_frequency():
        table.add_row(row["action"], f"{row['total']:,}", f"{row['per_game']:.2f}",
                      percent(row["share"]))
    return table


def error_table(summary: Summary) -> Table:
    table = Table(title="Bot errors (rejected actions)", title_justify="left")
    table.add_column("bot")
    table.add_column("errors", justify="right")
    table.add_column("per game", justify="right")
    for personality, count in sorted(summary.bot_errors.items()):
        table.add_row(personality, f"{count:,}", f"{count / summary.games:.2f}")
    return table


def print_summary(console: Console, summary: Summary, players: int,
                  label: str = "score") -> None:
    """Every table, then the warnings a designer must not miss. `label` names what the
    game's final score counts (see `score_label`)."""
    for table in (win_table(summary, players), seat_table(summary),
                  score_table(summary, label), phase_table(summary), action_table(summary)):
        console.print(table)
    if summary.bot_errors:
        console.print(error_table(summary))
        for reason in summary.error_reasons:
            console.print(f"  {reason}", highlight=False, markup=False)
    else:
        console.print("No bot errors.")
    unfinished = summary.games - summary.finished
    if unfinished:
        console.print(f"[bold yellow]{unfinished} game(s) hit the step limit without an "
                      "outcome; they count in no win rate.[/]", highlight=False)
