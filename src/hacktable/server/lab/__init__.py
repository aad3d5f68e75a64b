"""The Lab page: `hacktable simulate` runs started and watched from the browser
(docs/lab-page.md). `routes` is the router, `jobs` runs them, `spec` checks what is asked,
`child` is a run's own process."""

from __future__ import annotations

from typing import Any

__all__ = ["router"]


def __getattr__(name: str) -> Any:
    """`router`, imported when asked for: a run's process (`python -m ...lab.child`) loads
    this package without the web server's modules."""
    if name == "router":
        from hacktable.server.lab.routes import router

        return router
    raise AttributeError(name)
