"""Runs libespeak-ng (from the espeakng-loader wheel) for one utterance, in its own process.

    python -I -S espeak_worker.py LIBRARY DATA speak|phonemes VOICE RATE PITCH GAP < text

The library keeps state from one synthesis to the next inside a process (the same text
comes out a few samples different the second time), while a fresh process always starts
from the same state. So each utterance gets a fresh process: the output is then the same
for the same text and settings, and a crash in the C library cannot take the server down.
It imports nothing but the standard library, so it starts in a few milliseconds.

Output on stdout: for `speak`, the sample rate (4 bytes, little-endian) then 16-bit mono
samples; for `phonemes`, espeak-ng's phoneme transcription (as `espeak-ng -x`).
"""

from __future__ import annotations

import ctypes
import struct
import sys

SYNCHRONOUS = 2  # AUDIO_OUTPUT_SYNCHRONOUS: samples come to the callback, nothing is played
DONT_EXIT = 0x8000  # espeakINITIALIZE_DONT_EXIT: report errors instead of exiting
RATE, PITCH, WORDGAP = 1, 3, 7  # espeakRATE, espeakPITCH, espeakWORDGAP
POS_CHARACTER, CHARS_UTF8 = 1, 1
CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int,
                            ctypes.c_void_p)


def main(argv: list[str]) -> int:
    library, data, mode, voice, rate, pitch, gap = argv
    text = sys.stdin.buffer.read()
    lib = ctypes.CDLL(library)
    lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
    lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib.espeak_Synth.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint, ctypes.c_int,
                                 ctypes.c_uint, ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p]
    lib.espeak_TextToPhonemes.restype = ctypes.c_char_p
    lib.espeak_TextToPhonemes.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int,
                                          ctypes.c_int]
    sample_rate = lib.espeak_Initialize(SYNCHRONOUS, 0, data.encode(), DONT_EXIT)
    if sample_rate <= 0:
        sys.stderr.write("libespeak-ng did not start\n")
        return 2
    if lib.espeak_SetVoiceByName(voice.encode()) != 0:
        sys.stderr.write(f"espeak-ng has no voice {voice!r}\n")
        return 3
    out = sys.stdout.buffer
    if mode == "phonemes":
        buffer = ctypes.create_string_buffer(text)
        pointer = ctypes.c_void_p(ctypes.addressof(buffer))
        parts = []
        while pointer.value:
            parts.append(lib.espeak_TextToPhonemes(ctypes.byref(pointer), CHARS_UTF8, 0))
        out.write(b" ".join(parts))
        return 0
    chunks: list[bytes] = []

    def collect(wav: ctypes._Pointer[ctypes.c_short], count: int, events: int | None) -> int:
        if wav and count > 0:
            chunks.append(ctypes.string_at(wav, count * 2))
        return 0

    callback = CALLBACK(collect)
    lib.espeak_SetSynthCallback(callback)
    lib.espeak_SetParameter(RATE, int(rate), 0)
    lib.espeak_SetParameter(PITCH, int(pitch), 0)
    lib.espeak_SetParameter(WORDGAP, int(gap), 0)
    data_in = text + b"\0"
    if lib.espeak_Synth(data_in, len(data_in), 0, POS_CHARACTER, 0, CHARS_UTF8, None, None):
        sys.stderr.write("espeak-ng could not speak the text\n")
        return 4
    out.write(struct.pack("<I", sample_rate) + b"".join(chunks))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
