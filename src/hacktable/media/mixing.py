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


DECOY_PAUSE_S = 0.4
"""Silence between one round of a decoy's chatter and the next."""


def tracks(spec: Mapping[str, Any], code: np.ndarray, decoys: Sequence[np.ndarray],
           rate: int) -> tuple[np.ndarray, np.ndarray, float]:
    """The passcode voice and the chatter, each as its own track over the whole recording
    (before noise), and the passcode voice's loudness that the levels are set against.

    The chatter runs from each decoy's start to the very end: a decoy says its lines again
    and again, so the passcode is heard "in the background" of the whole recording, never
    in a quiet gap the hacker could wait for."""
    start = int(float(spec["start"]) * rate)
    gap = int(float(spec["gap"]) * rate)
    repeats = int(spec["repeats"])
    length = start + repeats * len(code) + (repeats - 1) * gap + int(TAIL_S * rate)
    voice = np.zeros(length)
    for n in range(repeats):
        at = start + n * (len(code) + gap)
        voice[at:at + len(code)] += code
    reference = loudness(code, rate) or 1.0
    chatter = np.zeros(length)
    pause = int(DECOY_PAUSE_S * rate)
    for decoy, said in zip(spec["decoys"], decoys, strict=True):
        if not len(said):
            continue
        level = reference * _gain(float(decoy["gain_db"]))
        scaled = said * (level / (loudness(said, rate) or 1.0))
        at = int(float(decoy["start"]) * rate)
        while at < length:
            piece = scaled[:length - at]
            chatter[at:at + len(piece)] += piece
            at += len(scaled) + pause
    return voice, chatter, reference


def mix(spec: Mapping[str, Any], code: np.ndarray, decoys: Sequence[np.ndarray],
        rate: int) -> np.ndarray:
    """The recording as int16 samples: the voices as float in [-1, 1] at `rate`."""
    voice, chatter, reference = tracks(spec, code, decoys, rate)
    out = pink_noise(len(voice), int(spec["noise_seed"])) * reference \
        * _gain(float(spec["noise_db"]))
    out += voice + chatter
    peak = float(np.abs(out).max()) or 1.0
    return np.round(out * (PEAK / peak) * 32767).astype(np.int16)


def _frames(samples: np.ndarray, rate: int) -> np.ndarray:
    frame = max(1, rate // 50)
    usable = len(samples) - len(samples) % frame
    return (samples[:usable].reshape(-1, frame) ** 2).mean(axis=1)


def measure(spec: Mapping[str, Any], code: np.ndarray, decoys: Sequence[np.ndarray],
            rate: int) -> dict[str, float]:
    """How well the passcode hides, over 20 ms frames: `signal_to_chatter_db`, the passcode
    voice's power against the chatter's over the frames where the passcode is spoken
    (negative: the passcode is under the chatter); `coverage`, the share of the whole
    recording's frames in which some decoy speaks; `coverage_of_code`, the same share over
    the passcode's frames."""
    voice, chatter, _ = tracks(spec, code, decoys, rate)
    said, talk = _frames(voice, rate), _frames(chatter, rate)
    speaking = said >= said.max() * 1e-3 if said.max() > 0 else np.zeros(len(said), bool)
    chatting = talk >= talk.max() * 1e-3 if talk.max() > 0 else np.zeros(len(talk), bool)
    ratio = float(said[speaking].sum() / talk[speaking].sum()) if talk[speaking].sum() \
        else float("inf")
    return {"signal_to_chatter_db": float(10 * np.log10(ratio)) if ratio != float("inf")
            else float("inf"),
            "coverage": float(chatting.mean()),
            "coverage_of_code": float(chatting[speaking].mean()) if speaking.any() else 0.0}
