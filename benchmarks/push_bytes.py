"""How many bytes a browser seat is sent per push over a whole match, raw and on the wire.

    uv run python benchmarks/push_bytes.py [--game cpu] [--seats 2] [--seed 1] [--whole]
                                           [--json FILE]

Starts `hacktable serve` on a free loopback port with an SQLite file of its own, creates a
match of `--game` with seat 0 for the benchmark and the other seats the game's first bot,
and starts it. Seat 0 is watched by two sockets: the page's own (`format=html`, what a
browser seat's page opens) and a JSON socket asking for its prompt and legal moves only,
through which the benchmark plays a random legal move whenever seat 0 is asked (seeded, so
a run is repeatable). The match is played to its end (or `--limit` seconds).

The page's socket is sent its screen whole once, then patches of lines (`server/line_patch.py`),
which the benchmark applies as the page's script does (one for another screen fails the run).
For every message the page's socket receives it records the raw size and the size on the
wire under per-message deflate as a browser negotiates it with the server (uvicorn with
websockets: a 4 KiB window, memory level 5, the context kept from message to message), by
running the same deflate over the same messages in order, plus the frame's header. Prints
the count, the median, the 90th percentile and the largest of each, the first page's size
(GET /m/CODE, gzip-compressed as a browser asks), and how many pushes were larger than it.
A benchmark, not a test: nothing asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import tempfile
import zlib
from pathlib import Path

import httpx
import websockets

from hacktable.server import line_patch
from served import serve, started_match


class WireDeflate:
    """Per-message deflate as the server's side of the socket applies it: one compressor
    for the connection's life, each message flushed with SYNC_FLUSH and its 4-byte tail
    dropped (RFC 7692), then framed (2 bytes of header, 4 from 126 bytes, 10 from 64 KiB)."""

    def __init__(self) -> None:
        self.encoder = zlib.compressobj(6, zlib.DEFLATED, -12, 5)

    def size(self, text: str) -> int:
        body = self.encoder.compress(text.encode()) + self.encoder.flush(zlib.Z_SYNC_FLUSH)
        length = len(body) - 4
        return length + (2 if length < 126 else 4 if length < 65536 else 10)


def first_page_bytes(base: str, code: str, token: str) -> tuple[int, int]:
    """The seat page's size, raw and as gzip sends it."""
    cookie = {f"hacktable_seat_{code}": token}
    raw = httpx.get(f"{base}/m/{code}", cookies=cookie, headers={"accept-encoding": "identity"})
    with httpx.Client() as client:
        sent = client.send(client.build_request(
            "GET", f"{base}/m/{code}", cookies=cookie, headers={"accept-encoding": "gzip"}),
            stream=True)
        wire = sum(len(chunk) for chunk in sent.iter_raw())
        sent.close()
    return len(raw.content), wire


async def play(base: str, code: str, token: str, seed: int, limit: float, whole: bool
               ) -> list[tuple[str, int, int]]:
    """Seat 0's page socket's messages as (type, raw bytes, wire bytes), the match played
    to its end by a random legal move of seat 0's whenever it is asked."""
    ws_base = base.replace("http://", "ws://")
    page_url = f"{ws_base}/api/matches/{code}/ws?format=html&token={token}" + (
        "&patches=false" if whole else "")
    move_url = f"{ws_base}/api/matches/{code}/ws?format=json&parts=prompt,legal,outcome" \
               f"&patches=false&token={token}"
    rng = random.Random(seed)
    received: list[tuple[str, int, int]] = []
    done = asyncio.Event()
    deflate = WireDeflate()

    async def watch_page() -> None:
        held: dict[str, object] = {}  # the page's screen: what its patches apply to
        async with websockets.connect(page_url, max_size=None) as page:
            async for text in page:
                assert isinstance(text, str)
                message = json.loads(text)
                kind = str(message.get("type"))
                if kind == "screen":
                    held = {"id": message["id"], "html": message["html"]}
                elif kind == "patch":  # applied as the page's script does, or it fails
                    assert held.get("id") == message["base"], "a patch for another screen"
                    held = {"id": message["id"],
                            "html": line_patch.apply(str(held["html"]), message["lines"])}
                received.append((kind, len(text.encode()), deflate.size(text)))
                if done.is_set():
                    return

    async def move() -> None:
        async with websockets.connect(move_url, max_size=None) as mover:
            asked = 0
            async for text in mover:
                message = json.loads(text)
                if message.get("type") != "screen":
                    continue
                if message.get("outcome"):
                    done.set()
                    await asyncio.sleep(0.5)  # the page's last pushes
                    return
                prompt, legal = message.get("prompt"), message.get("legal") or []
                if prompt and not prompt.get("submitted") and legal:
                    asked += 1
                    await mover.send(json.dumps({"type": "act", "id": asked,
                                                 "action": rng.choice(legal)}))

    watcher = asyncio.create_task(watch_page())
    try:
        await asyncio.wait_for(move(), limit)
    except TimeoutError:
        print(f"(stopped after {limit:.0f} s, before the match ended)")
    watcher.cancel()
    return received


def summary(sizes: list[int]) -> str:
    ordered = sorted(sizes)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"median {statistics.median(ordered) / 1024:6.2f} KB  p90 {p90 / 1024:6.2f} KB  "
            f"largest {ordered[-1] / 1024:6.2f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="cpu")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=600.0,
                        help="seconds before the benchmark stops a match that goes on")
    parser.add_argument("--whole", action="store_true",
                        help="the page's socket asks for whole screens (patches=false), as "
                             "pages were sent before patches of lines")
    parser.add_argument("--json", dest="json_out", metavar="FILE")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hacktable-bytes-") as scratch:
        process, base = serve(Path(scratch), "bytes.db")
        try:
            code, token = started_match(base, args.game, args.seats)
            page_raw, page_wire = first_page_bytes(base, code, token)
            received = asyncio.run(play(base, code, token, args.seed, args.limit, args.whole))
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(20)
    screens = [row for row in received if row[0] in ("screen", "patch")]
    patches = sum(row[0] == "patch" for row in received)
    print(f"{args.game}, {args.seats} seats, seed {args.seed}: seat 0's page socket, "
          f"{len(received)} messages ({len(screens)} screens, {patches} of them patches)")
    print(f"  first page      raw {page_raw / 1024:6.2f} KB  gzip {page_wire / 1024:6.2f} KB")
    for label, rows in (("every message", received), ("screens", screens)):
        if rows:
            print(f"  {label:<14}  raw: {summary([row[1] for row in rows])}")
            print(f"  {'':<14} wire: {summary([row[2] for row in rows])}")
    print(f"  pushes larger on the wire than the first page: "
          f"{sum(row[2] > page_wire for row in received)}")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps({
            "game": args.game, "seats": args.seats, "seed": args.seed,
            "first_page": {"raw": page_raw, "gzip": page_wire},
            "messages": [{"type": kind, "raw": raw, "wire": wire}
                         for kind, raw, wire in received]}, indent=1))


if __name__ == "__main__":
    main()
