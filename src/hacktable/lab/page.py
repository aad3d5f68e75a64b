"""The Lab's own page files: its template (`templates/lab.html`), stylesheet and script
(`static/lab.css`, `static/lab.js`) live in this package, not in the web layer, and the Lab
serves them itself (at /lab/static/<file>). Its page extends the web layer's `base.html`,
so it is rendered by an environment that looks here first, then among the web templates."""

from __future__ import annotations

import hashlib
import re
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from hacktable.web import page_context, templates

HERE = Path(__file__).resolve().parent
TEMPLATES_DIR = HERE / "templates"
STATIC_DIR = HERE / "static"
STATIC_ROUTE = "/lab/static"
ASSET = re.compile(r"^[a-z0-9_-]{1,60}\.(css|js)$")
"""The names of the files the Lab serves: its stylesheets and scripts."""


def asset(name: str) -> Path | None:
    """One of the Lab's stylesheets or scripts, or None."""
    if not ASSET.match(name):
        return None
    path = STATIC_DIR / name
    return path if path.is_file() else None


@cache
def _version(name: str) -> str:
    path = asset(name)
    return hashlib.sha256(path.read_bytes()).hexdigest()[:10] if path is not None else "0"


def static_url(name: str) -> str:
    """A Lab file's URL that changes when the file does, so browsers never run stale code."""
    return f"{STATIC_ROUTE}/{name}?v={_version(name)}"


@cache
def environment() -> jinja2.Environment:
    """The web layer's environment (its filters, escaping, `base.html`), with the Lab's own
    templates found first."""
    base = templates()
    assert base.loader is not None  # `templates()` always gives the web layer's loader
    env = base.overlay(loader=jinja2.ChoiceLoader(
        [jinja2.FileSystemLoader(str(TEMPLATES_DIR)), base.loader]))
    env.globals = {**base.globals, "lab_static_url": static_url}  # the web layer's stay its own
    return env


def render(name: str, **context: Any) -> str:
    """A whole Lab page, from the same defaults every page has."""
    return environment().get_template(name).render(page_context(context))
