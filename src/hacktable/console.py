"""What every `hacktable` command shares: printing game text, bad input as one sentence."""

from __future__ import annotations

import typer
from rich.console import Console

from hacktable.engine.options import parse_options

console = Console()
__all__ = ["console", "fail", "parse_options", "say"]


def say(text: str) -> None:
    """Print game text as it is: no markup, no colouring, long lines left whole."""
    console.print(text, highlight=False, markup=False, soft_wrap=True)


def fail(message: str) -> typer.Exit:
    """Print one sentence and leave with exit status 2 (bad input, not a crash)."""
    Console(stderr=True).print(f"[bold red]Error:[/] {message}", highlight=False)
    return typer.Exit(2)
