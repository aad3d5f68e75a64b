"""A game's How to play page: its own Markdown (`Words.how_to_play`), its pictures drawn from
its own data (`Screen.picture`), and its rule options in words, listed from the game itself so
the page never disagrees with the table."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup

from hacktable.engine.parts import AnyGame

PICTURE = "picture:"


def _renderer(game: AnyGame) -> MarkdownIt:
    """CommonMark without raw HTML (the text is the game's, but nothing need be trusted);
    an image written `picture:NAME` becomes the game's own SVG, captioned by its alt."""
    md = MarkdownIt("commonmark", {"html": False, "typographer": True})
    renderer = md.renderer
    assert isinstance(renderer, RendererHTML)  # the default, whose rules are a dict by name
    default = renderer.rules.get("image")

    def image(_renderer: RendererHTML, tokens: Sequence[Token], index: int,
              options: OptionsDict, env: EnvType) -> str:
        token = tokens[index]
        source = str(token.attrGet("src") or "")
        alt = "".join(child.content for child in token.children or [])
        if source.startswith(PICTURE):
            drawn = game.picture(source.removeprefix(PICTURE))
            if drawn:
                return (f'<span class="howto-picture" role="group" aria-label="{escape(alt)}">'
                        f'{drawn}<span class="howto-caption">{escape(alt)}</span></span>')
            return f'<span class="howto-caption">{escape(alt)}</span>'
        return str(default(tokens, index, options, env)) if default else escape(alt)

    md.add_render_rule("image", image)
    return md


def page(game: AnyGame) -> Markup | None:
    """The page's body as HTML, or None where the game has no How to play text."""
    text = game.how_to_play()
    if not text.strip():
        return None
    return Markup(_renderer(game).render(text))


def options(game: AnyGame) -> list[dict[str, Any]]:
    """Every rule option in words: what it means, its default and its range."""
    found = []
    for option in game.options:
        default = option.default
        shown = ("on" if default else "off") if isinstance(default, bool) else str(default)
        limits = ""
        if option.choices:
            limits = "one of " + ", ".join(str(c) for c in option.choices)
        elif option.minimum is not None and option.maximum is not None:
            limits = f"from {option.minimum} to {option.maximum}"
        found.append({"name": option.name.replace("_", " "), "key": option.name,
                      "help": option.help, "default": shown, "limits": limits})
    return found


def as_text(game: AnyGame) -> str:
    """The page for a terminal: the Markdown with each picture as its caption, then the
    rule options (the terminal's `rules` command and `hacktable rules GAME`)."""
    import re

    body = re.sub(r"!\[([^\]]*)\]\(picture:[^)]*\)", r"[Picture: \1]", game.how_to_play())
    lines = [body.rstrip(), "", "## Rule options", ""]
    for option in options(game):
        extra = f" ({option['limits']})" if option["limits"] else ""
        lines.append(f"- **{option['key']}** = {option['default']}{extra}: {option['help']}")
    return "\n".join(lines) + "\n"
