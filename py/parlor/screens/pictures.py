"""A small picture per game for its home card: each game's PICTURE (its package's plain data,
so the home screen loads no module of the game), or its initial on a plain tile."""
from __future__ import annotations

from importlib import import_module

from .svg import esc

FRAME = ('<svg class="picture" viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" '
         'focusable="false"><rect x="1" y="1" width="62" height="62" rx="10" fill="{}"/>{}</svg>')


def picture(entry) -> str:
    """The game's picture, or its initial on a plain tile for a game without one."""
    drawing = getattr(import_module(entry.package), "PICTURE", None)
    if drawing is not None:
        return FRAME.format(*drawing)
    return FRAME.format("#d9d0bf", '<text x="32" y="43" text-anchor="middle" font-size="30" '
                                   f'font-weight="700" fill="#26344a">{esc(entry.title()[:1])}</text>')
