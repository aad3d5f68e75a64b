"""A move as a client sends it, read and checked in one place.

POST /act and POST /check (`api.py`) and the socket's move message (`socket.py`) hand what
they were sent to `parse_move`, the one place that says what a move's body may hold: an
action or a text, not both; a written move's length; how many values an action holds and
how deep it nests; JSON that cannot be read. Each refusal's sentence is written here once,
so the two ways of sending a move are refused alike, with the same status and words. What
the move does, and whether the game takes it, is `Play.act`'s to say (`server/play.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hacktable.engine.match import MAX_DEPTH, check_depth
from hacktable.server import wire
from hacktable.server.bodies import check_move_size
from hacktable.server.errors import TableError

MAX_WRITTEN_MOVE = 20_000
"""The longest move in writing, over HTTP or the socket."""

MOVE_KEYS = frozenset({"action", "text"})
"""What a move's body holds (POST /act and /check)."""
MESSAGE_KEYS = MOVE_KEYS | {"type", "id"}
"""What a move message on the socket holds: the move, its type and the client's own id."""

# -- the refusals, each said once ------------------------------------------------------------

EITHER = "Send either an action or a text, not both and not neither."
ONLY_MOVE_KEYS = "A move has only an action or a text, as the API describes."
ONLY_MESSAGE_KEYS = "A move over the socket has only type, id, and action or text."
NOT_AN_OBJECT = "A move is a JSON object with an action or a text, as the API describes."
NOT_JSON = "A move is a JSON object, as the API describes; this one is not JSON."
NOT_JSON_TYPE = ("A move is sent as JSON (Content-Type: application/json), as the API "
                 "describes.")
TOO_LONG_TEXT = f"A written move is at most {MAX_WRITTEN_MOVE:,} characters."
TOO_DEEP = (f"A move nests its parts at most {MAX_DEPTH} deep; send the move as the "
            "game's controls make it.")


def too_long_message(longest: int) -> str:
    return (f"A message on the socket is at most {longest:,} characters; send a shorter "
            "move.")


class BadMove(TableError):
    """A body that is no move, whatever the game: answered 400 with what to send instead."""

    status = 400


class MessageTooLong(BadMove):
    """A socket message longer than the table reads: answered, not dropped, so the page can
    say why."""

    status = 413


@dataclass(frozen=True, slots=True)
class SentMove:
    """A move as sent: the game's JSON action, or a text in its notation (one of the two)."""

    action: Any
    text: str | None


MOVE_SCHEMA: dict[str, Any] = {
    "title": "Move",
    "description": "A move: `action` as the game's JSON, or `text` in its written "
                   "notation (one of the two).",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "action": {"title": "Action", "description": "The move as the game's JSON."},
        "text": {"title": "Text", "type": "string", "maxLength": MAX_WRITTEN_MOVE,
                 "description": "The move in the game's written notation."},
    },
}
"""What `parse_move` takes, as the API's documentation shows it (POST /act and /check)."""


def parse_move(body: object, most_items: int, *, on_socket: bool = False) -> SentMove:
    """The move in a decoded body (a socket's move message, `on_socket`, also holds its
    type and id), or `BadMove` (`Rejected` for an action too large or too deep) with the
    sentence that says what to send instead. `most_items` bounds the values an action
    holds (`Settings.max_move_items`), counted before anything walks it."""
    if not isinstance(body, Mapping):
        raise BadMove(NOT_AN_OBJECT)
    if not body.keys() <= (MESSAGE_KEYS if on_socket else MOVE_KEYS):
        raise BadMove(ONLY_MESSAGE_KEYS if on_socket else ONLY_MOVE_KEYS)
    action, text = body.get("action"), body.get("text")
    if (action is None) == (text is None) or (text is not None and not isinstance(text, str)):
        raise BadMove(EITHER)
    if text is not None:
        if len(text) > MAX_WRITTEN_MOVE:
            raise BadMove(TOO_LONG_TEXT)
        return SentMove(None, text)
    check_move_size(action, most_items)  # before anything walks it
    check_depth(action)
    return SentMove(action, None)


def read_move(body: bytes, content_type: str | None, most_items: int) -> SentMove:
    """The move in an HTTP request's body (POST /act and /check): JSON, read here rather than
    by FastAPI's body solving, so that its every refusal is `parse_move`'s."""
    if content_type and not _is_json(content_type):
        raise BadMove(NOT_JSON_TYPE)
    return parse_move(decode(body), most_items)


def read_message(text: str, longest: int) -> dict[str, Any] | None:
    """A socket message that is a move (`{"type": "act", ...}`) decoded, or None for any
    other message (the socket ignores what it does not know). A move message that cannot
    be read, or is longer than `longest`, is refused: `MessageTooLong`, `BadMove`."""
    if len(text) > longest:
        raise MessageTooLong(too_long_message(longest))
    if '"act"' not in text:  # most messages are not moves: not decoded twice
        return None
    message = decode(text)
    if not isinstance(message, dict) or message.get("type") != "act":
        return None
    return message


def message_id(message: Mapping[str, Any]) -> str | int | None:
    """The client's own id for a message, echoed in the answer; None where it is not a
    string or a number."""
    ident = message.get("id")
    return None if not isinstance(ident, str | int) or isinstance(ident, bool) else ident


def decode(data: bytes | str) -> Any:
    """JSON, or `BadMove` with why it cannot be read (orjson reads at most 1,024 levels)."""
    try:
        return wire.loads(data)
    except ValueError as error:
        raise BadMove(TOO_DEEP if "depth" in str(error) else NOT_JSON) from None


def _is_json(content_type: str) -> bool:
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/")
                                          and kind.endswith("+json"))
