#!/usr/bin/env python3
"""Synthesise Clavier's key click and write Assets/sounds/click.wav.

The click imitates a phone keyboard's tick: a bright noise transient for the
"contact", then a short high-pitched ring with a fast exponential decay.
Output: 16-bit signed little-endian PCM, mono, 48000 Hz, 28 ms, peak -6 dBFS,
zero mean, identical bytes on every run (seeded noise, no time-dependent input).

Usage: tools/make-click.py [OUTPUT]   (default: Assets/sounds/click.wav)
"""

import math
import os
import random
import struct
import sys
import wave

RATE = 48_000            # Hz
DURATION = 0.028         # s
PEAK_DBFS = -6.0         # dB relative to full scale
SEED = 0xC1A71E          # fixed, so the asset is reproducible

NOISE_DECAY = 0.0006     # s, time constant of the transient burst
RING_HZ = 4_200          # Hz, the tick's pitch
RING_DECAY = 0.0030      # s, time constant of the ring
BODY_HZ = 1_650          # Hz, a lower partial that gives the tick some body
BODY_DECAY = 0.0020      # s
ATTACK = 0.0002          # s, raised-cosine fade-in so the first sample is 0
RELEASE = 0.0040         # s, raised-cosine fade-out so the last sample is 0


def synthesise():
    n = round(RATE * DURATION)
    rng = random.Random(SEED)
    # First difference of white noise: a high-passed, brighter burst.
    white = [rng.uniform(-1.0, 1.0) for _ in range(n + 1)]
    noise = [white[i + 1] - white[i] for i in range(n)]

    x = []
    for i in range(n):
        t = i / RATE
        burst = 0.6 * noise[i] * math.exp(-t / NOISE_DECAY)
        ring = 1.0 * math.sin(2 * math.pi * RING_HZ * t) * math.exp(-t / RING_DECAY)
        body = 0.5 * math.sin(2 * math.pi * BODY_HZ * t) * math.exp(-t / BODY_DECAY)
        x.append(burst + ring + body)

    # Edges: a sample-accurate start and a silent end, so neither edge clicks on its own.
    attack = max(1, round(RATE * ATTACK))
    release = max(1, round(RATE * RELEASE))
    window = []
    for i in range(n):
        w = 1.0
        if i < attack:
            w = 0.5 - 0.5 * math.cos(math.pi * i / attack)
        if i >= n - release:
            w = 0.5 - 0.5 * math.cos(math.pi * (n - 1 - i) / release)
        window.append(w)
    x = [v * w for v, w in zip(x, window)]

    # Remove DC along a Hann shape (zero at both ends), so the edges stay at 0
    # and the sum becomes exactly 0 before quantisation.
    hann = [0.5 - 0.5 * math.cos(2 * math.pi * i / (n - 1)) for i in range(n)]
    shift = sum(x) / sum(hann)
    x = [v - shift * h for v, h in zip(x, hann)]

    peak = max(abs(v) for v in x)
    target = 32767 * 10 ** (PEAK_DBFS / 20)
    return [int(round(v * target / peak)) for v in x]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "Assets", "sounds", "click.wav")
    path = sys.argv[1] if len(sys.argv) > 1 else default
    samples = synthesise()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack("<%dh" % len(samples), *samples))
    peak = max(abs(s) for s in samples)
    print("%s: %d samples, %.1f ms, peak %.2f dBFS, mean %.3f"
          % (os.path.normpath(path), len(samples), 1000 * len(samples) / RATE,
             20 * math.log10(peak / 32768), sum(samples) / len(samples)))


if __name__ == "__main__":
    main()
