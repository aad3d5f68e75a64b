"""Rendering a blue task's spec to WAV bytes: called by the web layer, never by `apply`.

This is the one impure corner of the tasks (it runs espeak-ng, see speech.py). For a given
spec it is deterministic on one backend: the voices are espeak-ng's deterministic output and
the noise is seeded by the spec. Renders are cached by spec, so a hacker replaying the
recording costs nothing.
"""

from __future__ import annotations

import io
import json
import wave
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np

from hacktable.media import speech
from hacktable.media.mixing import measure as measure_voices
from hacktable.media.mixing import mix


def render(spec: Mapping[str, Any], backend: str | None = None) -> bytes:
    """The recording for a blue task's hidden spec (`task.hidden["audio"]`), as WAV bytes."""
    return _render(json.dumps(dict(spec), sort_keys=True), speech.choose(backend))


@lru_cache(maxsize=64)
def _render(spec_json: str, backend: str) -> bytes:
    spec = json.loads(spec_json)
    code = speech.speak(spec["text"], spec["voice"], spec["rate"], spec["pitch"], backend,
                        spec.get("word_gap", 0))
    decoys = [speech.speak(d["text"], d["voice"], d["rate"], d["pitch"], backend)
              for d in spec["decoys"]]
    rate = code.rate
    if any(d.rate != rate for d in decoys):
        raise speech.SpeechUnavailable("espeak-ng voices disagree on the sample rate")
    samples = mix(spec, _float(code.samples), [_float(d.samples) for d in decoys], rate)
    return wav_bytes(samples, rate)


def measure(spec: Mapping[str, Any], backend: str | None = None) -> dict[str, float]:
    """`mixing.measure` for a spec: signal-to-chatter ratio and chatter coverage (for the
    task tests and benchmarks/dotrun_tasks.py)."""
    chosen = speech.choose(backend)
    code = speech.speak(spec["text"], spec["voice"], spec["rate"], spec["pitch"], chosen,
                        spec.get("word_gap", 0))
    decoys = [speech.speak(d["text"], d["voice"], d["rate"], d["pitch"], chosen)
              for d in spec["decoys"]]
    return measure_voices(spec, _float(code.samples), [_float(d.samples) for d in decoys],
                          code.rate)


def _float(samples: np.ndarray) -> np.ndarray:
    return samples.astype(np.float64) / 32768


def wav_bytes(samples: np.ndarray, rate: int) -> bytes:
    """Mono 16-bit PCM WAV."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.astype("<i2").tobytes())
    return buffer.getvalue()
