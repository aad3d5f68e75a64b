"""./Run hacking tasks: the figures issue 15 asks for, then generation and rendering times.

    uv run python benchmarks/dotrun_tasks.py [--tasks 300] [--renders 10] [--figures-only]

Figures, per ring: the largest share of red tasks one sentence pattern appears in (the
tests hold it to 10%); the blue chatter's coverage of the recording and the passcode's
signal-to-chatter ratio over its own frames; the scripted reader's time for a red task
(figures.READING_WPM); and the bots' solve rates per colour against the chance their
personality claims.

Generation is the pure part the engine runs inside `apply` (a blue task there is only its
spec). Rendering is what the web layer pays the first time a blue recording is fetched
(later fetches hit the render cache): espeak-ng for the passcode voice and each decoy
voice, then the numpy mix and the WAV encoding. Figures are medians of wall-clock time;
the system backend is skipped where `espeak-ng` is not installed.
"""

from __future__ import annotations

import argparse
import platform
import random
import shutil
import statistics
import time

from hacktable.engine.contract import Prompt
from hacktable.games.dotrun.bots import CrewBot
from hacktable.games.dotrun.strategy import SKILLS
from hacktable.games.dotrun.tasks import COLOURS, RINGS, SOURCE, generate
from hacktable.games.dotrun.tasks.figures import READING_WPM, reading_seconds, shares
from hacktable.games.dotrun.tasks.model import RING_NAMES
from hacktable.media import audio


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def generation(tasks: int) -> None:
    print(f"generation, median ms over {tasks} seeds")
    print(f"  {'colour':8}" + "".join(f"{name:>10}" for name in RING_NAMES))
    for colour in COLOURS:
        row = []
        for ring in RINGS:
            times = []
            for seed in range(tasks):
                start = time.perf_counter()
                generate(colour, ring, random.Random(seed))
                times.append(time.perf_counter() - start)
            row.append(median_ms(times))
        print(f"  {colour:8}" + "".join(f"{ms:10.3f}" for ms in row))


def rendering(renders: int) -> None:
    print(f"audio rendering, median ms over {renders} specs (cache cleared each time)")
    backends = ["wheel"] + (["system"] if shutil.which("espeak-ng") else [])
    for backend in backends:
        for ring in RINGS:
            times, seconds = [], []
            for seed in range(renders):
                spec = generate("blue", ring, random.Random(seed)).hidden["audio"]
                audio._render.cache_clear()
                start = time.perf_counter()
                wav = audio.render(spec, backend)
                times.append(time.perf_counter() - start)
                seconds.append((len(wav) - 44) / 2 / 22050)
            print(f"  {backend:7} {RING_NAMES[ring]:7} {median_ms(times):8.1f} ms "
                  f"for {statistics.median(seconds):4.1f} s of audio "
                  f"({1 + len(spec['decoys'])} voices)")
    if "system" not in backends:
        print("  system: espeak-ng is not installed, skipped")


def patterns(tasks: int) -> None:
    print(f"red: sentence patterns over {tasks} tasks per ring (at most 10% each)")
    for ring in RINGS:
        found = shares(generate("red", ring, random.Random(seed)).public
                       for seed in range(tasks))
        top, share = found.most_common(1)[0]
        print(f"  {RING_NAMES[ring]:7} {len(found):5} patterns, largest share {share:5.1%} "
              f"({top!r})")


def reading(tasks: int) -> None:
    print(f"red: scripted reader at {READING_WPM} words a minute, seconds over {tasks} tasks")
    for ring in RINGS:
        made = [generate("red", ring, random.Random(seed)) for seed in range(tasks)]
        secs = sorted(reading_seconds(t.public, t.answer, ring) for t in made)
        deciles = statistics.quantiles(secs, n=10)
        within = sum(s <= 30 for s in secs) / len(secs)
        words = statistics.median(sum(len(p["text"].split()) for p in t.public["posts"])
                                  for t in made)
        print(f"  {RING_NAMES[ring]:7} median {statistics.median(secs):5.1f} s  p10 "
              f"{deciles[0]:5.1f}  p90 {deciles[-1]:5.1f}  within 30 s {within:4.0%}  "
              f"({statistics.median(len(t.public['posts']) for t in made):.0f} posts, "
              f"{words:.0f} words of posts)")


def chatter(renders: int) -> None:
    print(f"blue: chatter over {renders} recordings per ring (wheel backend)")
    for ring in RINGS:
        found = [audio.measure(generate("blue", ring, random.Random(seed),
                                        innermost=False).hidden["audio"], "wheel")
                 for seed in range(renders)]
        ratio = statistics.median(f["signal_to_chatter_db"] for f in found)
        print(f"  {RING_NAMES[ring]:7} signal-to-chatter {ratio:+5.1f} dB (median; from "
              f"{min(f['signal_to_chatter_db'] for f in found):+.1f} to "
              f"{max(f['signal_to_chatter_db'] for f in found):+.1f}), chatter covers "
              f"{statistics.median(f['coverage'] for f in found):4.0%} of the recording and "
              f"{statistics.median(f['coverage_of_code'] for f in found):4.0%} of the passcode")


def bot_rates(tasks: int) -> None:
    print(f"bots: tasks solved of {tasks} per colour and ring (claimed chance in brackets)")
    for personality in ("novice", "crew", "expert"):
        bot = CrewBot(SKILLS[personality])
        rows = []
        for colour in COLOURS:
            cells = []
            for ring in RINGS:
                name = RING_NAMES[ring]
                solved = 0
                for seed in range(tasks):
                    task = SOURCE.generate(colour, ring, random.Random(seed))
                    shown = {"kind": task["kind"], "public": task["public"]}
                    spec = task["secret"].get("hidden", {}).get("audio")
                    bot.media = (lambda _id, spec=spec: {"spec": spec}) if spec else None
                    prompt = Prompt("hack", "", True, 30.0, False,
                                    {"colour": colour, "ring": name, "task": shown})
                    draw = random.Random(f"{personality} {colour} {ring} {seed}")
                    answer = bot.hack({"task": shown, "tasks": "seed"}, prompt, draw)
                    solved += SOURCE.check(task, answer.answer)
                claimed = SKILLS[personality].chance(colour, name)
                cells.append(f"{solved / tasks:4.0%} ({claimed:.0%})")
            rows.append(f"    {colour:7}" + "".join(f"{cell:>14}" for cell in cells))
        print(f"  {personality}: {'':3}" + "".join(f"{n:>14}" for n in RING_NAMES))
        print("\n".join(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=300)
    parser.add_argument("--renders", type=int, default=10)
    parser.add_argument("--figures-only", action="store_true")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    patterns(args.tasks)
    reading(args.tasks)
    chatter(args.renders)
    bot_rates(min(args.tasks, 200))
    if not args.figures_only:
        generation(args.tasks)
        rendering(args.renders)


if __name__ == "__main__":
    main()
