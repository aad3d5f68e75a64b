"""What every `hacktable` command shares: printing game text, bad input as one sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from hacktable.engine.options import parse_options

if TYPE_CHECKING:
    from rich.console import Console


class _Console:
    """rich's `Console`, made when something is first printed: `hacktable serve` prints
    nothing through it, and rich takes a tenth of a second to import."""

    _made: Console | None = None

    def __getattr__(self, name: str) -> Any:
        if _Console._made is None:
            from rich.console import Console

            _Console._made = Console()
        return getattr(_Console._made, name)


console: Console = _Console()  # type: ignore[assignment]
__all__ = ["console", "fail", "parse_options", "say"]


def say(text: str) -> None:
    """Print game text as it is: no markup, no colouring, no emoji codes, long lines left
    whole (plain `print`, so that `hacktable serve` saying where it serves needs no rich)."""
    print(text, flush=True)


def fail(message: str) -> typer.Exit:
    """Print one sentence and leave with exit status 2 (bad input, not a crash)."""
    from rich.console import Console

    Console(stderr=True).print(f"[bold red]Error:[/] {message}", highlight=False)
    return typer.Exit(2)
