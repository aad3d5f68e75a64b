"""Blue: the recording, rendered by espeak-ng through either backend.

The system backend needs the `espeak-ng` program (`.ci/run` installs it); where it is
missing its tests skip, unless HACKTABLE_REQUIRE_SERVICES=1 makes that a failure. The wheel
backend (espeakng-loader) is a dependency and always runs.
"""

from __future__ import annotations

import io
import random
import shutil
import wave

import numpy as np
import pytest
from tests.services import missing

from hacktable.games.dotrun.tasks import generate
from hacktable.games.dotrun.tasks.passcode import VARIANTS, WORD_GAP, spoken_text
from hacktable.media import audio, speech


@pytest.fixture(params=speech.BACKENDS)
def backend(request):
    if request.param == "system" and not shutil.which("espeak-ng"):
        missing("espeak-ng is not installed (apt-get install espeak-ng)")
    return request.param


def decode(data: bytes) -> tuple[np.ndarray, int]:
    with wave.open(io.BytesIO(data)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        return np.frombuffer(wav.readframes(wav.getnframes()), "<i2"), wav.getframerate()


def segments(samples: np.ndarray, rate: int, gap_s: float = 0.25) -> int:
    """Stretches of sound separated by at least `gap_s` of near-silence (10 ms frames)."""
    frame = rate // 100
    count = len(samples) // frame
    power = np.sqrt((samples[:count * frame].astype(float).reshape(count, frame) ** 2).mean(1))
    loud = power > power.max() * 0.05
    found, quiet = 0, 10**6
    for on in loud:
        if on:
            found += quiet >= gap_s * 100
            quiet = 0
        else:
            quiet += 1
    return found


@pytest.mark.parametrize("ring", [0, 2])
def test_recordings_are_speech_of_a_plausible_length(backend, ring):
    """Issue: the passcode is spoken in the background of noise or chatter; Basque (eu)
    on the innermost layer, English elsewhere."""
    task = generate("blue", ring, random.Random(11))
    spec = task.hidden["audio"]
    assert spec["language"] == ("eu" if ring == 2 else "en")
    samples, rate = decode(audio.render(spec, backend))
    assert rate == 22050
    assert 4 < len(samples) / rate < 30
    assert np.abs(samples).max() > 20000
    assert np.sqrt((samples.astype(float) ** 2).mean()) > 1000


def test_the_same_spec_renders_the_same_bytes(backend):
    """Deterministic on one backend: espeak-ng is, and the noise is seeded by the spec."""
    spec = generate("blue", 1, random.Random(5)).hidden["audio"]
    first = audio.render(spec, backend)
    audio._render.cache_clear()
    assert audio.render(spec, backend) == first
    other = dict(spec, noise_seed=spec["noise_seed"] + 1)
    assert audio.render(other, backend) != first


def test_both_languages_have_voices(backend):
    for voice in ("en", "eu", "en+f3", "eu+m3"):
        spoken = speech.speak("1, 2, 3.", voice, backend=backend)
        assert len(spoken.samples) / spoken.rate > 0.8


@pytest.mark.parametrize("language", ["en", "eu"])
def test_digits_are_said_one_by_one(backend, language):
    """Issue: "say digits one by one — "5 7 3", not "573"". espeak-ng's own transcription
    of the passcode is the transcription of each digit alone, in order."""
    digits = "5730"
    alone = [speech.phonemes(d, language, backend) for d in digits]
    said = speech.phonemes(", ".join(digits), language, backend)
    assert said.split() == alone
    assert spoken_text("5730", language).endswith(": 5, 7, 3, 0.")


def test_each_digit_is_a_separate_burst_of_sound(backend):
    """The pause after each digit shows in the signal: N digits, N bursts (pauses inside a
    digit, as in Basque "zazpi", stay under 0.15 s; between digits they pass 0.35 s)."""
    rng = random.Random(2)
    for _ in range(24):
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(3, 7)))
        voice = f"{rng.choice(('en', 'eu'))}+{rng.choice(VARIANTS)}"
        spoken = speech.speak(", ".join(digits) + ".", voice, rng.randint(130, 150),
                              rng.randint(35, 65), backend, WORD_GAP)
        assert segments(spoken.samples, spoken.rate) == len(digits), (digits, voice)


def test_the_backend_is_chosen_by_environment(monkeypatch):
    monkeypatch.setenv("HACKTABLE_ESPEAK", "wheel")
    assert speech.choose() == "wheel"
    monkeypatch.setenv("HACKTABLE_ESPEAK", "system")
    assert speech.choose() == "system"
    monkeypatch.setenv("HACKTABLE_ESPEAK", "auto")
    assert speech.choose() == ("system" if shutil.which("espeak-ng") else "wheel")
    monkeypatch.setenv("HACKTABLE_ESPEAK", "festival")
    with pytest.raises(speech.SpeechUnavailable, match="system, wheel or auto"):
        speech.choose()


def test_a_missing_system_program_says_how_to_install_it(monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(speech.SpeechUnavailable, match="apt-get install espeak-ng"):
        speech.speak("1", "en", backend="system")
    assert speech.choose() == "wheel"


SEEDS = range(8)


@pytest.mark.parametrize("innermost", [False, True])
def test_the_passcode_is_heard_in_the_background_of_chatter_over_the_whole_recording(
        backend, innermost):
    """Seed 6: blue is hacked by "typing in the passcode that can be heard in the
    background". Per ring, over the passcode's own frames: the signal-to-chatter ratio
    (the passcode voice against all decoys) is clearly positive on the outer ring and
    negative from the middle ring on (the passcode is under the chatter), lowest on the
    inner ring; the chatter covers most of the recording on every ring, not only the first
    repetition (figures: benchmarks/dotrun_tasks.py)."""
    ratios = {}
    for ring in (0, 1, 2):
        found = [audio.measure(generate("blue", ring, random.Random(seed),
                                        innermost=innermost and ring == 2).hidden["audio"],
                               backend) for seed in SEEDS]
        ratios[ring] = [f["signal_to_chatter_db"] for f in found]
        assert min(f["coverage"] for f in found) >= 0.75, (ring, found)
        assert min(f["coverage_of_code"] for f in found) >= 0.75, (ring, found)
    assert min(ratios[0]) >= 6
    assert max(ratios[1]) < 0
    assert max(ratios[2]) < -3
    assert sum(ratios[2]) < sum(ratios[1]) < sum(ratios[0])


def test_more_decoys_than_voices_reuse_decoy_voices_never_the_passcodes():
    """The options allow up to six decoys on the innermost ring and espeak-ng gives the
    task six voice variants: decoys past the fifth reuse a decoy's voice, and none speaks in
    the passcode's (found by the contract fuzzer with `blue_decoys_inner=6`)."""
    from hacktable.games.dotrun.tasks import passcode

    knobs = {"blue_digits": 4, "blue_basque": False, "blue_decoys": len(VARIANTS) + 2,
             "blue_decoy_db": -6, "blue_repeats": 2, "blue_noise_db": -30}
    _, _, spec = passcode.build(random.Random(0), knobs, True, "t")
    voices = [d["voice"] for d in spec["decoys"]]
    assert len(voices) == len(VARIANTS) + 2
    assert spec["voice"].split("+")[1] not in {v.split("+")[1] for v in voices}
