"""Screen patches: what turns the screen a socket last received into the new one.

A JSON socket is sent its whole screen once, then patches: most of a screen (a Rex Furum
seat's reports, its plain-text copy) is the same from one push to the next, and encoding,
deflating and sending all of it again was most of a push's cost (docs/server.md, "Where
the time goes").

A patch is a list of operations, modelled on JSON Patch (RFC 6902), with paths written as
JSON Pointers (RFC 6901: `/view/round`, `~1` for `/` and `~0` for `~` in a key):

    {"op": "add",     "path": "/view/x", "value": ...}   a key the old object lacked
    {"op": "replace", "path": "/view/x", "value": ...}   a key's new value (null included)
    {"op": "remove",  "path": "/view/x"}                 a key the new object lacks
    {"op": "splice",  "path": "/events", "at": 5, "drop": 2, "insert": [...]}
        a list: the `drop` items at index `at` give way to the items of `insert`
    {"op": "lines",   "path": "/text", "at": 5, "drop": 2, "insert": ["...", "..."]}
        a string, as its lines (split at each "\n", joined again with "\n"): the `drop`
        lines at line `at` give way to the lines of `insert`

Operations apply in order. Not RFC 7386's merge patch: that cannot set a value to null (a
screen's `prompt` becomes null when the seat is asked nothing) and replaces a list or a
string whole, while a screen grows by appending (reports, letters, recent events that
slide along). Strings are patched by whole lines, not characters: a line that shows the
clock ("3 s left") is sent again whole, so no offset depends on how long a time reading
was, and no client has to count characters the way Python does.

Values compare as Python compares them: a number that became an equal boolean or float
(`1` and `true`, `1` and `1.0`) inside an object or list that is otherwise the same is not
sent. A game's views keep a value's type from one moment to the next, so this never
happens on a screen. The screens compared are the payloads the server encodes, which the
server never changes once they are built.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SHORT = 64
"""Strings at most this long are replaced whole."""
FEW = 4
"""Lists of at most this many items are replaced whole."""


def diff(old: Any, new: Any) -> list[dict[str, Any]]:
    """The operations that turn `old` into `new` (both JSON-like values)."""
    ops: list[dict[str, Any]] = []
    _diff(old, new, "", ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    if type(old) is type(new):
        if old == new:
            return
        if isinstance(new, dict):
            _diff_dicts(old, new, path, ops)
            return
        if isinstance(new, list) and len(new) > FEW and len(old) > FEW:
            _diff_sequences(old, new, path, ops)
            return
        if isinstance(new, str) and len(new) > SHORT and len(old) > SHORT and \
                "\n" in new and "\n" in old:
            _diff_lines(old, new, path, ops)
            return
    elif isinstance(old, (list, tuple)) and isinstance(new, (list, tuple)):
        _diff(list(old), list(new), path, ops)
        return
    if not path:  # the whole document: no pointer can replace it
        raise ValueError("A screen patch changes values inside a screen, not the screen.")
    ops.append({"op": "replace", "path": path, "value": new})


def _diff_dicts(old: dict[Any, Any], new: dict[Any, Any], path: str,
                ops: list[dict[str, Any]]) -> None:
    for key, value in new.items():
        if key in old:
            before = old[key]
            if type(before) is type(value) and before == value:
                continue  # what `_diff` does first, without the path it would not need
            _diff(before, value, f"{path}/{_escape(key)}", ops)
        else:
            ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
    for key in old:
        if key not in new:
            ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})


def _diff_sequences(old: list[Any], new: list[Any], path: str,
                    ops: list[dict[str, Any]]) -> None:
    """A list as at most two splices: the changed middle between a common start and a
    common end, or, for a window that slid along (a screen's recent events), what fell off
    its start and what came on at its end."""
    if len(new) > len(old) and new[:len(old)] == old:  # it grew at its end, most often
        ops.append({"op": "splice", "path": path, "at": len(old), "drop": 0,
                    "insert": new[len(old):]})
        return
    shift = _slid(old, new)
    if shift is not None:
        kept = len(old) - shift
        ops.append({"op": "splice", "path": path, "at": 0, "drop": shift, "insert": []})
        ops.append({"op": "splice", "path": path, "at": kept, "drop": 0,
                    "insert": new[kept:]})
        return
    ops.append({"op": "splice", "path": path, **_middle(old, new)})


def _diff_lines(old: str, new: str, path: str, ops: list[dict[str, Any]]) -> None:
    """A string as one splice of its lines: the changed ones between the lines both start
    with and the lines both end with (a letter appended, a status line rewritten). Found
    on the characters, which is much cheaper than splitting both into lines."""
    first = _common_start(old, new)
    start = old.rfind("\n", 0, first) + 1  # where the line holding the change starts
    at = old.count("\n", 0, start)
    same_end = _common_end(old, new, min(len(old), len(new)) - first)
    cut = old.find("\n", len(old) - same_end) if same_end else -1
    if cut < 0:  # no whole line in common at the end
        dropped, inserted = old[start:], new[start:]
    else:  # lines from cut + 1 on are the same in both
        dropped, inserted = old[start:cut], new[start:cut + len(new) - len(old)]
    ops.append({"op": "lines", "path": path, "at": at, "drop": dropped.count("\n") + 1,
                "insert": inserted.split("\n")})


def _middle(old: list[Any], new: list[Any]) -> dict[str, Any]:
    """What differs between a common start and a common end of two lists."""
    start = _common_start(old, new)
    end = _common_end(old, new, min(len(old), len(new)) - start)
    return {"at": start, "drop": len(old) - start - end, "insert": new[start:len(new) - end]}


def _slid(old: list[Any], new: list[Any]) -> int | None:
    """How far a window slid: `old[shift:]` starts `new`, for the smallest shift that fits
    (None if none does, or if nothing slid)."""
    if not new or not old or old[0] == new[0]:
        return None
    first = new[0]
    for shift in range(1, len(old)):
        if old[shift] == first and len(old) - shift <= len(new) and \
                old[shift:] == new[:len(old) - shift]:
            return shift
    return None


def _common_start(old: Sequence[Any], new: Sequence[Any]) -> int:
    """The length of the longest common start, found by halving (each comparison of two
    slices runs in C)."""
    low, high = 0, min(len(old), len(new))
    while low < high:
        middle = (low + high + 1) // 2
        if old[low:middle] == new[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_end(old: Sequence[Any], new: Sequence[Any], limit: int) -> int:
    """The length of the longest common end, at most `limit` (so it never overlaps the
    common start)."""
    low, high = 0, limit
    size_old, size_new = len(old), len(new)
    while low < high:
        middle = (low + high + 1) // 2
        if old[size_old - middle:size_old - low] == new[size_new - middle:size_new - low]:
            low = middle
        else:
            high = middle - 1
    return low


def apply(document: Any, ops: list[dict[str, Any]]) -> Any:
    """`document` with the operations applied, in place where it can be (a client keeps
    one screen and patches it). Raises ValueError for an operation that does not fit."""
    for op in ops:
        kind = op.get("op")
        parts = _parts(op.get("path", ""))
        if not parts:
            raise ValueError("A screen patch changes values inside a screen, not the screen.")
        holder = document
        for part in parts[:-1]:
            holder = _step(holder, part)
        last = parts[-1]
        if kind in ("add", "replace"):
            if not isinstance(holder, dict):
                raise ValueError(f"{op['path']}: not inside an object.")
            holder[last] = op["value"]
        elif kind == "remove":
            if not isinstance(holder, dict) or last not in holder:
                raise ValueError(f"{op['path']}: nothing to remove.")
            del holder[last]
        elif kind in ("splice", "lines"):
            target = _step(holder, last)
            if kind == "lines":
                if not isinstance(target, str):
                    raise ValueError(f"{op['path']}: lines of something not a string.")
                lines = target.split("\n")
                _splice(lines, op)
                if isinstance(holder, list):
                    holder[int(last)] = "\n".join(lines)
                else:
                    holder[last] = "\n".join(lines)
            elif isinstance(target, list):
                _splice(target, op)
            else:
                raise ValueError(f"{op['path']}: a splice of something not a list.")
        else:
            raise ValueError(f"Unknown patch operation {kind!r}.")
    return document


def _splice(target: list[Any], op: dict[str, Any]) -> None:
    at, drop, insert = op.get("at"), op.get("drop"), op.get("insert")
    if not (isinstance(at, int) and isinstance(drop, int) and isinstance(insert, list)) \
            or at < 0 or drop < 0 or at + drop > len(target):
        raise ValueError(f"{op.get('path')}: a splice that does not fit.")
    target[at:at + drop] = insert


def _step(holder: Any, part: str) -> Any:
    if isinstance(holder, dict):
        if part not in holder:
            raise ValueError(f"No {part!r} in the screen.")
        return holder[part]
    if isinstance(holder, list) and part.isdigit() and int(part) < len(holder):
        return holder[int(part)]
    raise ValueError(f"No {part!r} in the screen.")


def _escape(key: Any) -> str:
    """A key as one step of a pointer, written as the encoder writes keys that are not
    strings (`server/wire.py`)."""
    if isinstance(key, str):
        text = key
    elif isinstance(key, bool) or key is None:
        text = "null" if key is None else ("true" if key else "false")
    else:
        text = str(key)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return text


def _parts(path: str) -> list[str]:
    if not path:
        return []
    if not path.startswith("/"):
        raise ValueError(f"{path!r} is not a JSON Pointer.")
    return [part.replace("~1", "/").replace("~0", "~") for part in path[1:].split("/")]
