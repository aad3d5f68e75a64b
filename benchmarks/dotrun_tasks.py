"""./Run hacking tasks: generation time per colour and ring, audio rendering per backend.

    uv run python benchmarks/dotrun_tasks.py [--tasks 300] [--renders 10]

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

from hacktable.games.dotrun.tasks import COLOURS, RINGS, generate
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=300)
    parser.add_argument("--renders", type=int, default=10)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    generation(args.tasks)
    rendering(args.renders)


if __name__ == "__main__":
    main()
