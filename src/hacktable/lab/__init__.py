"""The Lab: `hacktable simulate` runs started and watched from the browser
(docs/lab-page.md). An extension of the server, mounted the way the mail gateway is
(`mount`: its routes, and its note on the front page through `app.state.lobby_panels`);
the server names it nowhere. `routes` is the router, `page` renders its page from its own
`templates/` and serves its own `static/` files, `jobs` runs them, `spec` checks what
is asked, `child` is a run's own process (it imports neither the web server nor the
command line)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI, Request

LOBBY_NOTE = ('<p class="lab-link">Designing a game? <a href="/lab">The Lab</a> lets bots '
              'play hundreds of games and charts who wins.</p>')


async def lobby_note(request: Request) -> str | None:
    """The front page's pointer to the Lab, unless the operator turned it off."""
    return LOBBY_NOTE if request.app.state.settings.lab_jobs > 0 else None


def mount(app: FastAPI) -> FastAPI:
    """Add the Lab's pages to a server app (they answer 404 while HACKTABLE_LAB_JOBS=0)."""
    from hacktable.lab.routes import router

    app.include_router(router)
    app.state.lobby_panels.append(lobby_note)
    return app
