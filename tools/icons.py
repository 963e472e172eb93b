"""Draw the app icons as PNG files with the standard library only."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

BACKGROUND = (38, 52, 74)
TILES = ((233, 196, 106), (231, 111, 81), (42, 157, 143), (244, 241, 222))


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def _pixel(x: float, y: float, inset: float) -> tuple[int, int, int]:
    """Four rounded tiles in a 2x2 grid on a dark field; coordinates in 0..1."""
    lo, hi, gap = inset, 1 - inset, 0.04
    if not (lo <= x <= hi and lo <= y <= hi):
        return BACKGROUND
    mid = 0.5
    if abs(x - mid) < gap / 2 or abs(y - mid) < gap / 2:
        return BACKGROUND
    col, row = int(x > mid), int(y > mid)
    return TILES[row * 2 + col]


def icon(size: int, inset: float) -> bytes:
    rows = []
    for j in range(size):
        y = (j + 0.5) / size
        rows.append(bytes(c for i in range(size) for c in _pixel((i + 0.5) / size, y, inset)))
    return _png(size, size, rows)


def write_icons(folder: Path) -> None:
    """The manifest's icons: plain ones, and maskable ones with a wider safe margin."""
    folder.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (folder / f"icon-{size}.png").write_bytes(icon(size, 0.16))
        (folder / f"maskable-{size}.png").write_bytes(icon(size, 0.24))
