"""A small picture per game for its home card: static SVG, so the home screen imports no game."""
from __future__ import annotations

from .svg import esc

FRAME = ('<svg class="picture" viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" '
         'focusable="false"><rect x="1" y="1" width="62" height="62" rx="10" fill="{}"/>{}</svg>')
DRAWINGS = {
    # a council building with three tiles face down before it
    "tyrus": ("#e8dcc4", '<path d="M14 30 32 16 50 30Z" fill="#8a5a3c"/>'
              '<rect x="17" y="30" width="30" height="14" fill="#b07a52"/>'
              + "".join(f'<rect x="{x}" y="47" width="10" height="11" rx="2" fill="#26344a"/>'
                        for x in (15, 27, 39))),
    # the king's crown on the streets of the town
    "tyrannen": ("#dfe6d3", '<path d="M8 44H56M20 8V56M44 8V56" stroke="#9aa58a" stroke-width="5"/>'
                 '<path d="M21 38 18 22 26 30 32 18 38 30 46 22 43 38Z" fill="#c9a227" '
                 'stroke="#6b5413" stroke-width="2" stroke-linejoin="round"/>'),
    # a path tile with two winding paths and a marker on one
    "tsuro": ("#2f4a3a", '<rect x="10" y="10" width="44" height="44" rx="4" fill="#e9d9b2"/>'
              '<path d="M24 10C24 30 40 34 40 54M10 40C28 40 36 24 54 24" fill="none" '
              'stroke="#7a4e2d" stroke-width="4"/><circle cx="24" cy="12" r="5" fill="#c2562f"/>'),
}


def picture(entry) -> str:
    """The game's picture, or its initial on a plain tile for a game without one."""
    if entry.key in DRAWINGS:
        return FRAME.format(*DRAWINGS[entry.key])
    return FRAME.format("#d9d0bf", '<text x="32" y="43" text-anchor="middle" font-size="30" '
                                   f'font-weight="700" fill="#26344a">{esc(entry.title()[:1])}</text>')
