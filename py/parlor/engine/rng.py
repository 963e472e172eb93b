"""Deterministic, unbiased random numbers from a secret key (HMAC-SHA256 in counter mode).

Engines never touch global random state: every draw is a function of the game's seed and
a label naming what is being drawn, so replaying the same moves gives the same game.
"""
from __future__ import annotations

import hmac


def frame(part) -> bytes:
    """One label part as bytes with its length in front, so parts never run together."""
    if isinstance(part, int):
        part = part.to_bytes(8, "big", signed=True)
    elif isinstance(part, str):
        part = part.encode()
    return len(part).to_bytes(4, "big") + part


def derive(key: bytes, *label) -> bytes:
    """A 32-byte value bound to `key` and the label parts (unambiguously framed)."""
    return hmac.digest(key, b"".join(frame(p) for p in label), "sha256")


class Stream:
    """An endless, reproducible sequence of uniform integers for one key and label."""

    def __init__(self, key: bytes, *label):
        self._key = derive(key, "stream", *label)
        self._counter = 0
        self._buffer = b""

    def _u64(self) -> int:
        if len(self._buffer) < 8:
            # hmac.digest has a C fast path under Pyodide too, unlike hmac.new
            self._buffer += hmac.digest(self._key, self._counter.to_bytes(8, "big"), "sha256")
            self._counter += 1
        value, self._buffer = self._buffer[:8], self._buffer[8:]
        return int.from_bytes(value, "big")

    def below(self, n: int) -> int:
        """Uniform in range(n), by rejection so no value is favoured."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self._u64()
            if value < limit:
                return value % n


def shuffled(items, key: bytes, *label) -> list:
    """A Fisher-Yates shuffle of `items` driven by Stream(key, *label)."""
    out = list(items)
    stream = Stream(key, "shuffle", *label)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
