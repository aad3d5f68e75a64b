"""Mixing a blue recording in numpy: passcode voice, chatter under it, noise over all.

Pure given the voices' samples: the noise comes from a generator seeded by the spec, so the
same spec and the same voices always give the same samples. Levels are set against the
passcode voice's loudness while it speaks, so `noise_db` and the decoys' `gain_db` mean
the same thing whatever the voice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

PEAK = 10 ** (-1 / 20)  # -1 dBFS
TAIL_S = 0.6


def loudness(samples: np.ndarray, rate: int) -> float:
    """RMS over the 20 ms frames that carry speech (within 30 dB of the loudest)."""
    frame = max(1, rate // 50)
    usable = len(samples) - len(samples) % frame
    if usable == 0:
        return 0.0
    power = (samples[:usable].reshape(-1, frame) ** 2).mean(axis=1)
    speaking = power[power >= power.max() * 1e-3]
    return float(np.sqrt(speaking.mean()))


def pink_noise(length: int, seed: int) -> np.ndarray:
    """Noise whose power falls as 1/f, like a room's rumble and hiss together, RMS 1."""
    rng = np.random.default_rng(seed)
    spectrum = np.fft.rfft(rng.standard_normal(length))
    scale = np.ones(len(spectrum))
    scale[1:] = 1 / np.sqrt(np.arange(1, len(spectrum)))
    noise = np.fft.irfft(spectrum * scale, n=length)
    return noise / (np.sqrt((noise ** 2).mean()) or 1.0)


def _gain(db: float) -> float:
    return float(10 ** (db / 20))


def mix(spec: Mapping[str, Any], code: np.ndarray, decoys: Sequence[np.ndarray],
        rate: int) -> np.ndarray:
    """The recording as int16 samples: the voices as float in [-1, 1] at `rate`."""
    start = int(float(spec["start"]) * rate)
    gap = int(float(spec["gap"]) * rate)
    repeats = int(spec["repeats"])
    placed: list[tuple[int, np.ndarray]] = [(start + n * (len(code) + gap), code)
                                            for n in range(repeats)]
    reference = loudness(code, rate) or 1.0
    for decoy, voice in zip(spec["decoys"], decoys, strict=True):
        level = reference * _gain(float(decoy["gain_db"]))
        scaled = voice * (level / (loudness(voice, rate) or 1.0))
        placed.append((int(float(decoy["start"]) * rate), scaled))
    length = max(at + len(samples) for at, samples in placed) + int(TAIL_S * rate)
    out = pink_noise(length, int(spec["noise_seed"])) * reference * _gain(float(spec["noise_db"]))
    for at, samples in placed:
        out[at:at + len(samples)] += samples
    peak = float(np.abs(out).max()) or 1.0
    return np.round(out * (PEAK / peak) * 32767).astype(np.int16)
