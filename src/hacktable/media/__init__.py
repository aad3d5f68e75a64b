"""Media made from the pure specs games keep in their state: spoken passcodes under noise.

Games stay pure (no I/O, no subprocess): a game's `media(state, viewer, id)` names a
renderer and hands over a spec, and this layer renders it when a page asks, so a recording
is never stored and its spec never leaves the server.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


class Rendered(NamedTuple):
    content_type: str
    body: bytes


def _speech_under_noise(spec: Mapping[str, Any]) -> Rendered:
    from hacktable.media import audio  # numpy and espeak-ng load only when first asked

    return Rendered("audio/wav", audio.render(spec))


RENDERERS: dict[str, Callable[[Mapping[str, Any]], Rendered]] = {
    "speech-under-noise": _speech_under_noise,
}


class UnknownRenderer(LookupError):
    """A game named a renderer this installation does not have."""


def render(renderer: str, spec: Mapping[str, Any]) -> Rendered:
    """Bytes and content type for a game's media spec (blocking: run it off the loop)."""
    try:
        make = RENDERERS[renderer]
    except KeyError:
        raise UnknownRenderer(f"no media renderer called {renderer!r}") from None
    return make(spec)
