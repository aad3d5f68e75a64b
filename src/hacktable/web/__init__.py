"""The browser front end: Jinja2 pages rendered from one viewer's own view, one CSS file and
small ES modules of our own (no build step). The server imports only what is listed here."""

from hacktable.web.render import (
    STATIC_DIR,
    TEMPLATES_DIR,
    page_context,
    render_page,
    render_screen,
    render_status,
    static_file,
    templates,
)
from hacktable.web.screens import asset as screen_asset

__all__ = ["STATIC_DIR", "TEMPLATES_DIR", "page_context", "render_page", "render_screen",
           "render_status", "screen_asset", "static_file", "templates"]
