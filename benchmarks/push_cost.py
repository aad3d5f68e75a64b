"""What one push costs the server, part by part, as a match grows longer.

    .venv/bin/python benchmarks/push_cost.py [--game rexfurum] [--seats 5]
        [--rounds 10,50,100] [--repeat 200]

For each length, a bot match is played in this process until that round opens (the
option `rounds`; a game without rounds is played to its end), then the server's work for
one seat's push is timed, step by step, as `server/api.py` does it: the seat's screen
payload (view, events in words, prompt, legal moves, and within it the words rendering,
also timed apart), the browser's HTML, the JSON encoding and the fingerprint, and the per-message
deflate the WebSocket applies (zlib level 6, memory level 5, a 4 KiB window, as uvicorn
negotiates). CPU time per call (process time), median of `--repeat`. No server, no
network: this isolates what grows with the match from what the load benchmark mixes in.
"""

from __future__ import annotations

import argparse
import statistics
import time
import zlib
from collections.abc import Callable
from typing import Any

from hacktable.bots.registry import default_bots
from hacktable.engine.match import Match
from hacktable.engine.seats import seat_names
from hacktable.games import get_game
from hacktable.server import presenter, wire
from hacktable.server.screens import render_screen_html as screen_html
from hacktable.server.service import Caller, Live
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


def live_after(game_id: str, seats: int, rounds: int) -> Live:
    """A match as the server holds it, played by bots until round `rounds` opens (its
    screen then holds that many letters, the last for the open round), or to its end where
    the game has no rounds."""
    game = get_game(game_id)
    options = {"rounds": rounds} if any(o.name == "rounds" for o in game.options) else {}
    bots = default_bots(game)
    names = seat_names(seats)
    played = play_match(game, [bots[s % len(bots)] for s in range(seats)], options, seed=7,
                        seats=names)
    match = Match(game, names, options, 7)
    for entry in played.match.log:
        if isinstance(match.state, dict) and match.state.get("round", 0) >= rounds:
            break
        match.apply_entry(entry)
    record = MatchRecord(1, "BENCH1", game.id, match.options, "7", RUNNING, "h", 0.0,
                         len(match.log), None, None, None)
    return Live(record, [SeatRecord(s, names[s], BOT, bots[s % len(bots)], None, None)
                         for s in range(seats)], game, match)


def deflate(text: str) -> bytes:
    encoder = zlib.compressobj(wbits=-12, memLevel=5)
    return encoder.compress(text.encode()) + encoder.flush(zlib.Z_SYNC_FLUSH)


def measure(live: Live, repeat: int) -> dict[str, float]:
    caller = Caller("seat", 0)
    payload = presenter.screen(live, caller, 0.0)
    message = wire.dumps({"type": "screen", "seq": live.seq, **payload})
    html = screen_html(live, caller, payload)
    assert live.match is not None
    return {
        "payload": timed(lambda: presenter.screen(live, caller, 0.0), repeat),
        "words": timed(lambda: live.game.render(payload["view"], None), repeat),
        "html": timed(lambda: screen_html(live, caller, payload), repeat),
        "json": timed(lambda: wire.dumps({"type": "screen", "seq": 1, **payload}), repeat),
        "fingerprint": timed(lambda: presenter.fingerprint(payload), repeat),
        "deflate json": timed(lambda: deflate(message), repeat),
        "deflate html": timed(lambda: deflate(html), repeat),
        "json KB": len(message) / 1024,
        "html KB": len(html) / 1024,
        "log entries": live.seq,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="rexfurum")
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--rounds", default="10,50,100")
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    lengths = [int(part) for part in args.rounds.split(",")]
    rows = {length: measure(live_after(args.game, args.seats, length), args.repeat)
            for length in lengths}
    columns = list(next(iter(rows.values())))
    print(f"{args.game}, {args.seats} seats: one seat's push, CPU ms per call (median of "
          f"{args.repeat}); sizes before compression")
    print(f"{'rounds':>8}" + "".join(f"{c:>14}" for c in columns))
    for length, row in rows.items():
        print(f"{length:>8}" + "".join(
            f"{row[c]:>14.0f}" if c == "log entries" else f"{row[c]:>14.2f}"
            for c in columns))


if __name__ == "__main__":
    main()
