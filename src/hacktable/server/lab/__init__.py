"""The Lab page: `hacktable simulate` runs started and watched from the browser
(docs/lab-page.md). `routes` is the router, `jobs` runs them, `spec` checks what is asked."""

from hacktable.server.lab.routes import router

__all__ = ["router"]
