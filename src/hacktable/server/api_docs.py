"""The API's docs pages, /docs (Swagger UI) and /redoc, served whole from this server.

`fastapi-offline` ships Swagger UI's and ReDoc's scripts and styles, so a table on a LAN
with no internet still shows its API; its own pages, though, have no `lang`, and ReDoc's
bundle asks its maker's site for a logo. These pages are FastAPI's own
(`get_swagger_ui_html`, `get_redoc_html`) with what their options allow:

- `<html lang="en">` on both;
- Swagger UI without deep links (with them, each operation's path is a link inside the
  button that opens it: axe's nested-interactive), and a small stylesheet of ours that
  darkens the few texts Swagger UI draws below 4.5:1 contrast (`web/static/css/api-docs.css`);
- ReDoc's bundle served from here with its "API docs by Redocly" logo dropped (the address
  is written in the bundle, no option turns it off): an empty picture, which ReDoc hides.

What no option can fix is listed in docs/architecture.md (where screens are for everyone).
"""

from __future__ import annotations

import html
import json
from functools import lru_cache
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response

DOCS_STATIC = "/static/api-docs"
"""Where Swagger UI's and ReDoc's own scripts and styles are served (from `fastapi-offline`)."""
REDOC_JS = "/api-docs/redoc.standalone.js"
"""ReDoc's bundle as this server serves it: without the logo from another host."""
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
"""The picture ReDoc's sidebar would fetch from its maker's site."""
REDOC_STYLE = ("redoc h5[class] { color: rgba(38, 50, 56, 0.85); }\n"
               'redoc li.tab-error[role="tab"][aria-selected="false"] { color: #ff7a76; }')
"""Two colours no theme option reaches, in a style of the page: ReDoc's small underlined
headers ("Authorizations:") at half opacity (2.9:1 on white), and an error response's tab
name on the dark sample panel (3.5:1). The error tabs' one colour (`tabTextColor`) is also
drawn on the white of the chosen tab, and no colour reads 4.5:1 on both: only the tabs not
chosen are lightened. (Element and attribute selectors outweigh the generated class.)"""
SWAGGER_PARAMETERS = {"deepLinking": False}
"""Swagger UI's options over FastAPI's defaults (`swagger_ui_default_parameters`)."""
REDOC_THEME = {"colors": {"text": {"secondary": "#5f6368"}},
               "typography": {"code": {"color": "#b3261e"}}}
"""ReDoc's theme option (the `theme` attribute of its element): its grey secondary text
(2.9:1 on white) at 6:1, and the red of `code` in a description (4.2:1 on its tinted
background) darkened past 4.5:1."""


def _with_lang(page: HTMLResponse, extra_head: str = "") -> HTMLResponse:
    """FastAPI's page, in English for screen readers, with `extra_head` before </head>."""
    text = bytes(page.body).decode().replace("<html>", '<html lang="en">', 1)
    if extra_head:
        text = text.replace("</head>", f"{extra_head}\n    </head>", 1)
    return HTMLResponse(text)


@lru_cache(maxsize=1)
def _redoc_bundle() -> bytes:
    """ReDoc's standalone script, read once, with the logo's address emptied."""
    import fastapi_offline

    path = Path(fastapi_offline.__file__).parent / "static" / "redoc.standalone.js"
    return path.read_text(encoding="utf-8").replace(REDOC_LOGO, "").encode()


def mount(app: FastAPI) -> None:
    """Add /docs, /redoc and ReDoc's bundle to an app built with docs_url=redoc_url=None."""

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        page = get_swagger_ui_html(
            openapi_url=f"{root}{app.openapi_url}", title=f"{app.title} - Swagger UI",
            swagger_js_url=f"{root}{DOCS_STATIC}/swagger-ui-bundle.js",
            swagger_css_url=f"{root}{DOCS_STATIC}/swagger-ui.css",
            swagger_favicon_url=f"{root}{DOCS_STATIC}/favicon.png",
            swagger_ui_parameters={**(app.swagger_ui_parameters or {}), **SWAGGER_PARAMETERS})
        from hacktable.web.render import static_url  # the web layer loads on first use

        css = f"{root}{static_url('css/api-docs.css')}"
        return _with_lang(page, f'<link type="text/css" rel="stylesheet" href="{css}">')

    @app.get("/redoc", include_in_schema=False)
    async def redoc(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        page = _with_lang(get_redoc_html(
            openapi_url=f"{root}{app.openapi_url}", title=f"{app.title} - ReDoc",
            redoc_js_url=f"{root}{REDOC_JS}", with_google_fonts=False,
            redoc_favicon_url=f"{root}{DOCS_STATIC}/favicon.png"))
        page = _with_lang(page, f"<style>{REDOC_STYLE}</style>")
        theme = html.escape(json.dumps(REDOC_THEME), quote=True)
        text = bytes(page.body).decode().replace("<redoc ", f'<redoc theme="{theme}" ', 1)
        return HTMLResponse(text)

    @app.get(REDOC_JS, include_in_schema=False)
    async def redoc_bundle() -> Response:
        return Response(_redoc_bundle(), media_type="text/javascript",
                        headers={"cache-control": "public, max-age=86400"})
