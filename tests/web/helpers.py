"""Contexts for the web tests, built from a real Rex Furum match the way the server builds
them: each viewer's own view, prompt, events and text, so a leak in a template shows up."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from hacktable.engine import GM, SPECTATOR, Match
from hacktable.games import get_game
from hacktable.server import presenter

NAMES = ["ann", "bob", "cat", "dan", "eve"]
CODE = "K7QX3M"
DEADLINE = "2030-01-01T12:20:00+00:00"
SERVER_NOW = "2030-01-01T12:05:30+00:00"


def game_info(game: Any) -> dict[str, Any]:
    """The game info the server passes (`game` in every context)."""
    return presenter.game_info(game)


def match_info(match: Match, status: str = "running", **changes: Any) -> dict[str, Any]:
    info = {
        "code": CODE,
        "game": match.game.id,
        "game_name": match.game.name,
        "status": status,
        "seats": [{"seat": i, "name": name, "kind": "human", "personality": None}
                  for i, name in enumerate(match.seats)],
        "options": dict(match.options),
        "deadline": DEADLINE if status == "running" else None,
        "remaining": 600.0 if status == "paused" else None,
        "referee": False,
        "outcome": None,
    }
    outcome = match.outcome()
    if outcome is not None:
        info["outcome"] = outcome.to_json()
    info.update(changes)
    return info


def table_context(match: Match, viewer: Any, status: str = "running",
                  **changes: Any) -> dict[str, Any]:
    """What the server passes to `table.html` and `render_screen` for one viewer."""
    game = match.game
    view = match.view(viewer)
    prompt = match.prompts().get(viewer) if isinstance(viewer, int) else None
    outcome = match.outcome()
    info = match_info(match, status)
    ctx = {
        "match": info,
        "game": game_info(game),
        "viewer": viewer,
        "role": "host" if viewer == GM else "spectator" if viewer == SPECTATOR else "seat",
        "is_host": viewer == GM,
        "seat_url": f"/m/{CODE}/s/secret-token-{viewer}" if isinstance(viewer, int) else None,
        "view": view,
        "seq": match.known(viewer),
        "prompt": prompt.to_json() if prompt else None,
        "events": [{"seq": match.number_for(viewer, e.seq), "kind": e.event.kind,
                    "text": game.describe(e.event, match.state)}
                   for e in match.events_for(viewer)],
        "outcome": outcome.to_json() if outcome else None,
        "text": game.render(view, info["deadline"]),
        "server_now": SERVER_NOW,
    }
    ctx.update(changes)
    return ctx


def new_match(seed: int = 3) -> Match:
    return Match(get_game("rexfurum"), NAMES, {}, seed)


# -- reading rendered HTML with the standard library -------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Node:
    """One element of a parsed page: enough of a DOM to check labels, ids and text."""

    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None) -> None:
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[Node | str] = []

    def get(self, name: str, default: str | None = None) -> str | None:
        value = self.attrs.get(name, default)
        return "" if value is None and name in self.attrs else value

    def has(self, name: str) -> bool:
        return name in self.attrs

    @property
    def text(self) -> str:
        parts = [c if isinstance(c, str) else c.text for c in self.children]
        return " ".join(" ".join(parts).split())

    def matches(self, name: str, value: str | bool) -> bool:
        if value is True:
            return self.has(name)
        if name == "class":
            return value in (self.get("class") or "").split()
        return self.get(name) == value

    def iter(self):
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.iter()

    def find_all(self, tag: str | None = None, **attrs: str | bool) -> list[Node]:
        found = []
        for node in self.iter():
            if tag is not None and node.tag != tag:
                continue
            if all(node.matches(k.rstrip("_").replace("_", "-"), v) for k, v in attrs.items()):
                found.append(node)
        return found

    def find(self, tag: str | None = None, **attrs: str | bool) -> Node | None:
        found = self.find_all(tag, **attrs)
        return found[0] if found else None

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, dict(attrs), self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None, f"</{tag}> closes nothing"
        self.current = node.parent or self.root

    def handle_data(self, data):
        self.current.children.append(data)


def parse_html(html: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root
