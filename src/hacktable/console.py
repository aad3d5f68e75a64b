"""What every `hacktable` command shares: printing game text, bad input as one sentence."""

from __future__ import annotations

import typer
from rich.console import Console

from hacktable.engine.errors import Rejected

console = Console()


def say(text: str) -> None:
    """Print game text as it is: no markup, no colouring, long lines left whole."""
    console.print(text, highlight=False, markup=False, soft_wrap=True)


def fail(message: str) -> typer.Exit:
    """Print one sentence and leave with exit status 2 (bad input, not a crash)."""
    Console(stderr=True).print(f"[bold red]Error:[/] {message}", highlight=False)
    return typer.Exit(2)


def parse_options(pairs: list[str]) -> dict[str, str]:
    """`name=value` pairs into a dict; the game's option schema checks the values."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise Rejected(f"Write options as name=value, not {pair!r}.")
        options[name.strip()] = value.strip()
    return options
