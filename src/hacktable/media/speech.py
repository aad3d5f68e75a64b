"""Speech synthesis with espeak-ng: the only part of the tasks that touches the machine.

Two backends give the same interface, `speak(text, voice, rate, pitch) -> Speech`:

- "system": the `espeak-ng` program on PATH, run as a subprocess writing WAV to stdout;
- "wheel": the libespeak-ng library and voice data shipped in the `espeakng-loader` wheel
  (a hacktable dependency), driven through ctypes in a fresh worker process per utterance
  (espeak_worker.py says why). It is there after the README's install command on any
  fresh Linux machine, with or without a system espeak-ng.

`HACKTABLE_ESPEAK=system|wheel|auto` picks one (auto, the default: the system's program
where it is installed, else the wheel). Output is deterministic for the same text and
settings on one backend; the two backends may be different espeak-ng versions, so their
samples differ slightly.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

BACKENDS = ("system", "wheel")
_WORKER = Path(__file__).with_name("espeak_worker.py")


class SpeechUnavailable(RuntimeError):
    """The chosen espeak-ng backend cannot be used on this machine (the message says why)."""


@dataclass(frozen=True)
class Speech:
    """Mono 16-bit samples and their rate."""

    samples: np.ndarray
    rate: int


def choose(name: str | None = None) -> str:
    """The backend to use: `name`, else $HACKTABLE_ESPEAK, else system when installed."""
    name = (name or os.environ.get("HACKTABLE_ESPEAK") or "auto").strip().lower()
    if name == "auto":
        return "system" if shutil.which("espeak-ng") else "wheel"
    if name not in BACKENDS:
        raise SpeechUnavailable(f"HACKTABLE_ESPEAK must be system, wheel or auto, not {name!r}.")
    return name


def speak(text: str, voice: str, rate: int = 160, pitch: int = 50,
          backend: str | None = None, word_gap: int = 0) -> Speech:
    """`text` spoken by espeak-ng `voice` ("en", "eu", "en+f3"...) at `rate` words a
    minute, with `word_gap` tens of milliseconds of extra pause between words."""
    if choose(backend) == "system":
        return _system(text, voice, rate, pitch, word_gap)
    out = _wheel("speak", text, voice, rate, pitch, word_gap)
    rate_out = struct.unpack("<I", out[:4])[0]
    return Speech(np.frombuffer(out[4:], dtype="<i2").astype(np.int16), rate_out)


def phonemes(text: str, voice: str, backend: str | None = None) -> str:
    """espeak-ng's phoneme transcription, one line per clause (for checking what is said)."""
    if choose(backend) == "system":
        program = _program()
        done = subprocess.run([program, "-q", "-x", "-v", voice, "-b", "1"], input=text.encode(),
                              capture_output=True, check=True, timeout=30)
        return " ".join(done.stdout.decode().split())
    return " ".join(_wheel("phonemes", text, voice).decode().split())


def _program() -> str:
    program = shutil.which("espeak-ng")
    if not program:
        raise SpeechUnavailable("espeak-ng is not installed (apt-get install espeak-ng).")
    return program


def _system(text: str, voice: str, rate: int, pitch: int, word_gap: int) -> Speech:
    done = subprocess.run(
        [_program(), "-v", voice, "-s", str(rate), "-p", str(pitch), "-g", str(word_gap),
         "-b", "1", "--stdout"],
        input=text.encode(), capture_output=True, check=False, timeout=60)
    if done.returncode or not done.stdout.startswith(b"RIFF"):
        raise SpeechUnavailable(f"espeak-ng failed: {done.stderr.decode(errors='replace')}")
    return _parse_wav(done.stdout)


def _parse_wav(data: bytes) -> Speech:
    """espeak-ng writes to a pipe with placeholder sizes, so read chunks by hand."""
    at, rate, samples = 12, 22050, b""
    while at + 8 <= len(data):
        kind, size = data[at:at + 4], struct.unpack("<I", data[at + 4:at + 8])[0]
        if kind == b"fmt ":
            rate = struct.unpack("<I", data[at + 12:at + 16])[0]
        if kind == b"data":
            samples = data[at + 8:]
            break
        at += 8 + size
    usable = len(samples) - len(samples) % 2
    return Speech(np.frombuffer(samples[:usable], dtype="<i2").astype(np.int16), rate)


def _wheel(mode: str, text: str, voice: str, rate: int = 160, pitch: int = 50,
           word_gap: int = 0) -> bytes:
    """One utterance through libespeak-ng in a fresh process (see espeak_worker.py)."""
    try:
        import espeakng_loader
    except ImportError as error:  # pragma: no cover - a hacktable dependency
        raise SpeechUnavailable("the espeakng-loader wheel is not installed") from error
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(_WORKER), espeakng_loader.get_library_path(),
         espeakng_loader.get_data_path(), mode, voice, str(rate), str(pitch), str(word_gap)],
        input=text.encode(), capture_output=True, check=False, timeout=60)
    if done.returncode:
        raise SpeechUnavailable(f"libespeak-ng failed: {done.stderr.decode(errors='replace')}")
    return done.stdout
