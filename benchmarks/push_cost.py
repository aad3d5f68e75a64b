"""What one push costs the server, part by part, as a match grows longer.

    .venv/bin/python benchmarks/push_cost.py [--game rexfurum] [--seats 5]
        [--rounds 10,50,100] [--repeat 200]

For each length, a bot match is played in this process until that round opens (the
option `rounds`; a game without rounds is played to its end), then the server's work for
one seat's push is timed, step by step, as `server/socket.py` does it: the seat's screen
payload (view, events in words, prompt, legal moves, and within it the words rendering,
also timed apart), the browser's HTML, the JSON encoding and the fingerprint, and the per-message
deflate the WebSocket applies (zlib level 6, memory level 5, a 4 KiB window, as uvicorn
negotiates). CPU time per call (process time), median of `--repeat`. No server, no
network: this isolates what grows with the match from what the load benchmark mixes in.

A JSON socket is sent patches of the screen it had (`server/delta.py`): `patch` times
working one out and encoding it, from the seat's screen just before the last entry (the
round closing) to the screen after it, and `deflate patch` deflating it; `unchanged?`
finds out from the patch that a screen shows nothing new (what the fingerprint tells a
socket sent whole screens; a patched socket is told by the patch); `lite payload`
is the screen a bot asks for with `parts=prompt,legal`. `html patch KB` is what a patch of
the browser's HTML by lines would weigh, had browsers been sent patches (they are not:
docs/server.md). `--check` also patches the old screen through JSON and checks it is the
new one.
"""

from __future__ import annotations

import argparse
import statistics
import time
import zlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import orjson

from hacktable.bots.registry import default_bots
from hacktable.engine.match import Match
from hacktable.engine.seats import seat_names
from hacktable.games import get_game
from hacktable.server import delta, presenter, wire
from hacktable.server.live import Caller, Live
from hacktable.server.screens import context, render_html
from hacktable.sim.runner import play_match
from hacktable.store.records import BOT, RUNNING, MatchRecord, SeatRecord


def timed(work: Callable[[], Any], repeat: int) -> float:
    """Median process-CPU milliseconds of one call."""
    samples = []
    for _ in range(repeat):
        started = time.process_time_ns()
        work()
        samples.append((time.process_time_ns() - started) / 1e6)
    return statistics.median(samples)


def live_after(game_id: str, seats: int, rounds: int, less: int = 0) -> Live:
    """A match as the server holds it, played by bots until round `rounds` opens (its
    screen then holds that many letters, the last for the open round), or to its end where
    the game has no rounds; `less` entries fewer than that (kept in `held_back`)."""
    game = get_game(game_id)
    options = {"rounds": rounds} if any(o.name == "rounds" for o in game.options) else {}
    bots = default_bots(game)
    names = seat_names(seats)
    played = play_match(game, [bots[s % len(bots)] for s in range(seats)], options, seed=7,
                        seats=names)
    match = Match(game, names, options, 7)
    taken = []
    for entry in played.match.log:
        if isinstance(match.state, dict) and match.state.get("round", 0) >= rounds:
            break
        taken.append(entry)
        match.apply_entry(entry)
    if less:
        match = Match(game, names, options, 7)
        for entry in taken[:-less]:
            match.apply_entry(entry)
        held_back[match] = taken[-less:]
    record = MatchRecord(1, "BENCH1", game.id, match.options, "7", RUNNING, "h", 0.0,
                         len(match.log), None, None, None)
    return Live(record, [SeatRecord(s, names[s], BOT, bots[s % len(bots)], None, None)
                         for s in range(seats)], game, match)


held_back: dict[Match, list[Any]] = {}
"""The entries `live_after(..., less=n)` left out, by match."""


def deflate(text: str) -> bytes:
    encoder = zlib.compressobj(wbits=-12, memLevel=5)
    return encoder.compress(text.encode()) + encoder.flush(zlib.Z_SYNC_FLUSH)


def measure(live: Live, repeat: int, check: bool) -> dict[str, float]:
    """One push of seat 0's screen: `live` is a step behind, and that step is taken here
    (so the old screen shares what the server's would with the new one)."""
    caller = Caller("seat", 0)
    assert live.match is not None
    old = presenter.screen(live, caller, -1.0)
    old_html = render_html(live, context(live, caller, old))
    for entry in held_back.pop(live.match):
        live.match.apply_entry(entry)
    live.record = replace(live.record, seq=len(live.match.log))
    payload = presenter.screen(live, caller, 0.0)
    message = wire.dumps({"type": "screen", "seq": live.seq, **payload})
    html = render_html(live, context(live, caller, payload))

    def patch() -> str:
        return wire.dumps({"type": "patch", "seq": 1, "base": 1, "id": 2,
                           "patch": delta.diff(old, payload)})

    patched = patch()
    if check:
        doc = delta.apply(orjson.loads(wire.dumps(old)), orjson.loads(patched)["patch"])
        assert wire.fingerprint(doc) == wire.fingerprint(orjson.loads(wire.dumps(payload)))
    again = presenter.screen(live, caller, 1.0)  # the same screen, a moment later
    lite = frozenset({"prompt", "legal"})
    html_patch = wire.dumps(delta.diff({"html": old_html}, {"html": html}))
    return {
        "payload": timed(lambda: presenter.screen(live, caller, 0.0), repeat),
        "words": timed(lambda: live.game.render(payload["view"], None), repeat),
        "html": timed(lambda: render_html(live, context(live, caller, payload)), repeat),
        "json": timed(lambda: wire.dumps({"type": "screen", "seq": 1, **payload}), repeat),
        "fingerprint": timed(lambda: presenter.fingerprint(payload), repeat),
        "deflate json": timed(lambda: deflate(message), repeat),
        "deflate html": timed(lambda: deflate(html), repeat),
        "patch": timed(patch, repeat),
        "unchanged?": timed(lambda: delta.diff(payload, again), repeat),
        "deflate patch": timed(lambda: deflate(patched), repeat),
        "lite payload": timed(lambda: presenter.screen(live, caller, 0.0, parts=lite), repeat),
        "json KB": len(message) / 1024,
        "patch KB": len(patched) / 1024,
        "html KB": len(html) / 1024,
        "html patch KB": len(html_patch) / 1024,
        "log entries": live.seq,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="rexfurum")
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--rounds", default="10,50,100")
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--check", action="store_true",
                        help="also check that the patch makes the new screen")
    args = parser.parse_args()
    lengths = [int(part) for part in args.rounds.split(",")]
    rows = {length: measure(live_after(args.game, args.seats, length, less=1), args.repeat,
                            args.check)
            for length in lengths}
    names = list(next(iter(rows.values())))
    print(f"{args.game}, {args.seats} seats: one seat's push, CPU ms per call (median of "
          f"{args.repeat}); sizes before compression")
    print(f"{'rounds':>16}" + "".join(f"{length:>10}" for length in rows))
    for name in names:
        print(f"{name:>16}" + "".join(
            f"{row[name]:>10.0f}" if name == "log entries" else f"{row[name]:>10.2f}"
            for row in rows.values()))


if __name__ == "__main__":
    main()
